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
 * Pictures are not concerned: they are copied into the site's media store.
 */
import { getConfig, type Config } from './config.ts';

type OriginConfig = Pick<Config, 'MEDIA_ORIGINS' | 'LIVE_STREAM_URL'>;

/** The origins, besides the site's own, that media may play from. */
export function mediaOrigins(config: OriginConfig = getConfig()): string[] {
  const live = config.LIVE_STREAM_URL ? new URL(config.LIVE_STREAM_URL).origin : null;
  return [...new Set([...(live ? [live] : []), ...config.MEDIA_ORIGINS])];
}

/**
 * Why a video, stream or captions URL may not be used (English, for a field
 * error), or null: a path of this site, or an http(s) URL on an allowed origin.
 */
export function mediaOriginProblem(url: string, config: OriginConfig = getConfig()): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return 'must be an http(s) URL or a path on this site';
  const origin = new URL(url).origin;
  const allowed = mediaOrigins(config);
  if (allowed.includes(origin)) return null;
  return `${origin} is not an allowed media origin: add it to MEDIA_ORIGINS (allowed now: ${allowed.length ? allowed.join(', ') : 'this site only'})`;
}
