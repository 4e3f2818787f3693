/**
 * Tag listings: /posts/tag/{id} (route 'posts-tag-id'; also the call-for-
 * tenders tag) and /{tag-slug} through the catch-all: the published
 * articles of one tag in one language, newest first, paginated.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { paginateArticles, publishedArticles } from '../content/articles.ts';
import { findTag } from '../content/tags.ts';
import { NotFoundError } from '../api/define.ts';
import { listingAlternates, listingHasPage } from './editorial-common.ts';

export interface TagListing {
  tag: Row<'tags'>;
  articles: ArticleCard[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  /** The tag page in each language: this page number of the translated tag (its first page when it has fewer), else that language's tag index. */
  alternates: Record<Locale, string>;
}

export type TagLoad = { kind: 'tag'; listing: TagListing } | { kind: 'redirect'; location: string };

/** The same tag in the other language (same translation key), if any. */
async function translationOf(db: DB, tag: Row<'tags'>, lang: Locale) {
  return db
    .selectFrom('tags')
    .select('id')
    .where('lang', '=', lang)
    .where('translation_key', '=', tag.translation_key)
    .orderBy('id')
    .executeTakeFirst();
}

export async function tagListing(db: DB, locale: Locale, tag: Row<'tags'>, page: number): Promise<TagListing | null> {
  const query = publishedArticles(db, locale)
    .innerJoin('article_tags', 'article_tags.article_id', 'articles.id')
    .where('article_tags.tag_id', '=', tag.id);
  let result;
  try {
    result = await paginateArticles(db, query, locale, page, undefined, `tag:${locale}:${tag.id}`);
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
  const other = otherLocale(locale);
  const translated = await translationOf(db, tag, other);
  const alternates = listingAlternates(
    locale,
    page,
    route('posts-tag-id', locale, { id: tag.id }),
    translated
      ? {
          path: route('posts-tag-id', other, { id: translated.id }),
          hasPage: await listingHasPage(
            db,
            {
              key: `tag:${other}:${translated.id}`,
              query: publishedArticles(db, other)
                .innerJoin('article_tags', 'article_tags.article_id', 'articles.id')
                .where('article_tags.tag_id', '=', translated.id),
            },
            page,
          ),
        }
      : { fallback: route('posts-tagold', other) },
  );
  return { tag, articles: result.items, pagination: result.pagination, alternates };
}

/**
 * /posts/tag/{id}?page=N. A tag of the other language redirects to its
 * translation in this language (or to its own language when it has none);
 * unknown tag or page past the last → null.
 */
export async function loadTagPage(db: DB, locale: Locale, params: { id: number; page: number }): Promise<TagLoad | null> {
  const tag = await findTag(db, params.id);
  if (!tag) return null;
  if (tag.lang !== locale) {
    const translated = await translationOf(db, tag, locale);
    const location = translated
      ? route('posts-tag-id', locale, { id: translated.id })
      : route('posts-tag-id', tag.lang, { id: tag.id });
    return { kind: 'redirect', location };
  }
  const listing = await tagListing(db, locale, tag, params.page);
  return listing ? { kind: 'tag', listing } : null;
}

/** A tag of the language by its slug (for the catch-all /{tag}). */
export async function findTagBySlug(db: DB, locale: Locale, slug: string): Promise<Row<'tags'> | undefined> {
  return db.selectFrom('tags').selectAll().where('lang', '=', locale).where('slug', '=', slug).orderBy('id').executeTakeFirst();
}
