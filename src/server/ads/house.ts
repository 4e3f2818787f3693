/**
 * The house ad server (ADR 008): answers VAST for a video ad unit
 * with one linear ad chosen, by weight, among the active creatives of the
 * requested market; the tracking URLs it announces land in /ads/track.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import { DEFAULT_SKIP_AFTER_SECONDS } from '../../lib/ad-config.ts';
import { buildVast, emptyVast, LINEAR_TRACKING_EVENTS, type VastLinearAd } from './vast-xml.ts';
import type { Locale } from '../../i18n/locales.ts';

export type Market = 'ma' | 'intl';
export type Creative = Row<'ad_creatives'>;

const HOUSE_AD_SYSTEM = '2M House Ads';

/**
 * Creatives that may be served now in a market: active, inside their
 * campaign window. When the market has none, the other market's creatives
 * stand in (house ads are the last resort); none at all → empty list.
 */
export async function eligibleCreatives(db: DB, market: Market, now: Date): Promise<Creative[]> {
  const rows = await db
    .selectFrom('ad_creatives')
    .selectAll()
    .where('is_active', '=', 1)
    .where('weight', '>', 0)
    .where(inCampaign(now))
    .orderBy('id')
    .execute();
  return ownMarketFirst(rows, market);
}

/**
 * The campaign window of a house ad (video creative or banner: both tables
 * have `starts_at` and `ends_at`, either open): `now` lies inside it.
 */
export function inCampaign(now: Date): Expression<SqlBool> {
  const iso = now.toISOString();
  return sql<SqlBool>`(starts_at is null or starts_at <= ${iso}) and (ends_at is null or ends_at > ${iso})`;
}

/** The video creatives of the visitor's market; when it has none, the other market's stand in (house ads are the last resort; banners go by country, ADR 053). */
function ownMarketFirst(rows: Creative[], market: Market): Creative[] {
  const own = rows.filter((r) => r.market === market);
  return own.length > 0 ? own : rows;
}

/** Weighted random choice; `random` returns a number in [0, 1). */
export function pickCreative<T extends { weight: number }>(rows: readonly T[], random: () => number = Math.random): T | null {
  const total = rows.reduce((sum, r) => sum + Math.max(0, r.weight), 0);
  if (total <= 0) return null;
  let point = random() * total;
  for (const r of rows) {
    point -= Math.max(0, r.weight);
    if (point < 0) return r;
  }
  return rows[rows.length - 1] ?? null;
}

/** A path ("/x") made absolute against the server's origin; absolute URLs kept. */
export function absoluteUrl(urlOrPath: string, origin: string): string {
  return new URL(urlOrPath, origin).toString();
}

export interface VastRequest {
  unit: string;
  lang: Locale;
  market: Market;
  /** Origin the tracking and media URLs are made absolute against. */
  origin: string;
}

/** The tracking URL of one event ([CACHEBUSTING] is filled in by the player). */
function trackingUrl(origin: string, event: string, creativeId: number, unit: string, market: Market, extra = ''): string {
  const q = new URLSearchParams({ e: event, c: String(creativeId), u: unit, m: market });
  // Macros stay unencoded so the VAST client can find and replace them.
  return `${origin}/ads/track?${q.toString()}${extra}&cb=[CACHEBUSTING]`;
}

export function vastAdFor(creative: Creative, req: VastRequest, servingId: string = randomUUID()): VastLinearAd {
  const { origin, unit, market } = req;
  const t = (event: string, extra = '') => trackingUrl(origin, event, creative.id, unit, market, extra);
  const tracking: VastLinearAd['tracking'] = {};
  for (const event of LINEAR_TRACKING_EVENTS) tracking[event] = t(event);
  return {
    id: `2m-house-${creative.id}`,
    adSystem: HOUSE_AD_SYSTEM,
    title: creative.name,
    durationS: creative.duration_s,
    skipAfterS: DEFAULT_SKIP_AFTER_SECONDS,
    media: {
      url: absoluteUrl(creative.media_url, origin),
      mime: creative.mime,
      width: creative.width,
      height: creative.height,
      bitrateKbps: creative.bitrate,
    },
    clickThrough: creative.click_url ? absoluteUrl(creative.click_url.replaceAll('{lang}', req.lang), origin) : null,
    clickTracking: creative.click_url ? t('click') : null,
    impression: t('impression'),
    error: t('error', '&code=[ERRORCODE]'),
    tracking,
    servingId,
  };
}

/** The VAST document for one request: one house ad, or an empty VAST when there is none. */
export async function houseVast(db: DB, req: VastRequest, now: Date = new Date(), random: () => number = Math.random): Promise<string> {
  const creative = pickCreative(await eligibleCreatives(db, req.market, now), random);
  return creative ? buildVast(vastAdFor(creative, req)) : emptyVast();
}
