/**
 * One display ad slot's life (docs/product.md, Ads, States "Ad slots",
 * Errors, Limits), without a framework: the banners (mount-slots.ts) and the
 * desktop skin's island (use-ad-slot.ts) both run it.
 *
 *  - it shows only in its window band (settings minWidth..maxWidth); the
 *    window is checked again 50 ms after the last resize;
 *  - crossing the breakpoint (mobile ↔ desktop variant) or leaving/entering
 *    the band removes the ad at once and rebuilds the slot 50 ms later;
 *  - the provider follows the country flag (provider.ts chooseSlotProvider:
 *    with the house server for both flags nothing waits, the server picks
 *    the market; else the flag is waited for up to 1.5 s, flag 0 past it),
 *    loaded on demand;
 *  - banners ask only for sizes that fit the slot's box;
 *  - when the targeting changes (the page's, the country flag, signing in)
 *    the ad is refreshed `refreshAfter` ms later, but never before it has
 *    been shown for 5 s;
 *  - any failure is logged as "ad error" and the slot collapses; a provider
 *    with nothing to show collapses it too, silently.
 *
 * When a slot starts is its mounter's choice (a slot below the first
 * screen starts once it nears the screen: mount-slots.ts).
 */
import {
  AD_COUNTRY_WAIT_MS,
  AD_MIN_DURATION_MS,
  AD_REBUILD_AFTER_MS,
  AD_RESIZE_RECHECK_MS,
  fittingSizes,
  sameTargeting,
  slotStateAt,
  variantAt,
  type AdSlotSettings,
  type AdTargeting,
  type DisplayAdsClientConfig,
} from '../../lib/ads/display.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $adTargeting, setPageTargeting } from '../../stores/ads.ts';
import { detectCountry, detectCountryWithin, knownCountry } from '../geo/country.ts';
import { chooseSlotProvider, loadProvider, logAdError, type CountrySource, type HouseAd, type ServedAd } from './provider.ts';

const country: CountrySource = {
  known: knownCountry,
  within: detectCountryWithin,
  start: () => void detectCountry(),
};

type SlotStatus = 'idle' | 'loading' | 'filled' | 'empty' | 'error';

export interface AdSlotProps {
  settings: AdSlotSettings;
  locale: Locale;
  config: DisplayAdsClientConfig;
  /** What the page says of itself (language, page type, section…). */
  targeting: AdTargeting;
}

/** What the slot shows, each time it changes. */
export interface SlotState {
  status: SlotStatus;
  /** The house ad to draw (null while none, or when the provider draws into the box itself). */
  house: HouseAd | null;
  /** The ad unit the ad was asked for. */
  unit: string | null;
}

interface Served {
  ad: ServedAd;
  unit: string;
  at: number;
  targeting: AdTargeting;
}

/**
 * Starts the slot whose ad goes into `container` (its id is the slot's
 * divId); `onChange` hears every new state. Returns the function that ends
 * it (the ad is destroyed, nothing more is asked).
 */
export function startAdSlot({ settings, locale, config, targeting }: AdSlotProps, container: HTMLElement, onChange: (state: SlotState) => void): () => void {
  setPageTargeting(targeting);
  let status: SlotStatus = 'idle';
  let served: Served | null = null;
  /** Ends what the current build asked for (its request, its ad, its pending refresh). */
  let endBuild: (() => void) | null = null;
  let cancelRefresh: (() => void) | null = null;
  let rebuildTimer = 0;
  let resizeTimer = 0;

  const emit = () => onChange({ status, house: served?.ad.house ?? null, unit: served?.unit ?? null });
  const show = (next: SlotStatus) => {
    status = next;
    emit();
  };

  // Refresh when the targeting changes, once the ad has had its minimum time.
  const scheduleRefresh = () => {
    cancelRefresh?.();
    cancelRefresh = null;
    const current = served;
    const wanted = $adTargeting.get();
    if (!current || sameTargeting(current.targeting, wanted)) return;
    const wait = Math.max(settings.refreshAfter, current.at + AD_MIN_DURATION_MS - Date.now());
    let cancelled = false;
    const timer = window.setTimeout(() => {
      current.ad
        .refresh(wanted)
        .then((ad) => {
          if (cancelled) {
            ad.destroy();
            return;
          }
          served = { ...current, ad, at: Date.now(), targeting: wanted };
          show(ad.filled ? 'filled' : 'empty');
          scheduleRefresh();
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          logAdError(error, settings.divId);
          show('error');
        });
    }, wait);
    cancelRefresh = () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  };

  /** Builds the slot for a variant (null: out of its band, nothing shows). */
  const build = (variantName: string | null) => {
    endBuild?.();
    endBuild = null;
    if (variantName === null) {
      show('idle');
      return;
    }
    let cancelled = false;
    let current: ServedAd | null = null;
    show('loading');
    void (async () => {
      try {
        const choice = await chooseSlotProvider(config, country, AD_COUNTRY_WAIT_MS);
        const provider = await loadProvider(choice.provider, config);
        if (cancelled) return;
        const variant = variantAt(settings, window.innerWidth);
        const box = container.parentElement?.clientWidth || window.innerWidth;
        const sizes = settings.kind === 'banner' ? fittingSizes(variant.sizes, Math.min(settings.width ?? box, box)) : variant.sizes;
        const used = $adTargeting.get();
        const ad = await provider.serve({
          container,
          unit: variant.unit,
          sizes,
          kind: settings.kind,
          targeting: used,
          lang: locale,
          market: choice.market,
        });
        if (cancelled) {
          ad.destroy();
          return;
        }
        current = ad;
        served = { ad, unit: variant.unit, at: Date.now(), targeting: used };
        show(ad.filled ? 'filled' : 'empty');
        scheduleRefresh();
      } catch (error) {
        if (cancelled) return;
        logAdError(error, settings.divId);
        show('error');
      }
    })();
    endBuild = () => {
      cancelled = true;
      cancelRefresh?.();
      cancelRefresh = null;
      current?.destroy();
      served = null;
    };
  };

  // The variant the slot is built for; follows the window 50 ms late when it changes.
  let wanted = slotStateAt(settings, window.innerWidth);
  const onWidth = () => {
    const next = slotStateAt(settings, window.innerWidth);
    if (next === wanted) return;
    wanted = next;
    // Crossing a breakpoint or the band's edge: the old ad goes now, the new one comes 50 ms later.
    window.clearTimeout(rebuildTimer);
    build(null);
    if (next !== null) rebuildTimer = window.setTimeout(() => build(next), AD_REBUILD_AFTER_MS);
  };
  const onResize = () => {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(onWidth, AD_RESIZE_RECHECK_MS);
  };
  window.addEventListener('resize', onResize);
  const unlisten = $adTargeting.listen(scheduleRefresh);
  build(wanted);

  return () => {
    window.removeEventListener('resize', onResize);
    window.clearTimeout(resizeTimer);
    window.clearTimeout(rebuildTimer);
    unlisten();
    endBuild?.();
    endBuild = null;
  };
}
