/**
 * Plays pre-roll ads (the VAST ad player's <video class="ad-preroll__video">)
 * `rate` times faster than real time, for browser tests that sit through an
 * ad. The skip offset, the countdown and the quartiles all follow the ad's
 * media time, so what they check is unchanged; only the wait is shorter.
 */
import type { Page } from '@playwright/test';

export async function speedUpAds(page: Page, rate: number): Promise<void> {
  await page.addInitScript((rate) => {
    document.addEventListener(
      'playing',
      (event) => {
        const video = event.target;
        if (video instanceof HTMLVideoElement && video.classList.contains('ad-preroll__video')) video.playbackRate = rate;
      },
      true,
    );
  }, rate);
}
