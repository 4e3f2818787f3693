/**
 * Display ad providers (DESIGN.md §3 "Ads"): the built-in house ad server
 * (house.ts, the default) and Google Publisher Tag (gpt.ts, loaded only when
 * configured). The country flag picks which one serves (SPEC §2.10): the
 * configured provider in Morocco (flag 0), the "abroad" one elsewhere.
 */
import type { AdSize, AdSlotKind, AdTargeting, DisplayAdsClientConfig, DisplayProviderName } from '../../lib/ads/display.ts';
import type { Locale } from '../../lib/paths.ts';
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
  market: 'ma' | 'intl';
}

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

/** The provider's code, loaded on demand (GPT's adapter never ships to pages that do not use it). */
export async function loadProvider(name: DisplayProviderName, config: DisplayAdsClientConfig): Promise<DisplayProvider> {
  if (name === 'gpt') {
    const { gptProvider } = await import('./gpt.ts');
    return gptProvider(config.gptScriptUrl);
  }
  const { houseProvider } = await import('./house.ts');
  return houseProvider();
}

/** SPEC §8: an ad that cannot be set up is logged as "ad error", and nothing shows. */
export function logAdError(error: unknown, divId: string): void {
  console.error('ad error', divId, error);
}
