/**
 * The page's display ad slots (docs/product.md, Footer, Ads, Content "Ad slot settings"):
 *
 *  - the top banner, one slot per width band: `top-mobile` (375-413 px),
 *    `top-web` (414-969 px), and from 970 px the desktop `skin`;
 *  - `rectangle`, beside the content (home, articles), with a desktop and a
 *    mobile variant either side of the 970 px breakpoint;
 *  - `footer-1` and `footer-2`, the footer's two invisible out-of-page slots
 *    (interstitial and the like: only an ad network such as Google Ad Manager
 *    fills them; the house server has no such format).
 *
 * The ad units below are the house server's. The web team points each slot
 * at its real ad units (and sizes…) with AD_SLOTS_FILE, a JSON object of
 * partial settings by slot name, e.g.
 *   { "top-web": { "mobileSlotId": "/21700000/2M/web/top" } }
 * checked at start: a bad file stops the server with a message.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  AD_BANDS,
  AD_MOBILE_BREAKPOINT,
  AD_REFRESH_AFTER_MS,
  type AdSlotSettings,
  type DisplayAdsClientConfig,
} from '../../lib/ads/display.ts';
import { AD_UNIT_PATTERN } from '../../lib/ad-config.ts';
import { ConfigError, getConfig, type Config } from '../config.ts';

const SLOT_NAMES = ['top-mobile', 'top-web', 'skin', 'rectangle', 'footer-1', 'footer-2'] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

const base = {
  mobileBreakpoint: AD_MOBILE_BREAKPOINT,
  refreshAfter: AD_REFRESH_AFTER_MS,
  useBgColor: true,
  useBgImage: false,
  bgImage: null,
  bgLink: null,
  width: null,
  maxWidth: null,
  kind: 'banner',
} as const satisfies Partial<AdSlotSettings>;

export const DEFAULT_SLOTS: Record<SlotName, AdSlotSettings> = {
  'top-mobile': {
    ...base,
    slotId: '/2M/mobile/top',
    mobileSlotId: '/2M/mobile/top',
    sizes: [[320, 100], [320, 50]],
    mobileSizes: [[320, 100], [320, 50]],
    divId: 'ad-top-mobile',
    minWidth: AD_BANDS.mobile.min,
    maxWidth: AD_BANDS.mobile.max,
    width: 320,
    minHeight: 100,
    uniqueClass: 'ad-top-mobile',
  },
  'top-web': {
    ...base,
    slotId: '/2M/web/top',
    mobileSlotId: '/2M/web/top',
    // The widest that fits: 728×90 from about 760 px, 468×60 from 500, else a mobile banner.
    sizes: [[728, 90], [468, 60], [320, 100], [320, 50]],
    mobileSizes: [[728, 90], [468, 60], [320, 100], [320, 50]],
    divId: 'ad-top-web',
    minWidth: AD_BANDS.web.min,
    maxWidth: AD_BANDS.web.max,
    width: 728,
    minHeight: 100,
    uniqueClass: 'ad-top-web',
  },
  skin: {
    ...base,
    slotId: '/2M/desktop/skin',
    mobileSlotId: '/2M/desktop/skin',
    sizes: [[1, 1]],
    mobileSizes: [[1, 1]],
    divId: 'ad-skin',
    useBgColor: false,
    useBgImage: true,
    minWidth: AD_BANDS.desktop.min,
    minHeight: 0,
    uniqueClass: 'ad-skin',
    kind: 'skin',
  },
  rectangle: {
    ...base,
    slotId: '/2M/desktop/rectangle',
    mobileSlotId: '/2M/mobile/rectangle',
    sizes: [[300, 600], [300, 250]],
    mobileSizes: [[300, 250]],
    divId: 'ad-rectangle',
    minWidth: 300,
    width: 300,
    minHeight: 250,
    uniqueClass: 'ad-rectangle',
  },
  'footer-1': {
    ...base,
    slotId: '/2M/oop/interstitial',
    mobileSlotId: '/2M/oop/interstitial',
    sizes: [],
    mobileSizes: [],
    divId: 'ad-footer-1',
    useBgColor: false,
    minWidth: 0,
    minHeight: 0,
    uniqueClass: 'ad-slot-invisible',
    kind: 'out-of-page',
  },
  'footer-2': {
    ...base,
    slotId: '/2M/oop/footer',
    mobileSlotId: '/2M/oop/footer',
    sizes: [],
    mobileSizes: [],
    divId: 'ad-footer-2',
    useBgColor: false,
    minWidth: 0,
    minHeight: 0,
    uniqueClass: 'ad-slot-invisible',
    kind: 'out-of-page',
  },
};

const unit = z.string().regex(AD_UNIT_PATTERN, 'must be an ad unit: 1 to 200 letters, digits, _ . / -');
const size = z.tuple([z.number().int().min(1).max(4000), z.number().int().min(1).max(4000)]);
const px = z.number().int().min(0).max(10_000);
const override = z
  .object({
    slotId: unit,
    mobileSlotId: unit,
    sizes: z.array(size).max(20),
    mobileSizes: z.array(size).max(20),
    divId: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must be an element id'),
    mobileBreakpoint: px,
    refreshAfter: z.number().int().min(0).max(60_000),
    useBgColor: z.boolean(),
    useBgImage: z.boolean(),
    bgImage: z.string().min(1).max(2000).nullable(),
    bgLink: z.url({ protocol: /^https?$/ }).nullable(),
    width: px.nullable(),
    minWidth: px,
    maxWidth: px.nullable(),
    minHeight: px,
    uniqueClass: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must be a class name'),
  })
  .strict()
  .partial();
const slotsFile = z.object(Object.fromEntries(SLOT_NAMES.map((n) => [n, override.optional()])) as Record<SlotName, z.ZodOptional<typeof override>>).strict();

/** The slots with AD_SLOTS_FILE's overrides; throws ConfigError for a bad file. */
export function loadSlots(file: string | undefined): Record<SlotName, AdSlotSettings> {
  if (!file) return DEFAULT_SLOTS;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  AD_SLOTS_FILE: cannot read ${file} as JSON (${(err as Error).message})`);
  }
  const parsed = slotsFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  AD_SLOTS_FILE ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const out = { ...DEFAULT_SLOTS };
  for (const name of SLOT_NAMES) {
    const o = parsed.data[name];
    if (o) out[name] = { ...DEFAULT_SLOTS[name], ...o } as AdSlotSettings;
  }
  return out;
}

let cached: Record<SlotName, AdSlotSettings> | undefined;

/** The slots of this configuration (read once). */
export function displaySlots(config: Config = getConfig()): Record<SlotName, AdSlotSettings> {
  cached ??= loadSlots(config.AD_SLOTS_FILE);
  return cached;
}

/** What the ad islands need to know of the configuration. */
export function displayAdsClientConfig(config: Config = getConfig()): DisplayAdsClientConfig {
  return {
    provider: config.AD_DISPLAY_PROVIDER,
    providerAbroad: config.AD_DISPLAY_PROVIDER_ABROAD,
    gptScriptUrl: config.AD_GPT_SCRIPT_URL,
  };
}
