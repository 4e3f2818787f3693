/**
 * Video pre-roll (docs/product.md, Ads, Content "Ad tag lookup result", Answers, Errors, Limits):
 * the player calls playPreroll before its content.
 *
 *  1. the content's tag id is polled up to 3 × 1 s, its ad tag read from
 *     /api/pub-tag/{id} (`pub_code` is the video ad unit; none → the default
 *     pre-roll unit);
 *  2. the provider is chosen by the country flag ($country 1 → the second
 *     provider; the geo lookup is awaited, up to the ad timeout), its VAST URL template filled and the VAST fetched and parsed
 *     with @dailymotion/vast-client;
 *  3. a playable linear MP4 plays in its own <video> inside `container`,
 *     impression and progress tracked, skippable after `skipAfterSeconds`.
 *
 * Never rejects. Any failure logs "ad error" (docs/product.md, Errors), leaves nothing
 * visible, and resolves 'error' so the player plays the content; a VAST with
 * no ad resolves 'none'; so does an abort through `signal` (player destroyed
 * or another player started), after the ad is stopped and removed.
 */
import type { AdClientConfig } from '../../lib/ad-config.ts';
import type { CountryFlag } from '../../stores/country.ts';
import type { Locale } from '../../i18n/locales.ts';

/** The country flag, waiting at most `timeoutMs` for the geo lookup (loaded on demand: src/islands/geo/country.ts). */
async function countryFlag(timeoutMs: number): Promise<CountryFlag> {
  const { detectCountryWithin } = await import('../geo/country.ts');
  return detectCountryWithin(timeoutMs);
}

export interface PrerollRequest {
  /** A positioned box covering the player; the ad UI renders inside it. */
  container: HTMLElement;
  locale: Locale;
  config: AdClientConfig;
  /**
   * The content tag id for /api/pub-tag/{id}; polled up to 3 × 1 s while
   * null (docs/product.md, Limits); false when the content is known to have no tag.
   */
  adTagId: () => string | null | false;
  muted: boolean;
  /** Told when the viewer mutes or unmutes the ad: the content starts the same way. */
  onMutedChange?: (muted: boolean) => void;
  /** Aborted when the player is destroyed or another player starts. */
  signal?: AbortSignal;
}

export type PrerollOutcome = 'played' | 'skipped' | 'none' | 'error';

export async function playPreroll(req: PrerollRequest): Promise<PrerollOutcome> {
  const { signal } = req;
  try {
    // Loaded on demand: pages pay for the VAST client only when an ad is requested.
    const [{ lookupAdUnit, waitForTagId }, { correlator, loadVast, vastRequestUrl }, { chooseAd }, { playAd }] =
      await Promise.all([import('./vast/unit.ts'), import('./vast/load.ts'), import('./vast/media.ts'), import('./vast/ad-player.ts')]);
    signal?.throwIfAborted();

    const tagId = await waitForTagId(req.adTagId, signal);
    const unit = await lookupAdUnit({
      tagId,
      locale: req.locale,
      defaultUnit: req.config.defaultUnit,
      timeoutMs: req.config.timeoutMs,
      signal,
    });
    const url = vastRequestUrl(req.config, await countryFlag(req.config.timeoutMs), {
      unit,
      lang: req.locale,
      pageUrl: window.location.href,
      correlator: correlator(),
    });
    const { client, ads } = await loadVast(url, req.config.timeoutMs, signal);
    if (ads.length === 0) return 'none';

    const probe = document.createElement('video');
    const chosen = chooseAd(ads, (mime) => probe.canPlayType(mime) !== '', req.container.clientWidth || 640);
    if (!chosen) {
      const { AdError, VAST_ERROR } = await import('./vast/types.ts');
      throw new AdError('no playable linear media file in the VAST response', VAST_ERROR.NO_SUPPORTED_MEDIA);
    }
    return await playAd({
      container: req.container,
      chosen,
      client,
      locale: req.locale,
      muted: req.muted,
      onMutedChange: req.onMutedChange,
      skipAfterSeconds: req.config.skipAfterSeconds,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) return 'none';
    console.error('ad error', error);
    return 'error';
  }
}
