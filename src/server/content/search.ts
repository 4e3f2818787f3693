/**
 * Site search (SPEC §3 "Search response", §7.1 /api/Search/{page}): tags,
 * emissions and articles matching every word of the query, after the same
 * normalisation as the stored `search_text` (Arabic letter variants folded,
 * French accents removed). Articles whose title matches come first, then
 * the newest. Issue 5 moves the article part to FTS5.
 */
import { sql } from 'kysely';
import { NotFoundError } from '../api/define.ts';
import type { DB } from '../db/index.ts';
import type { Lang } from '../db/schema.ts';
import { normalizeSearchText } from '../../lib/normalize.ts';
import { articlePath, programmePath, tagPath } from '../../lib/paths.ts';
import { publishedArticles } from './articles.ts';

export const SEARCH_TAGS_MAX = 4;
export const SEARCH_EMISSIONS_MAX = 4;
export const SEARCH_PAGE_SIZE = 10;

export interface SearchResult {
  Tags: { id: number; name: string; slug: string; path: string }[];
  Emissions: { id: number; name: string; path: string }[];
  Article: {
    id: number;
    title: string;
    /** JSON text {"tag": <master tag route name>, "slug": <article slug>} (SPEC §3). */
    url: string;
    path: string;
    publishedAt: string;
  }[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}

/** The distinct normalised words of a query. */
export function searchWords(query: string): string[] {
  return [...new Set(normalizeSearchText(query).split(' ').filter(Boolean))];
}

const matchesAll = (text: string, words: readonly string[]) => words.every((w) => text.includes(w));

/**
 * How well a short name (tag, programme title) answers the query: 0 when it
 * contains every word, 1 when the query contains the whole name as words
 * ("أسعار الطاقة" suggests the tag "الطاقة"), undefined otherwise.
 */
function nameRank(names: readonly string[], words: readonly string[]): number | undefined {
  const normalized = names.map(normalizeSearchText).filter(Boolean);
  if (normalized.some((n) => matchesAll(n, words))) return 0;
  const phrase = ` ${words.join(' ')} `;
  if (normalized.some((n) => n.length >= 2 && phrase.includes(` ${n} `))) return 1;
  return undefined;
}

function bestNames<T>(items: readonly T[], names: (item: T) => string[], words: readonly string[], max: number): T[] {
  return items
    .map((item, i) => ({ item, i, rank: nameRank(names(item), words) }))
    .filter((x): x is { item: T; i: number; rank: number } => x.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .slice(0, max)
    .map((x) => x.item);
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchContent(
  db: DB,
  lang: Lang,
  query: string,
  page: number,
  pageSize = SEARCH_PAGE_SIZE,
): Promise<SearchResult> {
  const words = searchWords(query);
  const empty: SearchResult = {
    Tags: [],
    Emissions: [],
    Article: [],
    pagination: { page, pageSize, total: 0, totalPages: 0 },
  };
  if (words.length === 0) {
    if (page > 1) throw new NotFoundError();
    return empty;
  }

  let articleQuery = publishedArticles(db, lang);
  for (const w of words) {
    articleQuery = articleQuery.where(sql<boolean>`${sql.ref('articles.search_text')} like ${likePattern(w)} escape '\\'`);
  }

  const [tags, programmes, candidates] = await Promise.all([
    db.selectFrom('tags').select(['id', 'name', 'slug']).where('lang', '=', lang).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('programmes')
      .select(['id', 'title_ar', 'title_fr'])
      .where('is_active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    articleQuery
      .select(['articles.id', 'articles.title'])
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .execute(),
  ]);

  const Tags = bestNames(tags, (t) => [t.name], words, SEARCH_TAGS_MAX).map((t) => ({
    id: t.id,
    name: t.name,
    slug: t.slug,
    path: tagPath(lang, t.id),
  }));

  // A programme matches on either language's title; it is named in the locale's.
  const Emissions = bestNames(programmes, (p) => [p.title_ar, p.title_fr], words, SEARCH_EMISSIONS_MAX).map(
    (p) => ({
      id: p.id,
      name: lang === 'ar' ? p.title_ar || p.title_fr : p.title_fr || p.title_ar,
      path: programmePath(lang, p.id),
    }),
  );

  // Title matches first; Array.prototype.sort is stable, so recency stays within each group.
  const ranked = candidates
    .map((c, i) => ({ id: c.id, rank: matchesAll(normalizeSearchText(c.title), words) ? 0 : 1, i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
  const total = ranked.length;
  const totalPages = Math.ceil(total / pageSize);
  // As every paginated list: page 1 always answers (maybe empty), a page past the last is unknown.
  if (page > 1 && page > totalPages) throw new NotFoundError();
  const pageIds = ranked.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
  const rows = pageIds.length
    ? await db
        .selectFrom('articles')
        .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
        .select([
          'articles.id',
          'articles.lang',
          'articles.title',
          'articles.slug',
          'articles.published_at',
          'master_tags.route_name',
        ])
        .where('articles.id', 'in', pageIds)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const Article = pageIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const tag = r.route_name || 'news';
    return [
      {
        id: r.id,
        title: r.title,
        url: JSON.stringify({ tag, slug: r.slug }),
        path: articlePath(r.lang, r.route_name, r.slug),
        publishedAt: r.published_at,
      },
    ];
  });

  return { Tags, Emissions, Article, pagination: { page, pageSize, total, totalPages } };
}
