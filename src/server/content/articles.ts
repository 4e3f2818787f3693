/** Article queries and their mapping to the API's article shapes. */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB, Database } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import type { ArticleCard, ArticleDetail } from '../api/shapes.ts';
import { articlePath, programmePath } from '../../lib/paths.ts';
import { loadImages } from './images.ts';
import { loadMedia } from './video/sources.ts';
import { pagination } from './video/common.ts';
import { NotFoundError } from '../api/define.ts';
import { memoByContent } from './memo.ts';

export const PAGE_SIZE = 12;

/** Published articles in one language; the base of every public article query. */
export function publishedArticles(db: DB, lang: Locale) {
  return db
    .selectFrom('articles')
    .where('articles.lang', '=', lang)
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', new Date().toISOString());
}

type ArticleQuery = SelectQueryBuilder<Database, 'articles', object>;

/** The columns a card needs (not the body nor the search text, which lists would read for nothing). */
const CARD_COLUMNS = [
  'articles.id',
  'articles.lang',
  'articles.title',
  'articles.subtitle',
  'articles.slug',
  'articles.cover_image_id',
  'articles.master_tag_id',
  'articles.video_id',
  'articles.published_at',
  'articles.updated_at',
] as const;

/** What toArticleCards reads of an article row: the columns of CARD_COLUMNS. */
type ArticleCardRow = Pick<Row<'articles'>, (typeof CARD_COLUMNS)[number] extends `articles.${infer C}` ? C : never>;

type MasterTagRow = Pick<Row<'master_tags'>, 'id' | 'name' | 'route_name'>;

/** Every master tag's name and route (a few dozen rows), read once per content change (memo.ts). */
function masterTagRefs(db: DB): Promise<Map<number, MasterTagRow>> {
  return memoByContent(
    db,
    'master-tag-refs',
    async () => new Map((await db.selectFrom('master_tags').select(['id', 'name', 'route_name']).execute()).map((m) => [m.id, m])),
  );
}

/** Cards for a list of article rows, with one query for their images (master tags: masterTagRefs). */
export async function toArticleCards(db: DB, rows: ArticleCardRow[], lang: Locale): Promise<ArticleCard[]> {
  const [image, mt] = await Promise.all([loadImages(db, rows.map((r) => r.cover_image_id), lang), masterTagRefs(db)]);
  return rows.map((r) => {
    const m = r.master_tag_id != null ? mt.get(r.master_tag_id) : undefined;
    return {
      id: r.id,
      lang: r.lang,
      title: r.title,
      subtitle: r.subtitle,
      slug: r.slug,
      path: articlePath(r.lang as Locale, m?.route_name, r.slug),
      cover: image(r.cover_image_id),
      masterTag: m ? { id: m.id, name: m.name, routeName: m.route_name } : null,
      hasVideo: r.video_id != null,
      publishedAt: r.published_at,
      updatedAt: r.updated_at,
    };
  });
}

/** Where each page of a listing starts (newest first), and how many articles it has. */
interface ListingIndex {
  total: number;
  /** starts[k]: the first article of page k + 1. */
  starts: { publishedAt: string; id: number }[];
}

/**
 * The listing's order, walked once: every article's (published_at, id),
 * sorted here rather than by an ORDER BY, so that the planner may read the
 * most selective index (a covering one, for a master tag) instead of walking
 * the whole language in date order.
 */
async function listingIndex(query: ArticleQuery, pageSize: number): Promise<ListingIndex> {
  const keys = await query.select(['articles.published_at as p', 'articles.id as i']).execute();
  keys.sort((a, b) => (a.p < b.p ? 1 : a.p > b.p ? -1 : b.i - a.i));
  const starts: ListingIndex['starts'] = [];
  for (let k = 0; k < keys.length; k += pageSize) {
    const key = keys[k]!;
    starts.push({ publishedAt: key.p, id: Number(key.i) });
  }
  return { total: keys.length, starts };
}

/**
 * One page of a filtered article query, newest first, with its pagination
 * block. A page past the last one is a NotFoundError (page 1 always exists,
 * possibly empty), as for every paginated list of the API.
 *
 * With a `key` (naming the listing: same key, same query), the listing's
 * count and page boundaries are computed once per content change
 * (src/server/content/memo.ts) and a page is read from its first article
 * onwards (keyset pagination): page 500 costs what page 2 costs. Page 1
 * needs only the count (kept per change) and the newest rows. Without a
 * key, count and OFFSET each time.
 */
export async function paginateArticles(
  db: DB,
  query: ArticleQuery,
  lang: Locale,
  page: number,
  pageSize = PAGE_SIZE,
  key?: string,
) {
  const ordered = (q: ArticleQuery) =>
    q.select(CARD_COLUMNS).orderBy('articles.published_at', 'desc').orderBy('articles.id', 'desc').limit(pageSize);
  if (key !== undefined && page === 1) {
    // The first page needs no boundaries: the listing's count (kept per change) and its newest rows.
    const block = pagination(page, pageSize, await listingTotal(db, { key, query }));
    return { items: await toArticleCards(db, await ordered(query).execute(), lang), pagination: block };
  }
  if (key !== undefined) {
    const index = await memoByContent(db, `listing:${pageSize}:${key}`, () => listingIndex(query, pageSize));
    const block = pagination(page, pageSize, index.total);
    if (page > 1 && page > block.totalPages) throw new NotFoundError();
    const start = index.starts[page - 1];
    const next = index.starts[page];
    const expected = Math.max(0, Math.min(pageSize, index.total - (page - 1) * pageSize));
    // From this page's first article (page 1: from the top, so that an article published
    // since the index was made shows at once)…
    const fromStart =
      page > 1 && start
        ? query.where((eb) =>
            eb.or([
              eb('articles.published_at', '<', start.publishedAt),
              eb.and([eb('articles.published_at', '=', start.publishedAt), eb('articles.id', '<=', start.id)]),
            ]),
          )
        : query;
    // …to the next page's: a narrow date range, which the planner reads from the
    // (lang, status, published_at) index whatever the listing's filter.
    let rows = await ordered(next ? fromStart.where('articles.published_at', '>=', next.publishedAt) : fromStart).execute();
    // A page that came out short (a write that recorded no change) is read again, unbounded below.
    if (rows.length < expected && next) rows = await ordered(fromStart).execute();
    return { items: await toArticleCards(db, rows, lang), pagination: block };
  }
  const totalRow = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  const block = pagination(page, pageSize, total);
  if (page > 1 && page > block.totalPages) throw new NotFoundError();
  const rows = await ordered(query)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: await toArticleCards(db, rows, lang),
    pagination: block,
  };
}

/**
 * A listing of articles, newest first (published_at, then id): what it
 * shows (`query`), the name its count is kept under per content change
 * (`key`: same key, same query), and, when its order can be read from
 * indexes, `arms`: queries whose union is the listing, each filtered on the
 * leading columns of an index that ends with published_at (and SQLite's
 * rowid, the id), such as one master tag's (articles_master_listing), one
 * author's or one language's. A page of such a listing is one merged,
 * ordered walk of those indexes, without reading a table row before the
 * page's first article (paginateListing): the first deep page in a process
 * costs what the next one does, no index of the whole listing is made.
 */
export interface ArticleListing {
  key: string;
  query: ArticleQuery;
  arms?: ArticleQuery[];
}

/** The articles of some master tags (a section and its children): one arm per master tag. */
export function masterTagsListing(db: DB, lang: Locale, masterTagIds: readonly number[]): ArticleListing {
  return {
    key: `master:${lang}:${masterTagIds.join(',')}`,
    query: articlesOfMasterTags(db, lang, masterTagIds),
    arms: masterTagIds.map((id) => publishedArticles(db, lang).where('articles.master_tag_id', '=', id)),
  };
}

/** An author's articles in one language. */
export function authorListing(db: DB, lang: Locale, authorId: number): ArticleListing {
  const query = articlesByAuthor(db, lang, authorId);
  return { key: `author:${lang}:${authorId}`, query, arms: [query] };
}

/** Every published article of one language. */
export function recentListing(db: DB, lang: Locale): ArticleListing {
  const query = publishedArticles(db, lang);
  return { key: `recent:${lang}`, query, arms: [query] };
}

/** How many articles a listing has, counted once per content change (memo.ts). */
export function listingTotal(db: DB, listing: ArticleListing): Promise<number> {
  return memoByContent(
    db,
    `count:${listing.key}`,
    async () => Number((await listing.query.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0),
  );
}

/**
 * One page of a listing, newest first, with its pagination block (a page
 * past the last one is a NotFoundError; page 1 always exists). With arms
 * (ArticleListing), the page's ids come from one merged walk of the arms'
 * indexes (their keys only, covering), its rows by primary key; the count is
 * kept per content change. Without, paginateArticles with the listing's key.
 */
export async function paginateListing(db: DB, listing: ArticleListing, lang: Locale, page: number, pageSize = PAGE_SIZE) {
  const arms = listing.arms;
  if (!arms?.length) return paginateArticles(db, listing.query, lang, page, pageSize, listing.key);
  const total = await listingTotal(db, listing);
  const block = pagination(page, pageSize, total);
  if (page > 1 && page > block.totalPages) throw new NotFoundError();
  const keys = (arm: ArticleQuery) => arm.select(['articles.published_at as p', 'articles.id as i']);
  let walk = keys(arms[0]!);
  for (const arm of arms.slice(1)) walk = walk.unionAll(keys(arm));
  const ids = (await walk.orderBy('p', 'desc').orderBy('i', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute()).map((k) =>
    Number(k.i),
  );
  const rows = ids.length ? await db.selectFrom('articles').select(CARD_COLUMNS).where('articles.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return { items: await toArticleCards(db, ordered, lang), pagination: block };
}

/** The newest published articles in one language. */
export async function latestArticles(db: DB, lang: Locale, limit: number): Promise<ArticleCard[]> {
  const rows = await publishedArticles(db, lang)
    .select(CARD_COLUMNS)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return toArticleCards(db, rows, lang);
}

/* ---- lists ---- */

/**
 * Most viewed articles published in the last `days` days (view count, then
 * recency). `view_count` is the baseline the store was seeded or imported
 * with plus every play of the article's video recorded by /tracking/clicks.php
 * (src/server/tracking/queue.ts adds one per visitor and article per 30 min,
 * in the transaction that stores the play), so real plays move an article up
 * as soon as they are written (within about a quarter second).
 */
export async function mostViewedArticles(db: DB, lang: Locale, limit = 10, days = 30): Promise<ArticleCard[]> {
  const since = new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
  const rows = await publishedArticles(db, lang)
    .where('articles.published_at', '>=', since)
    .select(CARD_COLUMNS)
    .orderBy('view_count', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return toArticleCards(db, rows, lang);
}

/** Published articles of some master tags (a section and its children). */
export function articlesOfMasterTags(db: DB, lang: Locale, masterTagIds: readonly number[]) {
  return publishedArticles(db, lang).where('articles.master_tag_id', 'in', masterTagIds.length ? [...masterTagIds] : [-1]);
}

/** Published articles signed by an author. */
function articlesByAuthor(db: DB, lang: Locale, authorId: number) {
  return publishedArticles(db, lang).where('articles.author_id', '=', authorId);
}

/** Every published article of a dossier, newest first. */
export async function dossierArticles(db: DB, lang: Locale, dossierId: number): Promise<ArticleCard[]> {
  const rows = await publishedArticles(db, lang)
    .where('articles.dossier_id', '=', dossierId)
    .select(CARD_COLUMNS)
    // The dossier's order (033_dossiers), then the newest of the stories it does not place.
    .orderBy((eb) => eb('articles.dossier_position', 'is', null))
    .orderBy('articles.dossier_position')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return toArticleCards(db, rows, lang);
}

/** The newest articles of a filtered query, as cards. */
export async function newestOf(db: DB, query: ArticleQuery, lang: Locale, limit: number): Promise<ArticleCard[]> {
  const rows = await query
    .select(CARD_COLUMNS)
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .execute();
  return toArticleCards(db, rows, lang);
}

/* ---- one article ---- */

/** A published article by id (any language); undefined for unknown, draft or future. */
export async function findPublishedArticle(db: DB, id: number): Promise<Row<'articles'> | undefined> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'published')
    .where('published_at', '<=', new Date().toISOString())
    .executeTakeFirst();
}

/** Gallery rows of an article, in position order. */
async function galleryRows(db: DB, articleId: number) {
  return db
    .selectFrom('article_images')
    .select(['image_id', 'caption'])
    .where('article_id', '=', articleId)
    .orderBy('position')
    .orderBy('image_id')
    .execute();
}

export interface ArticlePage {
  article: ArticleDetail;
  /** Other articles of the same master tag, newest first. */
  related: ArticleCard[];
  /** Other articles by the same author, newest first. */
  authorArticles: ArticleCard[];
}

/**
 * A published article with what its page shows of its master tag, dossier,
 * author and programme: one query (left joins on primary keys) instead of one each.
 */
function publishedArticleWithRefs(db: DB) {
  return db
    .selectFrom('articles')
    .leftJoin('master_tags as mt', 'mt.id', 'articles.master_tag_id')
    .leftJoin('dossiers as d', 'd.id', 'articles.dossier_id')
    .leftJoin('authors as au', 'au.id', 'articles.author_id')
    .leftJoin('programmes as pr', 'pr.id', 'articles.programme_id')
    .select([
      'articles.id',
      'articles.lang',
      'articles.translation_key',
      'articles.title',
      'articles.subtitle',
      'articles.slug',
      'articles.body_html',
      'articles.cover_image_id',
      'articles.video_id',
      'articles.master_tag_id',
      'articles.author_id',
      'articles.published_at',
      'articles.updated_at',
      'mt.name as mt_name',
      'mt.route_name as mt_route_name',
      'd.id as d_id',
      'd.title as d_title',
      'au.id as au_id',
      'au.slug as au_slug',
      'au.name_ar as au_name_ar',
      'au.name_fr as au_name_fr',
      'au.role_ar as au_role_ar',
      'au.role_fr as au_role_fr',
      'pr.id as pr_id',
      'pr.title_ar as pr_title_ar',
      'pr.title_fr as pr_title_fr',
    ])
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', new Date().toISOString());
}

/** A published article and its references (publishedArticleWithRefs), by id or by language and slug. */
export type ArticleWithRefs = NonNullable<Awaited<ReturnType<ReturnType<typeof publishedArticleWithRefs>['executeTakeFirst']>>>;

/** A published article (any language) with its references; undefined for unknown, draft or future. */
export function findArticleWithRefs(db: DB, by: { id: number } | { lang: Locale; slug: string }): Promise<ArticleWithRefs | undefined> {
  const q = publishedArticleWithRefs(db);
  return ('id' in by ? q.where('articles.id', '=', by.id) : q.where('articles.lang', '=', by.lang).where('articles.slug', '=', by.slug))
    .orderBy('articles.published_at', 'desc')
    .executeTakeFirst();
}

/**
 * The newest `limit` cards of a listing, kept once per content change
 * (memo.ts: a publish, an edit, a withdrawal or an embargo's end records a
 * change, and an article scheduled for later ends the memo when it comes
 * out; at most a minute otherwise). Every article of a master tag or an
 * author shares one list: the page takes one more than it shows and drops itself.
 */
function newestCards(db: DB, key: string, query: ArticleQuery, lang: Locale, limit: number): Promise<ArticleCard[]> {
  return memoByContent(db, `newest:${limit}:${key}`, () => newestOf(db, query, lang, limit));
}

/** The `count` newest cards of `list` other than article `id`. */
const others = (list: ArticleCard[], id: number, count: number) => list.filter((c) => c.id !== id).slice(0, count);

/** Everything the article page needs, in the article's own language; undefined when not public. */
export async function articlePage(db: DB, id: number, relatedCount = 6, authorCount = 4): Promise<ArticlePage | undefined> {
  const a = await findArticleWithRefs(db, { id });
  return a && articlePageOf(db, a, relatedCount, authorCount);
}

/** A desk story's own gallery and tags, in place of the stored ones (its preview, ADR 033). */
export interface DraftParts {
  gallery: { image_id: number; caption: string | null }[];
  tags: { id: number; name: string; slug: string }[];
}

/** articlePage for an article already read (findArticleWithRefs), or a desk story's preview (`draft`). */
export async function articlePageOf(db: DB, a: ArticleWithRefs, relatedCount = 6, authorCount = 4, draft?: DraftParts): Promise<ArticlePage> {
  const lang = a.lang;
  const [gallery, tags, translation, video, related, authorArticles] = await Promise.all([
    draft ? draft.gallery : galleryRows(db, a.id),
    draft
      ? draft.tags
      : db
          .selectFrom('article_tags')
          .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
          .select(['tags.id', 'tags.name', 'tags.slug'])
          .where('article_tags.article_id', '=', a.id)
          .orderBy('article_tags.position')
          .orderBy('tags.id')
          .execute(),
    publishedArticles(db, otherLocale(lang))
      .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
      .select(['articles.lang', 'articles.slug', 'master_tags.route_name'])
      .where('articles.translation_key', '=', a.translation_key)
      .orderBy('articles.published_at', 'desc')
      .executeTakeFirst(),
    a.video_id != null ? loadMedia(db, [{ videoId: a.video_id, imageId: null }], lang).then((m) => m.source) : () => null,
    a.master_tag_id != null
      ? newestCards(
          db,
          `master:${lang}:${a.master_tag_id}`,
          publishedArticles(db, lang).where('articles.master_tag_id', '=', a.master_tag_id),
          lang,
          relatedCount + 1,
        ).then((list) => others(list, a.id, relatedCount))
      : [],
    a.author_id != null
      ? newestCards(db, `author:${lang}:${a.author_id}`, articlesByAuthor(db, lang, a.author_id), lang, authorCount + 1).then((list) =>
          others(list, a.id, authorCount),
        )
      : [],
  ]);
  const image = await loadImages(db, [a.cover_image_id, ...gallery.map((g) => g.image_id)], lang);
  const routeName = a.mt_route_name ?? undefined;
  const article: ArticleDetail = {
    id: a.id,
    lang,
    title: a.title,
    subtitle: a.subtitle,
    slug: a.slug,
    path: articlePath(lang, routeName, a.slug),
    body: a.body_html,
    cover: image(a.cover_image_id),
    gallery: gallery.flatMap((g) => {
      const img = image(g.image_id);
      return img ? [{ image: img, caption: g.caption }] : [];
    }),
    video: video(a.video_id),
    tags,
    masterTag: a.master_tag_id != null && a.mt_name != null && a.mt_route_name != null ? { id: a.master_tag_id, name: a.mt_name, routeName: a.mt_route_name } : null,
    dossier: a.d_id != null && a.d_title != null ? { id: a.d_id, title: a.d_title } : null,
    author:
      a.au_id != null
        ? {
            id: a.au_id,
            slug: a.au_slug!,
            name: (lang === 'ar' ? a.au_name_ar : a.au_name_fr)!,
            role: (lang === 'ar' ? a.au_role_ar : a.au_role_fr)!,
          }
        : null,
    programme:
      a.pr_id != null
        ? { id: a.pr_id, title: (lang === 'ar' ? a.pr_title_ar : a.pr_title_fr)!, path: programmePath(lang, a.pr_id) }
        : null,
    publishedAt: a.published_at,
    updatedAt: a.updated_at,
    translation: translation
      ? { lang: translation.lang, path: articlePath(translation.lang, translation.route_name, translation.slug) }
      : null,
  };
  return { article, related, authorArticles };
}

/** The article item of /api/articlesByUrl (field names of docs/product.md, API). */
export interface ArticleByUrlItem {
  id: number;
  title: string;
  subtitle: string;
  /** HTML body. */
  content: string;
  /** Cover image URL. */
  cover: string | null;
  /** Image URLs: the cover, then the gallery. */
  image: string[];
  path: string;
  publishedAt: string;
}

/** A published article by language and slug; undefined when not public. */
export async function articleBySlug(db: DB, lang: Locale, slug: string): Promise<ArticleByUrlItem | undefined> {
  const a = await publishedArticles(db, lang)
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .selectAll('articles')
    .select('master_tags.route_name')
    .where('articles.slug', '=', slug)
    .executeTakeFirst();
  if (!a) return undefined;
  const gallery = await galleryRows(db, a.id);
  const ids = [a.cover_image_id, ...gallery.map((g) => g.image_id)];
  const image = await loadImages(db, ids, lang);
  const cover = image(a.cover_image_id)?.url ?? null;
  const urls = [...new Set(ids.map((id) => image(id)?.url).filter((u): u is string => u != null))];
  return {
    id: a.id,
    title: a.title,
    subtitle: a.subtitle,
    content: a.body_html,
    cover,
    image: urls,
    path: articlePath(lang, a.route_name, a.slug),
    publishedAt: a.published_at,
  };
}

/* ---- authors ---- */

export interface AuthorRef {
  id: number;
  slug: string;
  name: string;
  role: string;
}

/** An author (signature) by id, named in one language; undefined when unknown. */
export async function findAuthor(db: DB, id: number, lang: Locale): Promise<AuthorRef | undefined> {
  const a = await db.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) return undefined;
  return { id: a.id, slug: a.slug, name: lang === 'ar' ? a.name_ar : a.name_fr, role: lang === 'ar' ? a.role_ar : a.role_fr };
}
