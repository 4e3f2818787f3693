/**
 * /search and /search-result (?q=, ?page=): the search page's three groups
 * (articles paginated 10 a page, emissions, tags) from
 * src/server/content/search.ts, the articles as full cards.
 */
import type { DB } from '../db/index.ts';
import type { ArticleCard } from '../api/shapes.ts';
import type { Locale } from '../../i18n/locales.ts';
import { toArticleCards } from '../content/articles.ts';
import { searchContent, SEARCH_PAGE_SIZE, type SearchResult } from '../content/search.ts';
import { NotFoundError } from '../api/define.ts';

/** Longest query the page searches for (as /api/Search). */
const SEARCH_QUERY_MAX = 100;

export interface SearchPage {
  /** The query as searched (trimmed, at most SEARCH_QUERY_MAX characters); '' for none. */
  query: string;
  articles: ArticleCard[];
  emissions: SearchResult['Emissions'];
  tags: SearchResult['Tags'];
  pagination: SearchResult['pagination'];
}

/** The search page for a query; null for a page past the last one. */
export async function loadSearchPage(db: DB, locale: Locale, params: { q: string; page: number }): Promise<SearchPage | null> {
  const query = [...params.q.replace(/\s+/g, ' ').trim()].slice(0, SEARCH_QUERY_MAX).join('').trim();
  let result: SearchResult;
  try {
    result = await searchContent(db, locale, query, params.page, SEARCH_PAGE_SIZE);
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
  const ids = result.Article.map((a) => a.id);
  const rows = ids.length ? await db.selectFrom('articles').selectAll().where('id', 'in', ids).execute() : [];
  const cards = await toArticleCards(db, rows, locale);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    query,
    articles: ids.flatMap((id) => byId.get(id) ?? []),
    emissions: result.Emissions,
    tags: result.Tags,
    pagination: result.pagination,
  };
}
