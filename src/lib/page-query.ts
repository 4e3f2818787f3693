/**
 * The query parameters each page reads (ADR 010): only these are
 * part of a page's cache key. Any other parameter (`?utm_source=…`,
 * `?x=123`) changes nothing in the page, so the front server answers it
 * from the pre-build or the page cache like the clean URL, and a random
 * query string cannot force a render.
 *
 * Keys are the path after the language prefix; the first matching rule wins;
 * a page matching none reads no parameter. A page that starts reading a
 * parameter must be added here (tests/unit/page-query.test.ts lists the
 * route files that read `Astro.url.searchParams`).
 */
interface PageQueryRule {
  /** The route file(s), for people. */
  route: string;
  pattern: RegExp;
  params: readonly string[];
}

const PAGE_QUERY_RULES: readonly PageQueryRule[] = [
  { route: '[lang]/search.astro (and its alias /search-result)', pattern: /^\/(search|search-result)$/, params: ['q', 'page'] },
  { route: '[lang]/prieres.astro', pattern: /^\/prieres$/, params: ['ville'] },
  { route: '[lang]/dossier-special.astro (and its alias /special-topic)', pattern: /^\/(special-topic|dossier-special)$/, params: ['id'] },
  { route: '[lang]/error.astro', pattern: /^\/error$/, params: ['status', 'message'] },
  { route: '[lang]/newsletter/confirm.astro, unsubscribe.astro', pattern: /^\/newsletter\/(confirm|unsubscribe)$/, params: ['token'] },
  { route: '[lang]/posts/tag/[id].astro', pattern: /^\/posts\/tag\/[^/]+$/, params: ['page'] },
  { route: '[lang]/replay/index.astro', pattern: /^\/replay$/, params: ['page'] },
  { route: '[lang]/replay/news/[type]/index.astro', pattern: /^\/replay\/news\/[^/]+$/, params: ['page'] },
  { route: '[lang]/replay/by2m/[id].astro', pattern: /^\/replay\/by2m\/[^/]+$/, params: ['page'] },
  { route: '[lang]/replay/starlight/[...sub].astro', pattern: /^\/replay\/starlight(\/.*)?$/, params: ['id'] },
  { route: '[lang]/live.astro', pattern: /^\/live$/, params: ['embed'] },
  { route: '[lang]/guidetv.astro', pattern: /^\/guidetv$/, params: ['day'] },
  { route: '[lang]/lite/index.astro, [lang]/lite/[tag]/[url].astro', pattern: /^\/lite(\/.*)?$/, params: [] },
  // Must stay last: any other one-segment page is a section or tag listing ([lang]/[tag]/index.astro).
  { route: '[lang]/[tag]/index.astro', pattern: /^\/[^/]+$/, params: ['page'] },
];

const LANG_PREFIX = /^\/(?:ar|fr)(\/.*)?$/;

/** The parameters a page path reads, or null when unknown (a path without language prefix: all count). */
export function pageQueryParams(pathname: string): readonly string[] | null {
  const m = LANG_PREFIX.exec(pathname.replace(/\/+$/, ''));
  if (!m) return null;
  const rest = m[1] ?? '';
  return PAGE_QUERY_RULES.find((r) => r.pattern.test(rest))?.params ?? [];
}

/**
 * The query string of a page's cache key: only the parameters the page
 * reads, sorted ('' when none is left). `search` is without its '?'.
 */
export function pageCacheQuery(pathname: string, search: string): string {
  if (search === '') return '';
  const reads = pageQueryParams(pathname);
  const all = new URLSearchParams(search);
  if (reads === null) {
    all.sort();
    return all.toString();
  }
  const kept = new URLSearchParams();
  for (const [k, v] of all) if (reads.includes(k)) kept.append(k, v);
  kept.sort();
  return kept.toString();
}
