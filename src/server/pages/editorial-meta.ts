/**
 * PageMeta pieces shared by the editorial pages: the "<headline> | 2M"
 * title, the home crumb, and the article page's whole PageMeta (used by both
 * /{tag}/{url} and /post/{id}).
 */
import type { Breadcrumb, PageMeta } from '../../layouts/meta.ts';
import { masterTagPath } from '../../lib/paths.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { route, type RouteName } from '../../lib/routes.ts';
import { ldLanguage, newsArticleLd } from '../../lib/jsonld.ts';
import { cut } from '../../lib/text.ts';
import { getConfig } from '../config.ts';
import * as m from '../../paraglide/messages.js';
import type { ArticleView } from './article.ts';
import { withPage } from './editorial-common.ts';
import { ARTICLE_COVER_PRELOAD_MEDIA, ARTICLE_COVER_SIZES } from '../../lib/image-sizes.ts';

/** "<headline> | 2M" (دوزيم in Arabic). */
export const pageTitle = (headline: string, locale: Locale): string => `${headline} | ${m.site_name({}, { locale })}`;

/** An error page's meta (the 404 and 400 pages, the error page): titled by its heading, never indexed. */
export const errorPageMeta = (locale: Locale, heading: string, path: string, alternates: PageMeta['alternates'] = {}): PageMeta => ({
  locale,
  routeName: 'error',
  title: pageTitle(heading, locale),
  description: heading,
  path,
  alternates,
  noindex: true,
});

/** " - page N" for pages after the first of a listing. */
export const pageSuffix = (page: number, locale: Locale): string =>
  page > 1 ? ` - ${m.editorial_page_n({ page }, { locale })}` : '';

export const homeCrumb = (locale: Locale): Breadcrumb => ({
  name: m.editorial_home({}, { locale }),
  path: route('index', locale),
});

/** Text of an HTML fragment, for descriptions. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Breadcrumbs of an article: home, its section's parent (Sport above Football), its master tag, the article. */
export function articleCrumbs(view: ArticleView): Breadcrumb[] {
  const a = view.article;
  const crumbs = [homeCrumb(a.lang)];
  if (view.parentSection) crumbs.push(view.parentSection);
  if (a.masterTag) crumbs.push({ name: a.masterTag.name, path: masterTagPath(a.lang, a.masterTag.routeName) });
  crumbs.push({ name: a.title, path: a.path });
  return crumbs;
}

/**
 * The article page's PageMeta. The canonical is the slug path
 * (/{tag}/{url}) whichever route shows the article.
 */
/** The article's first picture as drawn: its video's poster (or cover) above a video, else its cover. */
function lcpOfArticle(a: ArticleView['article']): NonNullable<PageMeta['lcpImage']> | null {
  const image = a.video ? (a.video.poster ?? a.cover) : a.cover;
  return image ? { image, sizes: ARTICLE_COVER_SIZES, media: ARTICLE_COVER_PRELOAD_MEDIA } : null;
}

export function articleMeta(view: ArticleView, routeName: Extract<RouteName, 'tag-url' | 'post-id'>): PageMeta {
  const a = view.article;
  const description = cut(a.subtitle || plainText(a.body), 160);
  const meta: PageMeta = {
    locale: a.lang,
    routeName,
    title: pageTitle(a.title, a.lang),
    description,
    path: a.path,
    alternates: view.alternates,
    translations: view.translations,
    image: a.cover ?? a.video?.poster ?? null,
    lcpImage: lcpOfArticle(a),
    ogType: 'article',
    publishedAt: a.publishedAt,
    updatedAt: a.updatedAt,
    breadcrumbs: articleCrumbs(view),
    topAdInPage: true,
    adTargeting: [
      ['article', String(a.id)],
      ...(a.masterTag ? ([['section', a.masterTag.routeName]] as const) : []),
      ...(a.tags.length ? ([['tags', a.tags.map((t) => t.id).join(',')]] as const) : []),
    ],
    jsonLd: [
      newsArticleLd({
        siteUrl: getConfig().SITE_URL,
        url: a.path,
        headline: a.title,
        description,
        image: a.cover ?? a.video?.poster ?? null,
        datePublished: a.publishedAt,
        dateModified: a.updatedAt,
        author: a.author ? { name: a.author.name } : null,
        section: a.masterTag?.name ?? null,
        inLanguage: ldLanguage(a.lang),
        keywords: a.tags.map((t) => t.name),
        video: a.video
          ? {
              name: a.title,
              description,
              thumbnail: a.video.poster ?? a.cover ?? null,
              uploadDate: a.publishedAt,
              durationSeconds: a.video.durationSeconds,
              contentUrl: a.video.url,
            }
          : null,
      }),
    ],
  };
  return meta;
}

/** PageMeta and breadcrumbs of the search page (/search and its alias /search-result). */
export function searchMeta(
  result: { query: string },
  locale: Locale,
  routeName: Extract<RouteName, 'search' | 'search-result'>,
  page: number,
): { meta: PageMeta; action: string; breadcrumbs: Breadcrumb[] } {
  const action = route(routeName, locale);
  const q = result.query;
  const path = q ? withPage(action, page, { q }) : action;
  const other = otherLocale(locale);
  const heading = q ? m.editorial_search_results_for({ query: q }, { locale }) : m.editorial_search_title({}, { locale });
  const breadcrumbs = [homeCrumb(locale), { name: m.editorial_search_title({}, { locale }), path: action }];
  const meta: PageMeta = {
    locale,
    routeName,
    title: pageTitle(`${heading}${pageSuffix(page, locale)}`, locale),
    description: m.editorial_search_description({}, { locale }),
    path,
    alternates: { [locale]: path, [other]: q ? withPage(route(routeName, other), 1, { q }) : route(routeName, other) },
    ogType: 'website',
    breadcrumbs,
    // Result pages are endless variations of the same content.
    noindex: q !== '',
  };
  return { meta, action, breadcrumbs };
}

/** The PageMeta of a withdrawn article's address (410): not indexed, no alternates. */
export function goneMeta(locale: Locale, path: string, routeName: Extract<RouteName, 'tag-url' | 'post-id'>): PageMeta {
  const heading = m.newsroom_gone_heading({}, { locale });
  return { locale, routeName, title: pageTitle(heading, locale), description: heading, path, alternates: {}, noindex: true };
}
