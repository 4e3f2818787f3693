/**
 * Security headers on every answer of the Node server (ADR 013;
 * deploy/nginx/2m.conf sends the same, from the snippet that
 * `npm run -s nginx:headers` prints, scripts/security-headers.ts):
 *
 *  - Content-Security-Policy: scripts from this site only, inline ones by
 *    hash: Astro's island loader and client directives (from the installed
 *    Astro, so the hashes follow its version) and our own (src/lib/inline-scripts.ts);
 *    the ad (GPT, external VAST) and Facebook origins only when configured;
 *    `frame-ancestors 'self'`, except on the embeddable live player
 *    (`/{lang}/live/embed`), which any site may frame; the origins media play
 *    from (LIVE_STREAM_URL's and MEDIA_ORIGINS, src/server/media-origins.ts)
 *    in media-src and connect-src; the desk (`/desk`, ADR 033) has its own,
 *    stricter one (`deskCsp`); passive answers
 *    (JSON, CSS, fonts, pictures, media) get a short policy that allows
 *    nothing (`passiveCsp`, chosen by their Content-Type);
 *  - X-Content-Type-Options: nosniff; Referrer-Policy:
 *    strict-origin-when-cross-origin; Permissions-Policy (no camera,
 *    microphone, geolocation…; fullscreen and autoplay for the player);
 *  - Strict-Transport-Security when SITE_URL is https.
 */
import { isEmbedPath } from '../embed.ts';
import { isDeskApp } from '../desk/paths.ts';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import type { Config } from '../config.ts';
import { INLINE_SCRIPTS } from '../../lib/inline-scripts.ts';
import { mediaOrigins } from '../media-origins.ts';

type PolicyConfig = Pick<
  Config,
  | 'SITE_URL'
  | 'AD_VAST_URL'
  | 'AD_VAST_URL_ABROAD'
  | 'AD_DISPLAY_PROVIDER'
  | 'AD_DISPLAY_PROVIDER_ABROAD'
  | 'AD_GPT_SCRIPT_URL'
  | 'FACEBOOK_APP_ID'
  | 'FACEBOOK_GRAPH_URL'
  | 'LIVE_STREAM_URL'
  | 'MEDIA_ORIGINS'
>;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hashes of every inline script a page may carry. */
export function inlineScriptHashes(): string[] {
  const astro = [islandScript, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];
  return [...new Set([...astro, ...INLINE_SCRIPTS].map(sha256))];
}

const originOf = (url: string): string | null => (/^https?:\/\//.test(url) ? new URL(url).origin : null);

export interface SecurityPolicy {
  /** The Content-Security-Policy of every page and script but the embeddable player. */
  csp: string;
  /**
   * The policy of a passive answer (JSON, CSS, a font, a raster picture,
   * audio/video, a playlist): nothing in it runs, so it allows nothing
   * (OWASP's policy for APIs) and is 40 bytes instead of about 800 on each
   * of a page's tens of requests (HTTP/1.1 repeats headers uncompressed).
   */
  passiveCsp: string;
  /** The same, framable by any site (the embeddable live player, `/{lang}/live/embed`). */
  embedCsp: string;
  /**
   * The desk's (`/desk`, ADR 033): its own scripts and styles only (no
   * inline script or style, no hash, no third-party origin), pictures from
   * the site (and the browser's own previews of dropped files), frames of
   * the site only (its previews), and nobody may frame it.
   */
  deskCsp: string;
  /** The other headers, the same on every answer. */
  headers: Record<string, string>;
}

export function securityPolicy(config: PolicyConfig): SecurityPolicy {
  const script = ["'self'", ...inlineScriptHashes()];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const media = ["'self'", 'blob:'];
  const frame = ["'self'"];

  // Videos, streams and captions on the broadcaster's CDNs (src/server/media-origins.ts): the newsroom can point at no other.
  for (const origin of mediaOrigins(config)) {
    connect.push(origin);
    media.push(origin);
  }

  // Google Publisher Tag or an external VAST provider: ads come from many origins (their creatives, pixels, frames).
  const gpt = config.AD_DISPLAY_PROVIDER === 'gpt' || config.AD_DISPLAY_PROVIDER_ABROAD === 'gpt';
  const vast = [config.AD_VAST_URL, config.AD_VAST_URL_ABROAD].map(originOf).filter((o): o is string => o !== null);
  if (gpt) {
    const gptOrigin = originOf(config.AD_GPT_SCRIPT_URL);
    script.push(...(gptOrigin ? [gptOrigin] : []), 'https://securepubads.g.doubleclick.net', 'https://pagead2.googlesyndication.com', 'https://tpc.googlesyndication.com', 'https://www.googletagservices.com');
  }
  if (gpt || vast.length > 0) {
    connect.push(...vast, 'https:');
    img.push('https:');
    media.push('https:');
    frame.push('https:');
  }
  if (config.FACEBOOK_APP_ID) {
    script.push('https://connect.facebook.net');
    connect.push(new URL(config.FACEBOOK_GRAPH_URL).origin, 'https://connect.facebook.net');
    frame.push('https://www.facebook.com', 'https://web.facebook.com');
    img.push('https://www.facebook.com');
  }

  const base = [
    "default-src 'self'",
    `script-src ${[...new Set(script)].join(' ')}`,
    // Inline styles (style attributes of islands, plyr, Astro's island style) carry no script.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...new Set(img)].join(' ')}`,
    `media-src ${[...new Set(media)].join(' ')}`,
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "font-src 'self'",
    `frame-src ${[...new Set(frame)].join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  const https = new URL(config.SITE_URL).protocol === 'https:';
  return {
    csp: [...base, "frame-ancestors 'self'", ...(https ? ['upgrade-insecure-requests'] : [])].join('; '),
    passiveCsp: "default-src 'none'; frame-ancestors 'self'",
    embedCsp: [...base, 'frame-ancestors *', ...(https ? ['upgrade-insecure-requests'] : [])].join('; '),
    deskCsp: [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "font-src 'self'",
      "frame-src 'self'",
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join('; '),
    headers: {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy':
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=(), autoplay=(self), fullscreen=(self), picture-in-picture=(self)',
      ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    },
  };
}

/** The embeddable live player, `/{lang}/live/embed` (src/server/embed.ts): any site may frame it. */
export function isEmbeddable(url: string): boolean {
  const q = url.indexOf('?');
  return isEmbedPath(q === -1 ? url : url.slice(0, q));
}

/**
 * Answers that run nothing, by their Content-Type: JSON, CSS, fonts,
 * raster pictures (not SVG, which may carry script), audio, video and HLS
 * playlists. Pages, scripts (a worker takes the policy of its script), SVG,
 * XML and answers without a type (a 304 may refresh a cached page's
 * headers) keep the whole policy.
 */
function isPassiveType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'image/svg+xml') return false;
  return (
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'text/css' ||
    type.startsWith('font/') ||
    type.startsWith('image/') ||
    type.startsWith('audio/') ||
    type.startsWith('video/') ||
    type === 'application/vnd.apple.mpegurl' ||
    type === 'application/x-mpegurl'
  );
}

type WriteHead = ServerResponse['writeHead'];

/** The policy of a page: the embeddable player's, the desk's, else the site's. */
function policyFor(url: string, policy: SecurityPolicy): string {
  if (isEmbeddable(url)) return policy.embedCsp;
  const q = url.indexOf('?');
  return isDeskApp(q === -1 ? url : url.slice(0, q)) ? policy.deskCsp : policy.csp;
}

/** Sets the security headers on an answer before anything else writes it (the handler may still override them). */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse, policy: SecurityPolicy): void {
  const csp = policyFor(req.url ?? '/', policy);
  res.setHeader('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(policy.headers)) res.setHeader(name, value);
  // A passive answer gets the short policy, once its Content-Type is known (when its head is written).
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const given = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a));
    const typeGiven = given && Object.entries(given).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    const type = String(typeGiven ?? this.getHeader('content-type') ?? '');
    if (this.getHeader('content-security-policy') === csp && isPassiveType(type)) this.setHeader('Content-Security-Policy', policy.passiveCsp);
    return writeHead.apply(this, args);
  } as WriteHead;
}

/**
 * The answer to a request Node's parser refuses (malformed, headers too
 * large, too slow): Node's own carries no header at all; this one carries
 * the security headers too.
 */
export function clientErrorHandler(policy: SecurityPolicy) {
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const status =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    const headers = [`Content-Security-Policy: ${policy.csp}`, ...Object.entries(policy.headers).map(([k, v]) => `${k}: ${v}`)];
    socket.end(`HTTP/1.1 ${status}\r\n${headers.join('\r\n')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  };
}
