/**
 * Site search (docs/product.md, Content "Search response", Content API /api/Search/{page}): tags,
 * emissions and articles matching every word of the query (the last one
 * also as the beginning of a word: the visitor may still be typing it),
 * after the same normalisation on the stored text and on the query
 * (src/server/search/text.ts: Arabic letter variants folded, a light
 * stemming of Arabic prefixes and endings and of French plurals, tashkeel
 * and tatweel removed, French accents folded; ADR 037).
 *
 * SQLite (the default): FTS5 (src/server/search/index-sqlite.ts).
 * Articles are ranked by bm25 (title 10, tags 5, lead 4, body 1) divided by
 * (1 + age in days / 180), so a recent title match comes first and an old
 * one still beats a recent passing mention; ties go to the newest. To keep
 * a very broad query cheap (a common word in 100 000 articles), only the
 * SEARCH_RANK_WINDOW most recently added matches are ranked; matches older
 * than those follow, newest added first. Pagination is done by SQL.
 *
 * PostgreSQL (DATABASE_URL): the normalised `search_text` column with LIKE,
 * title matches first, then the newest, paginated by SQL.
 *
 * Tags and emissions: up to 4 each, those whose name holds every word
 * first (best bm25 first), then those whose whole name is among the query's
 * words ("أسعار الطاقة" suggests the tag "الطاقة").
 */
import { PostgresAdapter, sql } from 'kysely';
import { NotFoundError } from '../api/define.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { normalizeSearchText } from '../../lib/normalize.ts';
import { articlePath, masterTagPath, programmePath, tagPath } from '../../lib/paths.ts';
import { publishedArticles } from './articles.ts';
import { ARTICLE_WEIGHTS, FTS_ARTICLES, FTS_PROGRAMMES, FTS_TAGS, flushSearchQueue } from '../search/index-sqlite.ts';
import { matchExpression, queryTerms } from '../search/text.ts';

const SEARCH_TAGS_MAX = 4;
const SEARCH_EMISSIONS_MAX = 4;
export const SEARCH_PAGE_SIZE = 10;
/** Most matching articles ranked by relevance (SQLite); older matches follow by recency. */
const SEARCH_RANK_WINDOW = 2000;
/** Age, in days, at which a match's relevance counts half. */
const RECENCY_DAYS = 180;

export interface SearchResult {
  Tags: { id: number; name: string; slug: string; path: string }[];
  Emissions: { id: number; name: string; path: string }[];
  Article: {
    id: number;
    title: string;
    /** JSON text {"tag": <master tag route name>, "slug": <article slug>} (docs/product.md, Content). */
    url: string;
    path: string;
    publishedAt: string;
  }[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}

export interface SearchOptions {
  /** The present, for what is published (tests). */
  now?: Date;
  /** Overrides SEARCH_RANK_WINDOW (tests). */
  rankWindow?: number;
}

interface ArticleRow {
  id: number;
  lang: Locale;
  title: string;
  slug: string;
  published_at: string;
  route_name: string | null;
}

interface NameHit {
  id: number;
  rank: number;
}

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function searchContent(
  db: DB,
  lang: Locale,
  query: string,
  page: number,
  pageSize = SEARCH_PAGE_SIZE,
  opts: SearchOptions = {},
): Promise<SearchResult> {
  if (lang !== 'ar' && lang !== 'fr') throw new Error(`unknown language ${String(lang)}`);
  if (!Number.isInteger(page) || page < 1) throw new NotFoundError();
  const now = opts.now ?? new Date();
  const postgres = isPostgres(db);
  const terms = postgres ? searchWords(query) : queryTerms(query);
  if (terms.length === 0) {
    if (page > 1) throw new NotFoundError();
    return { Tags: [], Emissions: [], Article: [], pagination: { page, pageSize, total: 0, totalPages: 0 } };
  }

  if (!postgres) await flushSearchQueue(db);
  const [tagHits, programmeHits, articles] = await Promise.all(
    postgres
      ? [likeNames(db, 'tags', lang, terms), likeNames(db, 'programmes', lang, terms), likeArticles(db, lang, terms, page, pageSize, now)]
      : [
          ftsNames(db, 'tags', lang, terms),
          ftsNames(db, 'programmes', lang, terms),
          ftsArticles(db, lang, terms, page, pageSize, now, opts.rankWindow ?? SEARCH_RANK_WINDOW),
        ],
  );

  const { rows, total } = articles;
  const totalPages = Math.ceil(total / pageSize);
  // As every paginated list: page 1 always answers (maybe empty), a page past the last is unknown.
  if (page > 1 && page > totalPages) throw new NotFoundError();

  const [sections, tags, programmes] = await Promise.all([
    sectionHits(db, lang, terms),
    tagHits.length
      ? db.selectFrom('tags').select(['id', 'name', 'slug']).where('id', 'in', tagHits.map((h) => h.id)).execute()
      : [],
    programmeHits.length
      ? db.selectFrom('programmes').select(['id', 'title_ar', 'title_fr']).where('id', 'in', programmeHits.map((h) => h.id)).execute()
      : [],
  ]);
  const tagById = new Map(tags.map((t) => [t.id, t]));
  const programmeById = new Map(programmes.map((p) => [p.id, p]));

  return {
    // Sections (master tags: "Football", "كرة القدم") first, then tags; at most 4 in all.
    Tags: [
      ...sections,
      ...tagHits.flatMap((h) => {
        const t = tagById.get(h.id);
        return t ? [{ id: t.id, name: t.name, slug: t.slug, path: tagPath(lang, t.id) }] : [];
      }),
    ].slice(0, SEARCH_TAGS_MAX),
    // A programme matches on either language's title; it is named in the locale's.
    Emissions: programmeHits.flatMap((h) => {
      const p = programmeById.get(h.id);
      if (!p) return [];
      return [{ id: p.id, name: lang === 'ar' ? p.title_ar || p.title_fr : p.title_fr || p.title_ar, path: programmePath(lang, p.id) }];
    }),
    Article: rows.map((r) => ({
      id: r.id,
      title: r.title,
      url: JSON.stringify({ tag: r.route_name || 'news', slug: r.slug }),
      path: articlePath(r.lang, r.route_name, r.slug),
      publishedAt: r.published_at,
    })),
    pagination: { page, pageSize, total, totalPages },
  };
}

/* ---- SQLite: FTS5 ---- */

const articleColumns = sql`a.id, a.lang, a.title, a.slug, a.published_at, mt.route_name`;

async function ftsArticles(
  db: DB,
  lang: Locale,
  terms: string[],
  page: number,
  pageSize: number,
  nowDate: Date,
  windowSize: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const text = matchExpression(terms, { mode: 'all', prefixLast: true });
  if (!text) return { rows: [], total: 0 };
  // `lang` is 'ar' or 'fr' (checked above); the words are quoted (text.ts).
  const match = `lang : "${lang}" AND {title lead body tags} : (${text})`;
  const now = nowDate.toISOString();
  const fts = sql.table(FTS_ARTICLES);
  const weights = sql.join(ARTICLE_WEIGHTS.map((w) => sql.lit(w)));
  // Only published articles are indexed; those scheduled for later are the
  // few to leave out (found through the articles' (lang, status, published_at) index).
  const shown = sql`${fts} MATCH ${match} AND ${fts}.rowid NOT IN
    (SELECT id FROM articles WHERE lang = ${lang} AND status = 'published' AND published_at > ${now})`;

  const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${fts} WHERE ${shown}`.execute(db)).rows[0]?.n ?? 0);
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { rows: [], total };

  // The ranked window: the most recently added matches, bm25 computed for those only.
  const ranked =
    offset < windowSize
      ? (
          await sql<ArticleRow>`SELECT ${articleColumns}
            FROM (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts}
                  WHERE ${shown} ORDER BY rowid DESC LIMIT ${windowSize}) w
            CROSS JOIN articles a ON a.id = w.id
            LEFT JOIN master_tags mt ON mt.id = a.master_tag_id
            ORDER BY w.score / (1.0 + max(0.0, julianday(${now}) - julianday(a.published_at)) / ${sql.lit(RECENCY_DAYS)}),
              a.published_at DESC, a.id DESC
            LIMIT ${Math.min(pageSize, windowSize - offset)} OFFSET ${offset}`.execute(db)
        ).rows
      : [];
  if (ranked.length === pageSize || total <= windowSize) return { rows: ranked, total };

  // Past the window: the older matches, most recently added first.
  const edge = (
    await sql<{ id: number }>`SELECT rowid AS id FROM ${fts} WHERE ${shown}
      ORDER BY rowid DESC LIMIT 1 OFFSET ${windowSize - 1}`.execute(db)
  ).rows[0];
  if (!edge) return { rows: ranked, total };
  const tail = await sql<ArticleRow>`SELECT ${articleColumns}
    FROM (SELECT rowid AS id FROM ${fts} WHERE ${shown} AND ${fts}.rowid < ${edge.id}
          ORDER BY rowid DESC LIMIT ${pageSize - ranked.length} OFFSET ${Math.max(0, offset - windowSize)}) w
    CROSS JOIN articles a ON a.id = w.id
    LEFT JOIN master_tags mt ON mt.id = a.master_tag_id
    ORDER BY w.id DESC`.execute(db);
  return { rows: [...ranked, ...tail.rows], total };
}

/** Tags (of the language) or active programmes: those naming every word, then those whose name the query holds. */
async function ftsNames(db: DB, kind: 'tags' | 'programmes', lang: Locale, terms: string[]): Promise<NameHit[]> {
  const max = kind === 'tags' ? SEARCH_TAGS_MAX : SEARCH_EMISSIONS_MAX;
  const fts = sql.table(kind === 'tags' ? FTS_TAGS : FTS_PROGRAMMES);
  const filter = kind === 'tags' ? sql`t.lang = ${lang}` : sql`t.is_active = 1`;
  const order = kind === 'tags' ? sql`t.name, t.id` : sql`t.position, t.id`;
  const names = kind === 'tags' ? sql`t.name AS a, '' AS b` : sql`t.title_ar AS a, t.title_fr AS b`;
  const find = (match: string, limit: number) =>
    sql<{ id: number; a: string; b: string }>`SELECT t.id, ${names} FROM ${fts} CROSS JOIN ${sql.table(kind)} t ON t.id = ${fts}.rowid
      WHERE ${fts} MATCH ${match} AND ${filter} ORDER BY bm25(${fts}), ${order} LIMIT ${limit}`.execute(db);

  const all = matchExpression(terms, { mode: 'all', prefixLast: true });
  const hits: NameHit[] = all ? (await find(all, max)).rows.map((r) => ({ id: r.id, rank: 0 })) : [];
  if (hits.length < max && terms.length > 1) {
    const any = matchExpression(terms, { mode: 'any', prefixLast: false });
    const seen = new Set(hits.map((h) => h.id));
    for (const r of any ? (await find(any, 50)).rows : []) {
      if (hits.length >= max) break;
      if (seen.has(r.id)) continue;
      // Either name wholly among the query's words.
      if ([r.a, r.b].some((n) => isWithin(queryTerms(n), terms))) hits.push({ id: r.id, rank: 1 });
    }
  }
  return hits;
}

const isWithin = (nameTerms: readonly string[], terms: readonly string[]) =>
  nameTerms.length > 0 && nameTerms.join('').length >= 2 && nameTerms.every((t) => terms.includes(t));

/* ---- PostgreSQL: LIKE over the normalised search_text ---- */

/**
 * The words a query looks for on PostgreSQL: the same stems as on SQLite
 * (queryTerms, ADR 037). A stem is the word without its affixes, so it is
 * found inside every form of the word by LIKE ("رياض" in "الرياضيه",
 * "election" in "elections"): the stored text needs no stems of its own.
 */
const searchWords = queryTerms;

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * PostgreSQL's version of normalizeSearchText for a title, for ranking:
 * Arabic letter variants folded, tashkeel and tatweel dropped, the common
 * French accented letters folded, lowercase (punctuation is left: the words
 * are matched with LIKE).
 */
const PG_FOLD_FROM = 'أإآٱةىؤئàáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ';
const PG_FOLD_TO = 'ااااهيويaaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuy';
const PG_DROP = 'ًٌٍَُِّْٰـ';

async function likeArticles(
  db: DB,
  lang: Locale,
  words: string[],
  page: number,
  pageSize: number,
  now: Date,
): Promise<{ rows: ArticleRow[]; total: number }> {
  let base = publishedArticles(db, lang).where('articles.published_at', '<=', now.toISOString());
  for (const w of words) {
    base = base.where(sql<boolean>`${sql.ref('articles.search_text')} like ${likePattern(w)} escape '\\'`);
  }
  const countRow = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  if (total === 0 || (page - 1) * pageSize >= total) return { rows: [], total };
  const title = sql`lower(translate(${sql.ref('articles.title')}, ${PG_FOLD_FROM + PG_DROP}, ${PG_FOLD_TO}))`;
  const titleMatch = sql.join(
    words.map((w) => sql`${title} like ${likePattern(w)} escape '\\'`),
    sql` AND `,
  );
  const rows = await base
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.id', 'articles.lang', 'articles.title', 'articles.slug', 'articles.published_at', 'master_tags.route_name'])
    .orderBy(sql`CASE WHEN ${titleMatch} THEN 0 ELSE 1 END`)
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total };
}

/**
 * How well a short name answers the query: 0 when it contains every word,
 * 1 when the query contains the whole name as words, undefined otherwise.
 */
function nameRank(names: readonly string[], words: readonly string[]): number | undefined {
  const normalized = names.map(normalizeSearchText).filter(Boolean);
  if (normalized.some((n) => words.every((w) => n.includes(w)))) return 0;
  const phrase = ` ${words.join(' ')} `;
  if (normalized.some((n) => n.length >= 2 && phrase.includes(` ${n} `))) return 1;
  // The name's own stems all among the query's, as SQLite's index finds it ("الطاقة" for "أسعار الطاقة").
  if (names.some((n) => isWithin(queryTerms(n), words))) return 1;
  return undefined;
}

/**
 * Sections (master tags) of the language named by the query, as tag results
 * pointing at the section page: every word in the name first, then names
 * the query holds whole; a few dozen rows, matched in memory on both stores.
 */
async function sectionHits(db: DB, lang: Locale, words: string[]): Promise<SearchResult['Tags']> {
  const rows = await db.selectFrom('master_tags').select(['id', 'name', 'route_name']).where('lang', '=', lang).orderBy('position').orderBy('id').execute();
  return rows
    .map((row, i) => ({ row, i, rank: nameRank([row.name], words) }))
    .filter((x): x is { row: (typeof rows)[number]; i: number; rank: number } => x.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ row }) => ({ id: row.id, name: row.name, slug: row.route_name, path: masterTagPath(lang, row.route_name) }));
}

async function likeNames(db: DB, kind: 'tags' | 'programmes', lang: Locale, words: string[]): Promise<NameHit[]> {
  const items =
    kind === 'tags'
      ? (await db.selectFrom('tags').select(['id', 'name']).where('lang', '=', lang).orderBy('name').orderBy('id').execute()).map((t) => ({
          id: t.id,
          names: [t.name],
        }))
      : (
          await db
            .selectFrom('programmes')
            .select(['id', 'title_ar', 'title_fr'])
            .where('is_active', '=', 1)
            .orderBy('position')
            .orderBy('id')
            .execute()
        ).map((p) => ({ id: p.id, names: [p.title_ar, p.title_fr] }));
  return items
    .map((item, i) => ({ id: item.id, i, rank: nameRank(item.names, words) }))
    .filter((x): x is { id: number; i: number; rank: number } => x.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .slice(0, kind === 'tags' ? SEARCH_TAGS_MAX : SEARCH_EMISSIONS_MAX)
    .map(({ id, rank }) => ({ id, rank }));
}
