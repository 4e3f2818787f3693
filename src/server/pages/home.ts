/**
 * The home page, La UNE (route 'index'): the slider, the La UNE blocks, the
 * hot topics, the most viewed and the newest articles of one language, and
 * the newest news bulletins (JT).
 */
import type { DB } from '../db/index.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { articlesOfMasterTags, latestArticles, mostViewedArticles, newestOf } from '../content/articles.ts';
import { homeSectionArticles, liveLayout, uneBlocks, type UneBlock } from '../content/home.ts';
import type { FrontLayout } from '../../lib/front-page.ts';
import { masterTagWithChildren } from '../content/tags.ts';
import { latestBulletins } from '../content/video/jt.ts';
import type { VideoCard } from '../api/shapes.ts';
import type { PageMeta } from '../../layouts/meta.ts';
import { route } from '../../lib/routes.ts';
import { HOME_LEAD_SIZES } from '../../lib/image-sizes.ts';
import * as m from '../../paraglide/messages.js';
import { homeCrumb, pageTitle } from './editorial-meta.ts';

/** La UNE blocks show 4 to 6 cards (fewer only when the section has no more articles). */
const UNE_MIN = 4;
const UNE_MAX = 6;

export interface HomePage {
  slider: ArticleCard[];
  une: UneBlock[];
  hot: ArticleCard[];
  mostViewed: ArticleCard[];
  recent: ArticleCard[];
  /** The newest JT bulletins (every edition). */
  bulletins: VideoCard[];
}

/** Bulletins in the home's JT section. */
const HOME_BULLETINS = 4;

/** Most viewed and newest shown, once the stories above them are left out. */
const MOST_VIEWED = 5;
const RECENT = 8;
/** How many more of an automatic list to read, so that it stays full once the stories shown above it are left out. */
const AUTO_SPARE = 40;

/** Keeps the first `limit` articles not yet shown on the page, and marks them shown. */
function unseen(articles: readonly ArticleCard[], seen: Set<number>, limit = Infinity): ArticleCard[] {
  const out: ArticleCard[] = [];
  for (const a of articles) {
    if (out.length >= limit) break;
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    out.push(a);
  }
  return out;
}

/** Tops a short La UNE block up with the newest articles of its master tag and its children not shown elsewhere on the page. */
async function fillBlock(db: DB, locale: Locale, block: UneBlock, seen: Set<number>): Promise<UneBlock> {
  const { articles } = block;
  if (articles.length >= UNE_MIN || !block.masterTag) return block;
  const found = await masterTagWithChildren(db, block.masterTag.id);
  if (!found) return block;
  const ids = [found.tag.id, ...found.children.map((c) => c.id)];
  const more = await newestOf(
    db,
    articlesOfMasterTags(db, locale, ids).where('articles.id', 'not in', seen.size ? [...seen] : [-1]),
    locale,
    UNE_MIN - articles.length,
  );
  return { ...block, articles: [...articles, ...unseen(more, seen)] };
}

/**
 * The home page of a language as its live front-page version places it
 * (ADR 040), or as `layout` does (the desk's preview of a working copy or
 * of an old version). Each story once per page: the sections take their articles in editorial
 * order (slider, La UNE blocks, hot topics, then the automatic lists: the
 * top-ups of short La UNE blocks, most viewed and newest), each leaving out
 * what an earlier one shows. The page
 * lays them out in another order (hot topics under the slider); the order
 * of precedence is the newsroom's, not the page's.
 */
export async function loadHomePage(db: DB, locale: Locale, layout?: FrontLayout): Promise<HomePage> {
  const placed = layout ?? (await liveLayout(db, locale));
  const [placedSlider, blocks, placedHot, viewed, newest, bulletins] = await Promise.all([
    homeSectionArticles(db, locale, 'slider', placed),
    uneBlocks(db, locale, placed),
    homeSectionArticles(db, locale, 'hot', placed),
    mostViewedArticles(db, locale, MOST_VIEWED + AUTO_SPARE, 30),
    latestArticles(db, locale, RECENT + AUTO_SPARE),
    latestBulletins(db, HOME_BULLETINS, locale),
  ]);
  const seen = new Set<number>();
  // Without a slider placed by the newsroom, the newest articles lead the page.
  const slider = unseen(placedSlider.length ? placedSlider : newest, seen, placedSlider.length ? Infinity : 5);
  const placedUne = blocks.map((b) => ({ ...b, articles: unseen(b.articles, seen, UNE_MAX) }));
  const hot = unseen(placedHot, seen);
  // The top-ups of short blocks are automatic: they come after everything the newsroom placed, one block after the other.
  const une: UneBlock[] = [];
  for (const b of placedUne) une.push(await fillBlock(db, locale, b, seen));
  const mostViewed = unseen(viewed, seen, MOST_VIEWED);
  const recent = unseen(newest, seen, RECENT);
  return { slider, une: une.filter((b) => b.articles.length > 0), hot, mostViewed, recent, bulletins };
}

/** The home page's PageMeta (the lead article's cover is its LCP picture). */
export function homeMeta(home: HomePage, locale: Locale): PageMeta {
  const lead = home.slider[0];
  return {
    locale,
    routeName: 'index',
    title: pageTitle(m.home_title({}, { locale }), locale),
    description: m.editorial_home_description({}, { locale }),
    path: route('index', locale),
    alternates: { [locale]: route('index', locale), [otherLocale(locale)]: route('index', otherLocale(locale)) },
    image: lead?.cover ?? null,
    lcpImage: lead?.cover ? { image: lead.cover, sizes: HOME_LEAD_SIZES } : null,
    ogType: 'website',
    breadcrumbs: [homeCrumb(locale)],
    topAdInPage: true,
    feeds: [{ title: m.standards_rss_latest({}, { locale }), path: `/${locale}/rss.xml` }],
  };
}
