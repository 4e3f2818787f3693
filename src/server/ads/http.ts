/**
 * HTTP side of the house ad server: GET /ads/vast and GET /ads/track (video),
 * GET /ads/banner, /ads/banner/event and /ads/banner/click (display)
 * (src/pages/ads/ are thin wrappers around these).
 */
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales.ts';
import { z } from 'zod';
import { AD_UNIT_PATTERN } from '../../lib/ad-config.ts';
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import { houseVast } from './house.ts';
import { recordAdEvent, TRACKED_EVENTS } from './track.ts';
import { BANNER_EVENTS, clickDestination, houseBanner, recordBannerEvent, type BannerAd } from './banners.ts';
import type { Market } from './house.ts';
import { parseSizes } from '../../lib/ads/display.ts';
import type { DB } from '../db/index.ts';
import { visitorCountry } from '../geo/index.ts';
import { addressKey, clientAddress, proxyTrust, storeLimiter, type Limiter } from '../http/index.ts';
import { tokenKey } from './event-tokens.ts';
import { MOROCCO, targetCountry } from '../../lib/countries.ts';
import { redirectResponse } from '../http/redirect.ts';

const unit = z.string({ error: 'required: the video ad unit' }).regex(AD_UNIT_PATTERN, 'must be 1 to 200 letters, digits, _ . / -');
const market = z.enum(['ma', 'intl'], { error: 'must be ma or intl' }).default('ma');

export const vastQuery = z.object({
  unit,
  lang: z.enum(LOCALES, { error: 'must be ar or fr' }).default(DEFAULT_LOCALE),
  market,
});

export const trackQuery = z.object({
  e: z.enum(TRACKED_EVENTS, { error: `must be one of ${TRACKED_EVENTS.join(', ')}` }),
  c: z.coerce.number({ error: 'must be a creative id' }).int('must be a creative id').positive('must be a creative id'),
  u: unit,
  m: market,
  /** VAST error code of an error event (three digits, else dropped). */
  code: z.string().optional(),
});

/** The smallest transparent GIF: the answer to a tracking pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (v !== '' && !(k in out)) out[k] = v;
  return out;
}

function invalid(error: z.ZodError): Response {
  const lines = error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`);
  return new Response(`Invalid request\n${lines.join('\n')}\n`, {
    status: 422,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The site's public origin, for the absolute URLs VAST and click-throughs
 * need: always SITE_URL, never the request's Host or X-Forwarded-* headers
 * (a forged Host would otherwise end up in Location and in VAST XML).
 */
function publicOrigin(): string {
  return new URL(getConfig().SITE_URL).origin;
}

export async function handleVastRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const parsed = vastQuery.safeParse(queryOf(url));
  if (!parsed.success) return invalid(parsed.error);
  const xml = await houseVast(await getDb(), { ...parsed.data, origin: publicOrigin() });
  return new Response(xml, {
    status: 200,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'no-store',
      // VAST is fetched by players on other sites too. It is the same for
      // everyone and reads no cookie: any origin may read it, never with
      // credentials (reflecting Origin with credentials would let any site
      // read answers made with the visitor's cookies).
      'Access-Control-Allow-Origin': '*',
    },
  });
}

export async function handleTrackRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const parsed = trackQuery.safeParse(queryOf(url));
  if (!parsed.success) return invalid(parsed.error);
  const q = parsed.data;
  const stored = await recordAdEvent(await getDb(), {
    event: q.e,
    creativeId: q.c,
    unit: q.u,
    market: q.m,
    detail: q.e === 'error' && q.code && /^\d{3}$/.test(q.code) ? q.code : null,
  });
  if (!stored) {
    return new Response('Unknown creative\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(PIXEL, {
    status: 200,
    headers: { 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length), 'Cache-Control': 'no-store' },
  });
}

/* ------------------------------------------------------------ display ads */

export const bannerQuery = z.object({
  unit,
  format: z.enum(['banner', 'skin'], { error: 'must be banner or skin' }).default('banner'),
  sizes: z
    .string()
    .default('')
    .transform((v) => parseSizes(v)),
  lang: z.enum(LOCALES, { error: 'must be ar or fr' }).default(DEFAULT_LOCALE),
  /**
   * auto (or none): the server decides the visitor's country from the
   * request, as /geo/json.gp does for the visitor's own address (CDN
   * header, else the local database), so a slot need not wait for the
   * browser's lookup. ma: the visitor is in Morocco (no lookup); intl:
   * abroad (the lookup names the country when it can).
   */
  market: z.enum(['ma', 'intl', 'auto'], { error: 'must be ma, intl or auto' }).default('auto'),
}).refine((q) => q.format === 'skin' || q.sizes.length > 0, { path: ['sizes'], message: 'required for a banner: sizes such as 728x90,468x60' });

/** The served impression's signed token (event-tokens.ts); a missing or malformed one is refused as forged, not as a bad request. */
const token = z.string().max(100).optional();

export const bannerEventQuery = z.object({
  e: z.enum(BANNER_EVENTS.filter((e) => e !== 'click') as ['impression', 'viewable'], { error: 'must be impression or viewable' }),
  b: z.coerce.number({ error: 'must be a banner id' }).int('must be a banner id').positive('must be a banner id'),
  u: unit,
  m: market,
  t: token,
});

export const bannerClickQuery = z.object({
  b: z.coerce.number({ error: 'must be a banner id' }).int('must be a banner id').positive('must be a banner id'),
  u: unit,
  m: market,
  lang: z.enum(LOCALES, { error: 'must be ar or fr' }).default(DEFAULT_LOCALE),
  t: token,
});

let eventLimiter: Limiter | undefined;

/** What counting an event needs: the signing key, the per-address limiter, who is asking. */
async function eventDeps(db: DB, request: Request, peer: string | undefined) {
  const config = getConfig();
  eventLimiter ??= storeLimiter(getDb, { name: 'ad-events', points: config.AD_EVENTS_RATE_PER_MIN, durationSec: 60 });
  return {
    deps: { key: await tokenKey(db, config.AD_TOKEN_SECRET), limiter: eventLimiter },
    address: addressKey(clientAddress(request, peer, proxyTrust(config))),
    userAgent: request.headers.get('user-agent'),
  };
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function unknownBanner(): Response {
  return new Response('Unknown banner\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
}

export type BannerQuery = z.output<typeof bannerQuery>;

/** What GET /ads/banner answers: the banner (null when none fits) and the visitor's market (what its events record). */
export interface BannerAnswer {
  ad: BannerAd | null;
  market: Market;
}

/**
 * The visitor a slot's banner is chosen for (ADR 053): `market=ma` is
 * Morocco without asking; otherwise `visitorCountry` (the requesting
 * visitor's ISO code, null when unknown) names the country. Its market is
 * intl for a known country other than Morocco, or when the slot said intl;
 * else ma (a country not known counts as home, as the country flag does).
 * A lookup that fails is a country not known: never an error.
 */
export async function bannerVisitor(market: BannerQuery['market'], visitorCountry: () => Promise<string | null>): Promise<{ market: Market; country: string | null }> {
  if (market === 'ma') return { market: 'ma', country: MOROCCO };
  const code = targetCountry(await visitorCountry().catch(() => null));
  if (market === 'intl') return { market: 'intl', country: code === MOROCCO ? null : code };
  return { market: code !== null && code !== MOROCCO ? 'intl' : 'ma', country: code };
}

/** The banner for a slot, for the visitor's country (bannerVisitor). The event and click URLs carry the visitor's market. */
export async function bannerAnswer(db: DB, query: BannerQuery, origin: string, visitorCountry: () => Promise<string | null>, key: Buffer): Promise<BannerAnswer> {
  const visitor = await bannerVisitor(query.market, visitorCountry);
  const ad = await houseBanner(db, { ...query, ...visitor }, origin, key);
  return { ad, market: visitor.market };
}

/** GET /ads/banner: `{ ad, market }` for a slot (`ad` null when no banner fits). */
export async function handleBannerRequest(request: Request, peer: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const parsed = bannerQuery.safeParse(queryOf(url));
  if (!parsed.success) return invalid(parsed.error);
  const db = await getDb();
  const key = await tokenKey(db, getConfig().AD_TOKEN_SECRET);
  const answer = await bannerAnswer(db, parsed.data, publicOrigin(), async () => (await visitorCountry(request, peer)).code, key);
  // One visitor's answer (chosen for their country) is never kept for another: no-store.
  return Response.json(answer, { headers: NO_STORE });
}

/**
 * GET or POST (sendBeacon) /ads/banner/event: an impression or a viewable
 * impression. 204 whether it was counted or refused (event-tokens.ts: the
 * report tells them apart; `X-Ad-Event` says which, for the slot's tests).
 */
export async function handleBannerEvent(request: Request, peer: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const parsed = bannerEventQuery.safeParse(queryOf(url));
  if (!parsed.success) return invalid(parsed.error);
  const q = parsed.data;
  const db = await getDb();
  const { deps, address, userAgent } = await eventDeps(db, request, peer);
  const result = await recordBannerEvent(db, { event: q.e, bannerId: q.b, unit: q.u, market: q.m, token: q.t, address, userAgent }, deps);
  if (!result) return unknownBanner();
  return new Response(null, { status: 204, headers: { ...NO_STORE, 'X-Ad-Event': result.counted ? 'counted' : 'refused' } });
}

/** GET /ads/banner/click: counts the click (once per impression) and sends the visitor to the advertiser (the store's URL only: no open redirect). */
export async function handleBannerClick(request: Request, peer: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const parsed = bannerClickQuery.safeParse(queryOf(url));
  if (!parsed.success) return invalid(parsed.error);
  const q = parsed.data;
  const db = await getDb();
  const { deps, address, userAgent } = await eventDeps(db, request, peer);
  const result = await recordBannerEvent(db, { event: 'click', bannerId: q.b, unit: q.u, market: q.m, token: q.t, address, userAgent }, deps);
  if (!result) return unknownBanner();
  return redirectResponse(clickDestination(result.banner, q.lang, publicOrigin()), 302, {
    external: true,
    headers: { ...NO_STORE, 'X-Ad-Event': result.counted ? 'counted' : 'refused' },
  });
}
