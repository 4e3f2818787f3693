/**
 * Every redirect the site answers goes through here (docs/product.md,
 * Languages and redirects): the language prefix, the unprefixed sections,
 * an article's old slug or section in either language, /post/{id} to its
 * translation, short links, the advertiser's address of a banner click.
 *
 * A `Location` header is a byte string: a path with raw Arabic letters in it
 * cannot be sent at all (the Fetch API throws "Cannot convert argument to a
 * ByteString", and the page answered 500). So the Location is always an
 * absolute URL made by the WHATWG URL parser, which percent-encodes every
 * character outside ASCII as UTF-8 (`/ar/مجتمع/…` → `/ar/%D9%85…`) and keeps
 * what is already percent-encoded; a site path is resolved against SITE_URL,
 * never the request's Host (ADR 013).
 */
import { getConfig } from '../config.ts';

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/**
 * The absolute, ASCII-only URL of a site path (`/ar/…`, with its query) on
 * SITE_URL. Throws on a target that would leave the site (`//host`,
 * `/\host`, another origin): a redirect built from a request's path can
 * then never become an open redirect.
 */
export function siteLocation(target: string, siteUrl: string = getConfig().SITE_URL): string {
  const base = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    throw new RangeError(`not a site path: ${JSON.stringify(target.slice(0, 200))}`);
  }
  const url = new URL(target, base);
  if (url.origin !== base.origin) throw new RangeError(`not a site path: ${JSON.stringify(target.slice(0, 200))}`);
  return url.href;
}

/** An absolute http(s) URL made ASCII-only (percent-encoded path and query, punycode host), or RangeError. */
export function externalLocation(target: string): string {
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`not an http(s) URL: ${url.protocol}`);
  return url.href;
}

/**
 * A redirect answer to a site path (resolved on SITE_URL) or, with
 * `external`, to an absolute http(s) URL the caller vouches for (a stored
 * advertiser's address). Extra headers (Cache-Control, Set-Cookie, Vary) go
 * with it.
 */
export function redirectResponse(
  target: string,
  status: RedirectStatus,
  opts: { headers?: Record<string, string>; external?: boolean; siteUrl?: string } = {},
): Response {
  const location = opts.external ? externalLocation(target) : siteLocation(target, opts.siteUrl);
  return new Response(null, { status, headers: { ...opts.headers, location } });
}
