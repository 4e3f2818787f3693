/**
 * The house ad server's display side (ADR 008): picks a banner
 * for a slot (its sizes, the visitor's country: ADR 053) among the store's
 * active banners, and records what the slots report (impression, viewable,
 * click).
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { AdSize } from '../../lib/ads/display.ts';
import { absoluteUrl, inCampaign, pickCreative, type Market } from './house.ts';
import { COUNTRY_RULES, shownTo, type CountryRule } from '../../lib/countries.ts';
import { isBotAgent, recordRefusal, signToken, verifyToken, type RefusalReason } from './event-tokens.ts';
import type { Limiter } from '../http/index.ts';
import type { Locale } from '../../i18n/locales.ts';

export type Banner = Row<'ad_banners'>;
export type BannerFormat = Banner['format'];
export const BANNER_EVENTS = ['impression', 'viewable', 'click'] as const;
type BannerEvent = (typeof BANNER_EVENTS)[number];

/** What a slot receives: everything it needs to draw the ad and report on it. */
export interface BannerAd {
  id: number;
  format: BannerFormat;
  width: number;
  height: number;
  image: string | null;
  image2x: string | null;
  /** The same picture in AVIF at 1x and 2x (a desk creative's renditions), offered before `image`; null: none stored. */
  avif: string | null;
  avif2x: string | null;
  /** The ad's words in the visitor's language (drawn, or the picture's alternative text). */
  headline: string;
  cta: string | null;
  textOverlay: boolean;
  bgColor: string | null;
  /** The click goes through our click counter, which redirects to the advertiser. */
  href: string;
  /** The click leads to another site than ours (the slot opens it in a new tab). */
  external: boolean;
  /** Where the slot reports the impression and, once seen, the viewable impression. */
  impression: string;
  viewable: string;
}

export interface BannerRequest {
  unit: string;
  format: BannerFormat;
  /** Sizes the slot can hold, best first (ignored for a skin). */
  sizes: AdSize[];
  lang: Locale;
  /** The visitor's market, as the events record it: ma (Morocco, or a country not known), intl (abroad). */
  market: Market;
  /** The visitor's ISO 3166-1 alpha-2 code; null when not known (then only the banners shown everywhere fit, or, abroad, those kept only from Morocco). */
  country: string | null;
}

/** A banner's countries as stored (a JSON array of codes); a malformed value reads as none. */
export function bannerCountries(banner: Pick<Banner, 'countries'>): string[] {
  try {
    const list: unknown = JSON.parse(banner.countries);
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** A banner's country rule as stored; an unknown one reads as `only` (with its list: shown nowhere unexpected). */
export function bannerRule(banner: Pick<Banner, 'country_rule'>): CountryRule {
  return (COUNTRY_RULES as readonly string[]).includes(banner.country_rule) ? banner.country_rule : 'only';
}

/** Whether a banner is shown to the visitor of a request (src/lib/countries.ts). */
function bannerShownTo(banner: Pick<Banner, 'country_rule' | 'countries'>, req: Pick<BannerRequest, 'market' | 'country'>): boolean {
  return shownTo(bannerRule(banner), bannerCountries(banner), { code: req.country, abroad: req.market === 'intl' });
}

/**
 * Active banners of a format inside their campaign window that are shown
 * to the visitor's country. None of another country stands in: a banner
 * kept for France is never shown in Morocco.
 */
export async function eligibleBanners(db: DB, format: BannerFormat, visitor: Pick<BannerRequest, 'market' | 'country'>, now: Date): Promise<Banner[]> {
  const rows = await db
    .selectFrom('ad_banners')
    .selectAll()
    .where('format', '=', format)
    .where('is_active', '=', 1)
    .where('weight', '>', 0)
    .where(inCampaign(now))
    .orderBy('id')
    .execute();
  return rows.filter((r) => bannerShownTo(r, visitor));
}

/**
 * The banner for a request: among the eligible ones, those of the first
 * requested size that has any (the slot lists its sizes best first), chosen
 * by weight. A skin ignores sizes. Null when nothing fits.
 */
export function chooseBanner(rows: readonly Banner[], req: Pick<BannerRequest, 'format' | 'sizes'>, random: () => number = Math.random): Banner | null {
  if (req.format === 'skin') return pickCreative(rows, random);
  for (const [w, h] of req.sizes) {
    const fit = rows.filter((r) => r.width === w && r.height === h);
    if (fit.length > 0) return pickCreative(fit, random);
  }
  return null;
}

/** The event URLs' query: the banner, unit and market, and the served impression's signed token (event-tokens.ts). */
function eventQuery(banner: Banner, req: Pick<BannerRequest, 'unit' | 'market'>, token: string): string {
  return new URLSearchParams({ b: String(banner.id), u: req.unit, m: req.market, t: token }).toString();
}

export function bannerAd(banner: Banner, req: BannerRequest, origin: string, token: string): BannerAd {
  const q = eventQuery(banner, req, token);
  const headline = (req.lang === 'ar' ? banner.headline_ar : banner.headline_fr) ?? banner.headline_fr ?? banner.headline_ar ?? banner.name;
  const cta = req.lang === 'ar' ? banner.cta_ar : banner.cta_fr;
  return {
    id: banner.id,
    format: banner.format,
    width: banner.width,
    height: banner.height,
    image: banner.image_url ? absoluteUrl(banner.image_url, origin) : null,
    image2x: banner.image_2x_url ? absoluteUrl(banner.image_2x_url, origin) : null,
    avif: banner.image_avif_url ? absoluteUrl(banner.image_avif_url, origin) : null,
    avif2x: banner.image_avif_url && banner.image_avif_2x_url ? absoluteUrl(banner.image_avif_2x_url, origin) : null,
    headline,
    cta: cta ?? null,
    textOverlay: banner.text_overlay === 1,
    bgColor: banner.bg_color,
    href: `${origin}/ads/banner/click?${q}&lang=${req.lang}`,
    external: new URL(clickDestination(banner, req.lang, origin)).origin !== new URL(origin).origin,
    impression: `${origin}/ads/banner/event?e=impression&${q}`,
    viewable: `${origin}/ads/banner/event?e=viewable&${q}`,
  };
}

/** The ad for a slot, or null (no banner fits: the slot stays empty). `key` signs its impression's token. */
export async function houseBanner(db: DB, req: BannerRequest, origin: string, key: Buffer, now: Date = new Date(), random: () => number = Math.random): Promise<BannerAd | null> {
  const banner = chooseBanner(await eligibleBanners(db, req.format, req, now), req, random);
  return banner ? bannerAd(banner, req, origin, signToken(key, { bannerId: banner.id, unit: req.unit, market: req.market }, now.getTime())) : null;
}

export interface BannerEventInput {
  event: BannerEvent;
  bannerId: number;
  unit: string;
  market: Market;
  /** The served impression's token (the `t` of its event URLs). */
  token: string | undefined;
  /** The visitor's address (its limit key) and user agent. */
  address: string;
  userAgent: string | null;
}

export interface BannerEventDeps {
  key: Buffer;
  /** Events per address (AD_EVENTS_RATE_PER_MIN a minute). */
  limiter: Limiter;
  now?: Date;
}

/**
 * Counts one event when it may be (event-tokens.ts: no bot, a valid token,
 * the address within its limit, the first of its kind for the impression),
 * else counts its refusal. The banner row (a click's destination) and
 * whether it was counted; undefined when the banner does not exist.
 */
export async function recordBannerEvent(db: DB, input: BannerEventInput, deps: BannerEventDeps): Promise<{ banner: Banner; counted: boolean } | undefined> {
  const banner = await db.selectFrom('ad_banners').selectAll().where('id', '=', input.bannerId).executeTakeFirst();
  if (!banner) return undefined;
  const now = deps.now ?? new Date();
  const refuse = async (reason: RefusalReason) => {
    await recordRefusal(db, banner.id, input.event, reason, now);
    return { banner, counted: false };
  };
  if (isBotAgent(input.userAgent)) return refuse('bot');
  const checked = verifyToken(deps.key, input.token, { bannerId: banner.id, unit: input.unit, market: input.market }, now.getTime());
  if ('refused' in checked) return refuse(checked.refused);
  // A repeat is refused before the address's limit is counted: only events that would count use it up.
  const seen = await db.selectFrom('ad_banner_events').select('id').where('impression_id', '=', checked.id).where('event', '=', input.event).executeTakeFirst();
  if (seen) return refuse('repeat');
  if ((await deps.limiter.take(input.address)) > 0) return refuse('rate');
  const inserted = await db
    .insertInto('ad_banner_events')
    .values({ banner_id: banner.id, unit: input.unit, market: input.market, event: input.event, impression_id: checked.id })
    .onConflict((oc) => oc.columns(['impression_id', 'event']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return refuse('repeat');
  return { banner, counted: true };
}

/** Where a click on the banner goes ("{lang}" filled in, paths made absolute). */
export function clickDestination(banner: Banner, lang: Locale, origin: string): string {
  return absoluteUrl(banner.click_url.replaceAll('{lang}', lang), origin);
}
