/**
 * Cache-Control lifetimes cut to an instant: an answer that marks the
 * programme on air (the TV guide, the live page, the grid API) is kept
 * neither by a browser nor by a shared cache, the front server's page cache
 * included, once the programme has changed.
 */

/**
 * `cacheControl` with its lifetimes (max-age, s-maxage) ending by `until`
 * (an instant, ms) when that comes sooner than they would. When the cut
 * bites, stale-while-revalidate goes too (a stale copy would mark the wrong
 * programme); with less than a second left the lifetimes are 0, which no
 * cache keeps. A value without lifetimes, or `until` null, is returned as
 * it is.
 */
export function capCacheControl(cacheControl: string, until: number | null, now: number): string {
  if (until === null) return cacheControl;
  const left = Math.max(0, Math.floor((until - now) / 1000));
  const capped = cacheControl.replace(/\b(max-age|s-maxage)=(\d+)/gi, (_, name: string, s: string) => `${name}=${Math.min(Number(s), left)}`);
  return capped === cacheControl ? cacheControl : capped.replace(/,\s*stale-while-revalidate=\d+/i, '');
}
