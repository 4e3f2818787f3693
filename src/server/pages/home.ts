/**
 * The home page, La UNE (route 'index'): the slider, the La UNE blocks, the
 * hot topics, the most viewed and the newest articles of one language, and
 * the newest news bulletins (JT).
 */
import type { DB } from '../db/index.ts';
import type { ArticleCard } from '../api/shapes.ts';
import type { Locale } from '../../lib/paths.ts';
import { articlesOfMasterTags, latestArticles, mostViewedArticles, newestOf } from '../content/articles.ts';
import { homeSectionArticles, uneBlocks, type UneBlock } from '../content/home.ts';
import { masterTagWithChildren } from '../content/tags.ts';
import { latestBulletins } from '../content/video/jt.ts';
import type { VideoCard } from '../api/shapes.ts';

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

/** Tops a short La UNE block up with the newest articles of its master tag and its children. */
async function fillBlock(db: DB, locale: Locale, block: UneBlock): Promise<UneBlock> {
  const articles = block.articles.slice(0, UNE_MAX);
  if (articles.length >= UNE_MIN || !block.masterTag) return { ...block, articles };
  const found = await masterTagWithChildren(db, block.masterTag.id);
  if (!found) return { ...block, articles };
  const ids = [found.tag.id, ...found.children.map((c) => c.id)];
  const have = new Set(articles.map((a) => a.id));
  const more = await newestOf(
    db,
    articlesOfMasterTags(db, locale, ids).where('articles.id', 'not in', have.size ? [...have] : [-1]),
    locale,
    UNE_MIN - articles.length,
  );
  return { ...block, articles: [...articles, ...more] };
}

export async function loadHomePage(db: DB, locale: Locale): Promise<HomePage> {
  const [slider, blocks, hot, mostViewed, recent, bulletins] = await Promise.all([
    homeSectionArticles(db, locale, 'slider'),
    uneBlocks(db, locale),
    homeSectionArticles(db, locale, 'hot'),
    mostViewedArticles(db, locale, 5, 30),
    latestArticles(db, locale, 8),
    latestBulletins(db, HOME_BULLETINS, locale),
  ]);
  const une = (await Promise.all(blocks.map((b) => fillBlock(db, locale, b)))).filter((b) => b.articles.length > 0);
  // Without a slider placed by the newsroom, the newest articles lead the page.
  return { slider: slider.length ? slider : recent.slice(0, 5), une, hot, mostViewed, recent, bulletins };
}
