/**
 * Where videos, live streams and captions may play from (ADR 031). They stay
 * on the broadcaster's CDNs (a replay is gigabytes), so the browser fetches
 * them from another origin, which the Content-Security-Policy must allow
 * (`media-src` for `<video>` and its `<track>`s, `connect-src` for hls.js's
 * requests). The policy is made once, from the configuration, when the
 * server starts (src/server/http/security-headers.ts); so the newsroom may
 * only point at origins the configuration already allows: this site (a
 * path), the origin of LIVE_STREAM_URL, and MEDIA_ORIGINS. Anything else is
 * refused with 422 naming MEDIA_ORIGINS, never stored to be blocked later.
 * On a site served over HTTPS an http: URL is refused as well: browsers
 * upgrade or block it (mixed content), so it would not play either.
 * Pictures are not concerned: they are copied into the site's media store.
 */
import { getConfig, type Config } from './config.ts';

type OriginConfig = Pick<Config, 'MEDIA_ORIGINS' | 'LIVE_STREAM_URL'>;

/** The origins, besides the site's own, that media may play from. */
export function mediaOrigins(config: OriginConfig = getConfig()): string[] {
  const live = config.LIVE_STREAM_URL ? new URL(config.LIVE_STREAM_URL).origin : null;
  return [...new Set([...(live ? [live] : []), ...config.MEDIA_ORIGINS])];
}

/** Why a media URL may not be used, as data (the desk words it in the person's language). */
export type MediaOriginRefusal =
  | { reason: 'not-url' }
  /** An http: URL on a site served over HTTPS: the browser would upgrade it (upgrade-insecure-requests) or block it as mixed content. */
  | { reason: 'insecure'; origin: string }
  | { reason: 'origin'; origin: string; allowed: string[] };

/** Why a video, stream or captions URL may not be used, or null: a path of this site, or an http(s) URL on an allowed origin. */
export function mediaOriginRefusal(url: string, config: OriginConfig & { SITE_URL?: string } = getConfig()): MediaOriginRefusal | null {
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return { reason: 'not-url' };
  const parsed = new URL(url);
  if (parsed.protocol === 'http:' && config.SITE_URL?.startsWith('https:')) return { reason: 'insecure', origin: parsed.origin };
  const allowed = mediaOrigins(config);
  if (allowed.includes(parsed.origin)) return null;
  return { reason: 'origin', origin: parsed.origin, allowed };
}

/**
 * The same in English, for a field error of the newsroom API, or null.
 */
export function mediaOriginProblem(url: string, config: OriginConfig & { SITE_URL?: string } = getConfig()): string | null {
  const refusal = mediaOriginRefusal(url, config);
  if (!refusal) return null;
  if (refusal.reason === 'not-url') return 'must be an http(s) URL or a path on this site';
  if (refusal.reason === 'insecure') return `the site is served over HTTPS: browsers do not play media from ${refusal.origin}; give an https:// URL (on an origin of MEDIA_ORIGINS)`;
  return `${refusal.origin} is not an allowed media origin: add it to MEDIA_ORIGINS (allowed now: ${refusal.allowed.length ? refusal.allowed.join(', ') : 'this site only'})`;
}
