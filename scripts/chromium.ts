/**
 * How the browser tests and scripts start Debian's Chromium
 * (/usr/bin/chromium; never a downloaded browser): headless on a machine
 * with no GPU and a closed network (the background-networking flags keep
 * Chromium from trying Google's hosts many times at each start).
 */
import type { BrowserContextOptions, LaunchOptions } from '@playwright/test';

/** A phone as Lighthouse's mobile emulation sees it (412 x 823, touch), for the scripts that measure pages in a Playwright context. */
export const PHONE_CONTEXT: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Lets a video start without a click (the player, live strip and pre-roll tests). */
export const AUTOPLAY_ARG = '--autoplay-policy=no-user-gesture-required';

export function chromiumLaunch(extraArgs: readonly string[] = []): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  };
}
