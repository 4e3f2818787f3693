/**
 * The article page: by slug (the catch-all /{tag}/{url}, route 'tag-url')
 * and by id (/post/{id}, route 'post-id'). Both read the article in its own
 * language with its related lists (src/server/content/articles.ts).
 */
import type { DB } from '../db/index.ts';
import { LOCALES, type Locale } from '../../lib/paths.ts';
import { getConfig } from '../config.ts';
import { route } from '../../lib/routes.ts';
import { articlePage, publishedArticles, type ArticlePage } from '../content/articles.ts';
import { otherLocale } from './editorial-common.ts';

/** The route segment of an article's master tag ("news" when it has none, as in articlePath). */
export const articleTagSegment = (page: ArticlePage): string => page.article.masterTag?.routeName || 'news';

export interface ArticleView extends ArticlePage {
  /** Id of the article's video (for the player slot), when it has one. */
  videoId: number | null;
  /** This article in each language: the translation, else that language's home. */
  alternates: Record<Locale, string>;
}

export type ArticleLoad = { kind: 'article'; view: ArticleView } | { kind: 'redirect'; location: string };

async function view(db: DB, id: number): Promise<ArticleView | null> {
  const page = await articlePage(db, id, 6, 4);
  if (!page) return null;
  const row = await db.selectFrom('articles').select('video_id').where('id', '=', id).executeTakeFirst();
  const lang = page.article.lang;
  const other = otherLocale(lang);
  const alternates = {
    [lang]: page.article.path,
    [other]: page.article.translation?.path ?? route('index', other),
  } as Record<Locale, string>;
  return { ...page, videoId: row?.video_id ?? null, alternates };
}

/**
 * /{tag}/{url}: the published article of that language with slug `url`;
 * a redirect to the canonical path when `tag` is not the article's master
 * tag; null when there is no such article.
 */
export async function loadArticleBySlug(
  db: DB,
  locale: Locale,
  params: { tag: string; url: string },
): Promise<ArticleLoad | null> {
  const row = await publishedArticles(db, locale)
    .select('articles.id')
    .where('articles.slug', '=', params.url)
    .orderBy('articles.published_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const v = await view(db, row.id);
  if (!v) return null;
  if (articleTagSegment(v) !== params.tag) return { kind: 'redirect', location: v.article.path };
  return { kind: 'article', view: v };
}

/**
 * /post/{id}: the published article with that id. An article of the other
 * language redirects to its own language's /post/{id}.
 */
export async function loadPostPage(db: DB, locale: Locale, params: { id: number }): Promise<ArticleLoad | null> {
  const v = await view(db, params.id);
  if (!v) return null;
  if (v.article.lang !== locale) return { kind: 'redirect', location: route('post-id', v.article.lang, { id: params.id }) };
  return { kind: 'article', view: v };
}

/**
 * The article pages pre-built at build time (DESIGN.md §4): the newest
 * PRERENDER_ARTICLES published articles of each language, at their canonical
 * /{lang}/{tag}/{slug}. Older and later ones are served by the on-demand twin.
 */
export async function prerenderedArticlePaths(
  db: DB,
  perLanguage = getConfig().PRERENDER_ARTICLES,
): Promise<{ params: { lang: Locale; tag: string; url: string } }[]> {
  const out: { params: { lang: Locale; tag: string; url: string } }[] = [];
  for (const lang of LOCALES) {
    if (perLanguage === 0) break;
    const rows = await publishedArticles(db, lang)
      .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
      .select(['articles.slug', 'master_tags.route_name'])
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(perLanguage)
      .execute();
    for (const r of rows) out.push({ params: { lang, tag: r.route_name || 'news', url: r.slug } });
  }
  return out;
}
