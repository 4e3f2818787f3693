/**
 * Display ads: the slot settings of docs/product.md, Content ("Ad slot settings") and the
 * rules of docs/product.md, Ads, Limits, as pure functions shared by the server (which
 * hands the settings to the page) and the ad islands (which apply them).
 *
 * A slot has a desktop and a mobile variant: below `mobileBreakpoint` (970 px
 * by default) it requests `mobileSlotId` with `mobileSizes`, from there up
 * `slotId` with `sizes`; crossing the breakpoint rebuilds it 50 ms later.
 * It shows only while the window is `minWidth` to `maxWidth` wide: the top
 * banner is three slots, one per width band (375-413 px mobile, 414-969 px
 * web, 970 px and up the desktop skin).
 */

/** An ad size [width, height] in CSS pixels. */
export type AdSize = readonly [number, number];

/** What a slot holds: a banner, the desktop skin, or an out-of-page format (interstitial…) that takes no room. */
export type AdSlotKind = 'banner' | 'skin' | 'out-of-page';

/** Ad targeting: key and value pairs (docs/product.md, Content). */
export type AdTargeting = readonly (readonly [string, string])[];

/** docs/product.md, Content "Ad slot settings", plus the window band and kind the page needs. */
export interface AdSlotSettings {
  /** Ad unit of the desktop variant, e.g. /2M/desktop/skin (with GPT: /<network code>/…). */
  slotId: string;
  /** Ad unit below mobileBreakpoint. */
  mobileSlotId: string;
  sizes: AdSize[];
  mobileSizes: AdSize[];
  /** Id of the slot's element (unique on the page). */
  divId: string;
  /** Window width from which the desktop variant is used (docs/product.md, Limits: 970). */
  mobileBreakpoint: number;
  /** Milliseconds between a change (targeting, variant) and the refresh (docs/product.md, Limits: 50). */
  refreshAfter: number;
  /** Paint the slot's box in the ad background colour (docs/product.md, Limits: rgb(249,249,249)). */
  useBgColor: boolean;
  /** Skin: the creative's picture becomes the page background beside the content. */
  useBgImage: boolean;
  /** Skin: a background picture and link used when the creative brings none. */
  bgImage: string | null;
  bgLink: string | null;
  /** Largest width of the slot's box in px (null: the container's). */
  width: number | null;
  /** The slot shows from this window width (px)… */
  minWidth: number;
  /** …up to this one (null: no upper bound). */
  maxWidth: number | null;
  /** Height kept for the slot before its ad arrives (no layout shift). */
  minHeight: number;
  /** Class name on the slot's element, for the site's styles. */
  uniqueClass: string;
  kind: AdSlotKind;
}

/** docs/product.md, Limits constants. */
export const AD_MOBILE_BREAKPOINT = 970;
export const AD_REFRESH_AFTER_MS = 50;
/** The ad provider's script is polled this often until it is ready. */
export const AD_SCRIPT_POLL_MS = 500;
/** A slot is rebuilt this long after the window crossed its breakpoint. */
export const AD_REBUILD_AFTER_MS = 50;
/** Window size is checked again this long after the last resize event. */
export const AD_RESIZE_RECHECK_MS = 50;
/** An ad stays at least this long before a refresh replaces it. */
export const AD_MIN_DURATION_MS = 5000;
export const AD_BG_COLOR = 'rgb(249,249,249)';
/** Distance from the top of the page at which the desktop skin starts (below the header). */
export const AD_SKIN_OFFSET = 173;
/** The width bands of the top banner (docs/product.md, Limits "Skin widths"). */
export const AD_BANDS = {
  mobile: { min: 375, max: 413 },
  web: { min: 414, max: 969 },
  desktop: { min: 970, max: null },
} as const;
/** How long a slot waits for the country flag before choosing its provider. */
export const AD_COUNTRY_WAIT_MS = 1500;

/** A slot's ad unit and sizes at a window width. */
export interface AdVariant {
  variant: 'desktop' | 'mobile';
  unit: string;
  sizes: AdSize[];
}

export function variantAt(settings: AdSlotSettings, windowWidth: number): AdVariant {
  return windowWidth >= settings.mobileBreakpoint
    ? { variant: 'desktop', unit: settings.slotId, sizes: settings.sizes }
    : { variant: 'mobile', unit: settings.mobileSlotId, sizes: settings.mobileSizes };
}

/** Whether the slot shows at this window width. */
export function activeAt(settings: AdSlotSettings, windowWidth: number): boolean {
  return windowWidth >= settings.minWidth && (settings.maxWidth === null || windowWidth <= settings.maxWidth);
}

/**
 * The slot's state at a window width: `null` when it does not show there,
 * else a key that changes exactly when the slot must be rebuilt.
 */
export function slotStateAt(settings: AdSlotSettings, windowWidth: number): string | null {
  return activeAt(settings, windowWidth) ? variantAt(settings, windowWidth).variant : null;
}

/** The sizes that fit a box `available` px wide (a banner must never overflow), widest first, then tallest. */
export function fittingSizes(sizes: readonly AdSize[], available: number): AdSize[] {
  return sizes.filter(([w]) => w <= available).sort((a, b) => b[0] - a[0] || b[1] - a[1]);
}

/** "728x90,468x60" */
export function formatSizes(sizes: readonly AdSize[]): string {
  return sizes.map(([w, h]) => `${w}x${h}`).join(',');
}

/** The inverse of formatSizes; malformed parts are dropped. */
export function parseSizes(text: string): AdSize[] {
  const out: AdSize[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d{1,4})x(\d{1,4})$/.exec(part.trim());
    if (m) out.push([Number(m[1]), Number(m[2])]);
  }
  return out;
}

/** Same pairs in the same order. */
export function sameTargeting(a: AdTargeting, b: AdTargeting): boolean {
  return a.length === b.length && a.every(([k, v], i) => b[i]?.[0] === k && b[i]?.[1] === v);
}

/** Where the desktop skin sits for a scroll position. */
export interface SkinPlacement {
  position: 'absolute' | 'fixed';
  /** Top edge: in the document (absolute) or in the window (fixed). */
  top: number;
  /** Its height: the window's, cut short so it never runs into the stop. */
  height: number;
}

/**
 * docs/product.md, Ads: the skin starts `offset` px from the top of the page; once
 * scrolled past, it stays fixed at the top of the window; it turns absolute
 * again, resting on the stop (the bulletin section or the footer), when it
 * would overlap it.
 *
 * @param scrollY   the window's scroll position
 * @param height    the window's height
 * @param stopTop   document position of the stop's top edge (null: none)
 */
export function skinPlacement(scrollY: number, height: number, stopTop: number | null, offset = AD_SKIN_OFFSET): SkinPlacement {
  if (stopTop !== null && Math.max(scrollY, offset) + height > stopTop) {
    const top = Math.max(offset, stopTop - height);
    return { position: 'absolute', top, height: Math.max(0, Math.min(height, stopTop - top)) };
  }
  if (scrollY > offset) return { position: 'fixed', top: 0, height };
  return { position: 'absolute', top: offset, height };
}

export type DisplayProviderName = 'house' | 'gpt';

/** What the ad islands know of the configuration (serialisable: passed as props). */
export interface DisplayAdsClientConfig {
  /** Provider for visitors in Morocco (country flag 0). */
  provider: DisplayProviderName;
  /** Provider for visitors abroad (country flag 1). */
  providerAbroad: DisplayProviderName;
  /** Where Google Publisher Tag loads from (used only by the gpt provider). */
  gptScriptUrl: string;
}
