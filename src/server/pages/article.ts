/**
 * The article page: by slug (the catch-all /{tag}/{url}, route 'tag-url')
 * and by id (/post/{id}, route 'post-id'). Both read the article in its own
 * language with its related lists (src/server/content/articles.ts).
 */
import type { DB } from '../db/index.ts';
import { masterTagPath } from '../../lib/paths.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { articlePageOf, findArticleWithRefs, publishedArticles, type ArticlePage, type ArticleWithRefs, type DraftParts } from '../content/articles.ts';
import { memoByContent } from '../content/memo.ts';

/** The route segment of an article's master tag ("news" when it has none, as in articlePath). */
const articleTagSegment = (page: ArticlePage): string => page.article.masterTag?.routeName || 'news';

export interface ArticleView extends ArticlePage {
  /** Id of the article's video (for the player slot), when it has one. */
  videoId: number | null;
  /** This article in each language: the translation, else that language's nearest section (its master tag, else home). */
  alternates: Record<Locale, string>;
  /** The article and its translation, when it has one (hreflang). */
  translations: Partial<Record<Locale, string>>;
  /** The parent of the article's master tag (Sport above Football), for the breadcrumb. */
  parentSection: { name: string; path: string } | null;
}

interface SectionNeighbours {
  /** The parent of the master tag (Sport above Football), for the breadcrumb. */
  parent: { name: string; route_name: string } | null;
  /** The other language's counterpart of the master tag (same translation key), if any. */
  counterpart: string | null;
}

/**
 * A master tag's parent and other-language counterpart, read once per
 * content change (memo.ts) for every article of that master tag.
 */
function sectionNeighbours(db: DB, masterTagId: number, other: Locale): Promise<SectionNeighbours> {
  return memoByContent(
    db,
    `section-neighbours:${masterTagId}:${other}`,
    async () => {
      const [parent, counterpart] = await Promise.all([
        db
          .selectFrom('master_tags as m')
          .innerJoin('master_tags as p', 'p.id', 'm.parent_id')
          .select(['p.name', 'p.route_name'])
          .where('m.id', '=', masterTagId)
          .executeTakeFirst(),
        db
          .selectFrom('master_tags as m')
          .innerJoin('master_tags as o', 'o.translation_key', 'm.translation_key')
          .select('o.route_name')
          .where('m.id', '=', masterTagId)
          .where('o.lang', '=', other)
          .executeTakeFirst(),
      ]);
      return { parent: parent ?? null, counterpart: counterpart?.route_name ?? null };
    },
  );
}

/** gone: the newsroom withdrew the article (410 at every path it had, ADR 011). */
export type ArticleLoad = { kind: 'article'; view: ArticleView } | { kind: 'redirect'; location: string } | { kind: 'gone' };

/**
 * What an address that shows no public article was: a withdrawn article's
 * slug or id, or an old path of an article whose slug or section changed
 * (a redirect to it while it is public, gone once withdrawn).
 */
async function formerArticle(db: DB, locale: Locale, by: { path: string; slug: string } | { id: number }): Promise<ArticleLoad | null> {
  if ('id' in by) {
    const row = await db.selectFrom('articles').select('status').where('id', '=', by.id).where('lang', '=', locale).executeTakeFirst();
    return row?.status === 'withdrawn' ? { kind: 'gone' } : null;
  }
  const old = await db
    .selectFrom('article_old_paths')
    .innerJoin('articles', 'articles.id', 'article_old_paths.article_id')
    .select(['articles.id', 'articles.status'])
    .where('article_old_paths.path', '=', by.path)
    .executeTakeFirst();
  if (old?.status === 'withdrawn') return { kind: 'gone' };
  if (old) {
    const v = await view(db, old.id);
    if (v) return { kind: 'redirect', location: v.article.path };
  }
  const withdrawn = await db
    .selectFrom('articles')
    .select('id')
    .where('lang', '=', locale)
    .where('slug', '=', by.slug)
    .where('status', '=', 'withdrawn')
    .executeTakeFirst();
  return withdrawn ? { kind: 'gone' } : null;
}

async function view(db: DB, by: number | ArticleWithRefs, draft?: DraftParts): Promise<ArticleView | null> {
  const row = typeof by === 'number' ? await findArticleWithRefs(db, { id: by }) : by;
  if (!row) return null;
  const page = await articlePageOf(db, row, 6, 4, draft);
  const lang = page.article.lang;
  const other = otherLocale(lang);
  const masterTagId = page.article.masterTag?.id;
  const section = masterTagId !== undefined ? await sectionNeighbours(db, masterTagId, other) : undefined;
  const translation = page.article.translation?.path;
  const alternates = {
    [lang]: page.article.path,
    // The translation, else the other language's nearest section: the master tag's counterpart, else that language's home.
    [other]: translation ?? (section?.counterpart != null ? masterTagPath(other, section.counterpart) : route('index', other)),
  } as Record<Locale, string>;
  const translations = translation ? alternates : { [lang]: page.article.path };
  const parentSection = section?.parent ? { name: section.parent.name, path: masterTagPath(lang, section.parent.route_name) } : null;
  return { ...page, videoId: row.video_id, alternates, translations, parentSection };
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
  const row = await findArticleWithRefs(db, { lang: locale, slug: params.url });
  if (!row) return formerArticle(db, locale, { path: route('tag-url', locale, params), slug: params.url });
  const v = await view(db, row);
  if (!v) return null;
  if (articleTagSegment(v) !== params.tag) return { kind: 'redirect', location: v.article.path };
  return { kind: 'article', view: v };
}

/** The published translation of article `id` in `lang` (same translation key), newest first. */
async function translationIn(db: DB, id: number, lang: Locale): Promise<number | null> {
  const row = await publishedArticles(db, lang)
    .select('articles.id')
    .where('articles.translation_key', '=', (eb) => eb.selectFrom('articles as a').select('a.translation_key').where('a.id', '=', id))
    .orderBy('articles.published_at', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * /post/{id}: the published article with that id. An article of the other
 * language redirects to its translation in this language (/fr/post/119 →
 * /fr/post/120, as dossiers and tags do), else to its own language's
 * /post/{id}.
 */
export async function loadPostPage(db: DB, locale: Locale, params: { id: number }): Promise<ArticleLoad | null> {
  const v = await view(db, params.id);
  if (!v) return formerArticle(db, locale, { id: params.id });
  if (v.article.lang !== locale) {
    const translated = await translationIn(db, params.id, locale);
    return { kind: 'redirect', location: route('post-id', translated != null ? locale : v.article.lang, { id: translated ?? params.id }) };
  }
  return { kind: 'article', view: v };
}


/** What a desk story's preview shows (src/server/desk/preview.ts builds it from the working copy). */
export interface ArticlePreview {
  row: ArticleWithRefs;
  draft: DraftParts;
}

/**
 * The article page of a desk story that is not (or not yet like this) on
 * the site: the same view the public page renders, from the story's working
 * copy (ADR 033).
 */
export async function loadArticlePreview(db: DB, preview: ArticlePreview): Promise<ArticleView | null> {
  return view(db, preview.row, preview.draft);
}
