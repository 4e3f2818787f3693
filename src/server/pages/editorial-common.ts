/**
 * Small helpers shared by the editorial pages' loaders (home, articles, tag
 * listings, dossiers, search, static and user pages): parameter parsing and
 * the Cache-Control values of each kind of page.
 */
import type { DB } from '../db/index.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { withQuery } from '../../lib/routes.ts';
import { listingTotal, PAGE_SIZE, type ArticleListing } from '../content/articles.ts';

/** Lists that change as the newsroom publishes. */
export const CACHE_LISTING = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
/** One article: edits are rare after publication. */
export const CACHE_ARTICLE = 'public, max-age=300, s-maxage=900, stale-while-revalidate=3600';
/** Static information pages and reference lists. */
export const CACHE_STATIC = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';

export { parseId, parsePage } from './params.ts';

/** A path with ?page=N added for pages after the first (the first page has no parameter). */
export function withPage(path: string, page: number, extra: Record<string, string> = {}): string {
  return withQuery(path, { ...extra, page: page > 1 ? page : undefined });
}

/** True when a listing (PAGE_SIZE a page) has a page `page` (its count is kept per content change). */
export async function listingHasPage(db: DB, listing: ArticleListing, page: number): Promise<boolean> {
  if (page <= 1) return true;
  return (await listingTotal(db, listing)) > (page - 1) * PAGE_SIZE;
}

/**
 * hreflang of page `page` of a listing: this page itself, and the same page
 * number of the other language's listing when it has that many pages (else
 * its first page; `otherPath` null: the fallback page as it is).
 */
export function listingAlternates(
  locale: Locale,
  page: number,
  herePath: string,
  other: { path: string; hasPage: boolean } | { fallback: string },
): Record<Locale, string> {
  const otherLang = otherLocale(locale);
  return {
    [locale]: withPage(herePath, page),
    [otherLang]: 'fallback' in other ? other.fallback : withPage(other.path, other.hasPage ? page : 1),
  } as Record<Locale, string>;
}
