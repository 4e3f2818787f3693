/**
 * Where the live strip shows (docs/product.md, Header), decided from the path so that it
 * follows client navigations (the strip persists across them):
 *  - the live page: never (its own player plays the channel);
 *  - the replay-news routes (/replay/news, /replay/news/{type},
 *    /replay/news/{type}/{id}) and replay-by2m-id (/replay/by2m,
 *    /replay/by2m/{id}): hidden at 768 px or narrower;
 *  - everywhere else: shown.
 */
export type StripRule = 'hidden' | 'wide-only' | 'shown';

/** docs/product.md, Header, Limits: "hidden at 768 px or narrower". */
export const STRIP_NARROW_QUERY = '(max-width: 768px)';

export function stripRule(pathname: string): StripRule {
  const path = pathname.replace(/\/+$/, '');
  const m = /^\/(?:ar|fr)(\/.*)?$/.exec(path);
  const rest = m ? (m[1] ?? '') : path;
  if (rest === '/live') return 'hidden';
  if (/^\/replay\/news(\/[^/]+){0,2}$/.test(rest)) return 'wide-only';
  if (/^\/replay\/by2m(\/[^/]+)?$/.test(rest) && !/^\/replay\/by2m\/single$/.test(rest)) return 'wide-only';
  return 'shown';
}
