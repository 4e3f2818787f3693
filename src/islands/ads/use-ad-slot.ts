/**
 * One display ad slot's life (docs/product.md, Ads, States "Ad slots", Errors, Limits), shared by
 * the banner and skin islands:
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
 *  - a slot below the first screen (`lazyMargin`) asks only once it comes
 *    within that margin of the screen;
 *  - when the targeting changes (the page's, the country flag, signing in)
 *    the ad is refreshed `refreshAfter` ms later, but never before it has
 *    been shown for 5 s;
 *  - any failure is logged as "ad error" and the slot collapses; a provider
 *    with nothing to show collapses it too, silently.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from '../../stores/use-store.ts';
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

export type SlotStatus = 'idle' | 'loading' | 'filled' | 'empty' | 'error';

export interface AdSlotProps {
  settings: AdSlotSettings;
  locale: Locale;
  config: DisplayAdsClientConfig;
  /** What the page says of itself (language, page type, section…). */
  targeting: AdTargeting;
  /**
   * Ask for the ad only once the slot comes within this margin of the
   * screen (an IntersectionObserver rootMargin, e.g. '400px'), as GPT's
   * lazy loading does; absent: at once (the top banners).
   */
  lazyMargin?: string | undefined;
}

interface Served {
  ad: ServedAd;
  /** The ad unit it was asked for. */
  unit: string;
  at: number;
  targeting: AdTargeting;
}

/** The window width, checked again 50 ms after the last resize; null before mounting. */
function useWindowWidth(): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    let timer = 0;
    const update = () => setWidth(window.innerWidth);
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, AD_RESIZE_RECHECK_MS);
    };
    update();
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

/** False until the slot comes within `margin` of the screen (true at once without a margin). */
function useNearScreen(container: RefObject<HTMLElement | null>, margin: string | undefined): boolean {
  const [near, setNear] = useState(!margin);
  useEffect(() => {
    if (near) return;
    const el = container.current?.closest<HTMLElement>('.ad-slot') ?? container.current;
    if (!el || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      margin ? { rootMargin: margin } : {},
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin, container]);
  return near;
}

export function useAdSlot({ settings, locale, config, targeting, lazyMargin }: AdSlotProps, container: RefObject<HTMLElement | null>) {
  useEffect(() => setPageTargeting(targeting), [targeting]);
  const allTargeting = useStore($adTargeting);

  const width = useWindowWidth();
  const wanted = width === null ? null : slotStateAt(settings, width);
  // The variant the slot is built for; follows `wanted` 50 ms late when it changes.
  const [built, setBuilt] = useState<string | null>(null);
  const [served, setServed] = useState<Served | null>(null);
  const [status, setStatus] = useState<SlotStatus>('idle');
  const firstBuild = useRef(true);

  const near = useNearScreen(container, lazyMargin);
  const known = width !== null;
  useEffect(() => {
    if (!known) return;
    if (firstBuild.current) {
      firstBuild.current = false;
      setBuilt(wanted);
      return;
    }
    // Crossing a breakpoint or the band's edge: the old ad goes now, the new one comes 50 ms later.
    setBuilt(null);
    if (wanted === null) return;
    const timer = window.setTimeout(() => setBuilt(wanted), AD_REBUILD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, known]);

  useEffect(() => {
    const el = container.current;
    if (!built || !el || !near) {
      setStatus('idle');
      return;
    }
    let cancelled = false;
    let current: ServedAd | null = null;
    setStatus('loading');
    void (async () => {
      try {
        const choice = await chooseSlotProvider(config, country, AD_COUNTRY_WAIT_MS);
        const provider = await loadProvider(choice.provider, config);
        if (cancelled) return;
        const variant = variantAt(settings, window.innerWidth);
        const box = el.parentElement?.clientWidth || window.innerWidth;
        const sizes = settings.kind === 'banner' ? fittingSizes(variant.sizes, Math.min(settings.width ?? box, box)) : variant.sizes;
        const used = $adTargeting.get();
        const ad = await provider.serve({
          container: el,
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
        setServed({ ad, unit: variant.unit, at: Date.now(), targeting: used });
        setStatus(ad.filled ? 'filled' : 'empty');
      } catch (error) {
        if (cancelled) return;
        logAdError(error, settings.divId);
        setStatus('error');
      }
    })();
    return () => {
      cancelled = true;
      current?.destroy();
      setServed(null);
    };
  }, [built, near]);

  // Refresh when the targeting changes, once the ad has had its minimum time.
  useEffect(() => {
    if (!served || sameTargeting(served.targeting, allTargeting)) return;
    const wait = Math.max(settings.refreshAfter, served.at + AD_MIN_DURATION_MS - Date.now());
    let cancelled = false;
    const timer = window.setTimeout(() => {
      served.ad
        .refresh(allTargeting)
        .then((ad) => {
          if (cancelled) {
            ad.destroy();
            return;
          }
          setServed({ ...served, ad, at: Date.now(), targeting: allTargeting });
          setStatus(ad.filled ? 'filled' : 'empty');
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          logAdError(error, settings.divId);
          setStatus('error');
        });
    }, wait);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [allTargeting, served, settings.refreshAfter, settings.divId]);

  const house: HouseAd | null = served?.ad.house ?? null;
  return { status, house, unit: served?.unit ?? null };
}
