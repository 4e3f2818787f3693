/**
 * Display ad providers (ADR 008): the built-in house ad server
 * (house.ts, the default) and Google Publisher Tag (gpt.ts, loaded only when
 * configured). The country flag picks which one serves (docs/product.md, Ads): the
 * configured provider in Morocco (flag 0), the "abroad" one elsewhere.
 */
import type { AdSize, AdSlotKind, AdTargeting, DisplayAdsClientConfig, DisplayProviderName } from '../../lib/ads/display.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { CountryFlag } from '../../stores/country.ts';

/** What the house server answers for a slot (type only: nothing of the server ships to the browser). */
export type { BannerAd as HouseAd } from '../../server/ads/banners.ts';
import type { BannerAd as HouseAd } from '../../server/ads/banners.ts';

export interface SlotRequest {
  /** The element the ad goes into (its id is the slot's divId). */
  container: HTMLElement;
  unit: string;
  /** Sizes that fit the slot, best first. */
  sizes: AdSize[];
  kind: AdSlotKind;
  targeting: AdTargeting;
  lang: Locale;
  /** auto: the house server decides from the request (the visitor's country, as /geo/json.gp does). */
  market: SlotMarket;
}

type SlotMarket = 'ma' | 'intl' | 'auto';

/** An ad in its slot. */
export interface ServedAd {
  /** False: the provider had nothing for the slot (it collapses; not an error). */
  filled: boolean;
  /** The house ad to draw (null for providers that draw into the container themselves). */
  house: HouseAd | null;
  /** Replaces it with a fresh ad for new targeting. */
  refresh(targeting: AdTargeting): Promise<ServedAd>;
  /** Removes it (the slot is going away or being rebuilt). */
  destroy(): void;
}

export interface DisplayProvider {
  name: DisplayProviderName;
  serve(req: SlotRequest): Promise<ServedAd>;
}

export function providerNameFor(config: DisplayAdsClientConfig, flag: CountryFlag): DisplayProviderName {
  return flag === 1 ? config.providerAbroad : config.provider;
}

/** What a slot needs of the country lookup (src/islands/geo/country.ts). */
export interface CountrySource {
  /** The flag if known without asking (this page's or this session's lookup), else null. */
  known(): CountryFlag | null;
  /** The flag once the lookup answers, or as it stands after `timeoutMs`. */
  within(timeoutMs: number): Promise<CountryFlag>;
  /** Starts the lookup without waiting (the targeting follows when it answers). */
  start(): void;
}

export interface SlotChoice {
  provider: DisplayProviderName;
  market: SlotMarket;
}

/**
 * Which provider serves a slot, and for which market (docs/product.md, Ads).
 *
 *  - flag already known (sessionStorage, or this page's lookup): its provider and market;
 *  - the house server for both flags (the default): no waiting, `auto` — the
 *    server decides the market from the request itself (ADR 008, ADR 014:
 *    the IP and geo round trips no longer hold the first screen's banner);
 *    the lookup still runs, and the ad is refreshed if it changes the targeting;
 *  - otherwise (a GPT configured for either flag) the flag decides the
 *    provider: waited for up to `waitMs` (flag 0 past it).
 */
export async function chooseSlotProvider(config: DisplayAdsClientConfig, country: CountrySource, waitMs: number): Promise<SlotChoice> {
  const known = country.known();
  if (known !== null) return { provider: providerNameFor(config, known), market: known === 1 ? 'intl' : 'ma' };
  if (config.provider === 'house' && config.providerAbroad === 'house') {
    country.start();
    return { provider: 'house', market: 'auto' };
  }
  const flag = await country.within(waitMs);
  return { provider: providerNameFor(config, flag), market: flag === 1 ? 'intl' : 'ma' };
}

/** The provider's code, loaded on demand (GPT's adapter never ships to pages that do not use it). */
export async function loadProvider(name: DisplayProviderName, config: DisplayAdsClientConfig): Promise<DisplayProvider> {
  if (name === 'gpt') {
    const { gptProvider } = await import('./gpt.ts');
    return gptProvider(config.gptScriptUrl);
  }
  const { houseProvider } = await import('./house.ts');
  return houseProvider();
}

/** docs/product.md, Errors: an ad that cannot be set up is logged as "ad error", and nothing shows. */
export function logAdError(error: unknown, divId: string): void {
  console.error('ad error', divId, error);
}
