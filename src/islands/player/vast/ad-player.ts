/**
 * Plays one linear ad in its own <video> inside the player's ad box, with
 * the ad label and remaining time, a skip button offered after the skip
 * delay (a countdown until then), a mute toggle and a "learn more" link;
 * fires the VAST impression and progress tracking through VASTTracker.
 *
 * Resolves 'played' or 'skipped'; rejects with an AdError when the media
 * cannot play (or stalls), or with the abort reason. The ad UI is removed in
 * every case before the promise settles.
 */
import { VASTTracker, type VASTClient } from '@dailymotion/vast-client';
import * as m from '../../../paraglide/messages.js';
import { clickThroughUrl } from './media.ts';
import { AdError, VAST_ERROR, type ChosenAd } from './types.ts';
import adPlayerCss from './ad-player.css?inline';
import { adoptStyles } from '../player-styles.ts';
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales.ts';

adoptStyles(adPlayerCss);

/** The media must start playing within this time after it is requested. */
const MEDIA_START_TIMEOUT_MS = 8000;
/** Playback that stops advancing this long counts as stalled. */
const MEDIA_STALL_TIMEOUT_MS = 8000;

export interface AdPlayback {
  container: HTMLElement;
  chosen: ChosenAd;
  client: VASTClient;
  locale: Locale;
  muted: boolean;
  /** Told each time the viewer mutes or unmutes the ad (the content then starts the same way). */
  onMutedChange?: ((muted: boolean) => void) | undefined;
  skipAfterSeconds: number;
  signal?: AbortSignal | undefined;
}

export type AdPlaybackResult = 'played' | 'skipped';

/** 75.4 → "1:15" (remaining time, rounded up). */
function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function playAd(opts: AdPlayback): Promise<AdPlaybackResult> {
  const { container, chosen, locale, signal } = opts;
  const lang = { locale };

  // Built hidden; shown once the first frame plays, so a failure shows nothing.
  const root = el('div', 'ad-preroll');
  root.dir = LOCALE_CONFIG[locale].dir;
  root.lang = locale;
  root.hidden = true;
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', m.ad_region_label({}, lang));
  root.dataset['state'] = 'loading';

  const video = el('video', 'ad-preroll__video');
  video.playsInline = true;
  video.preload = 'auto';
  video.muted = opts.muted;
  video.defaultMuted = opts.muted;
  video.disableRemotePlayback = true;
  video.setAttribute('aria-hidden', 'true');
  video.tabIndex = -1;

  const bar = el('div', 'ad-preroll__bar');
  const badge = el('span', 'ad-preroll__badge');
  const label = el('span', 'ad-preroll__label', m.ad_label({}, lang));
  const remaining = el('bdi', 'ad-preroll__remaining');
  badge.append(label, ' · ', remaining);

  const muteButton = el('button', 'ad-preroll__mute');
  muteButton.type = 'button';

  const link = clickThroughUrl(chosen.creative);
  const learnMore = link ? el('a', 'ad-preroll__more', m.ad_learn_more({}, lang)) : null;
  if (learnMore && link) {
    learnMore.href = link;
    learnMore.target = '_blank';
    learnMore.rel = 'noopener sponsored';
    learnMore.title = m.ad_learn_more_hint({}, lang);
  }

  const skip = el('button', 'ad-preroll__skip');
  skip.type = 'button';
  skip.setAttribute('aria-disabled', 'true');
  const announce = el('span', 'ad-preroll__announce');
  announce.setAttribute('aria-live', 'polite');

  bar.append(badge, muteButton, ...(learnMore ? [learnMore] : []));
  root.append(video, bar, skip, announce);
  container.append(root);

  const tracker = new VASTTracker(opts.client, chosen.ad, chosen.creative, null, video.muted);
  const skipAfter = Math.max(0, opts.skipAfterSeconds);
  let skippable = false;

  const updateMute = () => {
    muteButton.textContent = video.muted ? m.ad_unmute({}, lang) : m.ad_mute({}, lang);
    muteButton.setAttribute('aria-pressed', String(!video.muted));
  };
  const duration = () =>
    Number.isFinite(video.duration) && video.duration > 0 ? video.duration : chosen.creative.duration || 0;
  const updateClock = () => {
    const t = video.currentTime;
    remaining.textContent = formatRemaining(duration() - t);
    if (!skippable && t >= skipAfter) {
      skippable = true;
      skip.setAttribute('aria-disabled', 'false');
      skip.textContent = m.ad_skip({}, lang);
      skip.dataset['ready'] = 'true';
      announce.textContent = m.ad_skip_ready({}, lang);
    } else if (!skippable) {
      skip.textContent = m.ad_skip_in({ seconds: String(Math.max(1, Math.ceil(skipAfter - t))) }, lang);
    }
  };
  updateMute();
  updateClock();

  return new Promise<AdPlaybackResult>((resolve, reject) => {
    let settled = false;
    let started = false;
    let lastTime = -1;
    let lastAdvance = Date.now();
    const requestedAt = Date.now();
    const listeners: Array<[EventTarget, string, EventListener]> = [];
    const on = (target: EventTarget, type: string, fn: EventListener) => {
      target.addEventListener(type, fn);
      listeners.push([target, type, fn]);
    };

    const cleanup = () => {
      clearInterval(watchdog);
      for (const [t, type, fn] of listeners) t.removeEventListener(type, fn);
      video.pause();
      video.removeAttribute('src');
      video.load();
      root.remove();
    };
    const finish = (result: AdPlaybackResult) => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve(result);
    };
    const fail = (error: AdError) => {
      if (settled) return;
      settled = true;
      tracker.error({ ERRORCODE: error.vastCode });
      cleanup();
      reject(error);
    };
    const abort = () => {
      if (settled) return;
      settled = true;
      if (started) tracker.close();
      cleanup();
      reject(signal?.reason);
    };

    const watchdog = setInterval(() => {
      const now = Date.now();
      if (!started) {
        if (now - requestedAt > MEDIA_START_TIMEOUT_MS) {
          fail(new AdError(`ad media did not start within ${MEDIA_START_TIMEOUT_MS} ms`, VAST_ERROR.MEDIA_TIMEOUT));
        }
        return;
      }
      if (video.currentTime !== lastTime) {
        lastTime = video.currentTime;
        lastAdvance = now;
      } else if (now - lastAdvance > MEDIA_STALL_TIMEOUT_MS) {
        fail(new AdError(`ad media stalled for ${MEDIA_STALL_TIMEOUT_MS} ms`, VAST_ERROR.MEDIA_TIMEOUT));
      }
    }, 500);

    if (signal?.aborted) return abort();
    if (signal) on(signal, 'abort', abort);

    on(video, 'loadedmetadata', () => {
      if (Number.isFinite(video.duration) && video.duration > 0) tracker.setDuration(video.duration);
      updateClock();
    });
    on(video, 'canplay', () => tracker.load());
    // vast-client's tracker starts out "paused": telling it "not paused" on
    // the first frame would report a resume that never happened. Only a
    // real pause, then playing again, is a resume.
    let paused = false;
    on(video, 'playing', () => {
      if (!started) {
        started = true;
        lastAdvance = Date.now();
        root.hidden = false;
        root.dataset['state'] = 'playing';
        tracker.trackImpression();
      }
      if (paused) {
        paused = false;
        tracker.setPaused(false);
      }
    });
    on(video, 'pause', () => {
      if (started && !video.ended) {
        paused = true;
        tracker.setPaused(true);
      }
    });
    on(video, 'timeupdate', () => {
      if (!started) return;
      tracker.setProgress(video.currentTime);
      updateClock();
    });
    on(video, 'volumechange', () => {
      tracker.setMuted(video.muted);
      opts.onMutedChange?.(video.muted);
      updateMute();
    });
    on(video, 'ended', () => {
      tracker.setProgress(duration());
      tracker.complete();
      finish('played');
    });
    on(video, 'error', () => {
      const code = video.error?.code;
      fail(
        new AdError(
          `ad media error ${code ?? '?'}: ${video.error?.message ?? ''}`.trim(),
          code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED ? VAST_ERROR.NO_SUPPORTED_MEDIA : VAST_ERROR.MEDIA_DISPLAY,
        ),
      );
    });
    on(skip, 'click', () => {
      if (!skippable) return;
      tracker.skip();
      finish('skipped');
    });
    on(muteButton, 'click', () => {
      video.muted = !video.muted;
    });
    if (learnMore) on(learnMore, 'click', () => tracker.click());

    video.src = chosen.media.fileURL;
    video.play().catch((err: unknown) => {
      if (settled) return;
      // Autoplay with sound refused: play muted (the viewer can unmute).
      if (err instanceof DOMException && err.name === 'NotAllowedError' && !video.muted) {
        // The browser's doing, not the viewer's: no "mute" event is reported.
        tracker.muted = true;
        video.muted = true;
        video.play().catch((e: unknown) => fail(new AdError(`ad media refused to play: ${String(e)}`, VAST_ERROR.MEDIA_DISPLAY, { cause: e })));
        return;
      }
      // Other rejections (source errors) also raise the video's error event.
      if (!(err instanceof DOMException && err.name === 'AbortError')) {
        fail(new AdError(`ad media refused to play: ${String(err)}`, VAST_ERROR.MEDIA_DISPLAY, { cause: err }));
      }
    });
  });
}
