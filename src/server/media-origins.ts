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

/** Why a media URL is refused: not an http(s) URL nor a site path (`origin` null), or an origin not allowed. */
export interface MediaOriginRefusal {
  origin: string | null;
  /** The origins allowed now, besides this site. */
  allowed: string[];
}

/** Null for a path of this site or an http(s) URL on an allowed origin; else why not. */
export function mediaOriginRefusal(url: string, config: OriginConfig = getConfig()): MediaOriginRefusal | null {
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  const allowed = mediaOrigins(config);
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return { origin: null, allowed };
  const origin = new URL(url).origin;
  return allowed.includes(origin) ? null : { origin, allowed };
}

/** A refusal in English, for the newsroom API's field errors (the desk words it in the person's language). */
export function mediaOriginText(r: MediaOriginRefusal): string {
  if (r.origin === null) return 'must be an http(s) URL or a path on this site';
  return `${r.origin} is not an allowed media origin: add it to MEDIA_ORIGINS (allowed now: ${r.allowed.length ? r.allowed.join(', ') : 'this site only'})`;
}

/**
 * Why a video, stream or captions URL may not be used (English, for a field
 * error), or null: a path of this site, or an http(s) URL on an allowed origin.
 */
export function mediaOriginProblem(url: string, config: OriginConfig = getConfig()): string | null {
  const r = mediaOriginRefusal(url, config);
  return r && mediaOriginText(r);
}
