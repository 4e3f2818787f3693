/**
 * How a source is played (ADR 006):
 *  - MP4 (and anything not HLS): straight into the <video>;
 *  - HLS where the browser has no Media Source Extensions but plays HLS
 *    itself (iPhone, older iPad Safari): natively;
 *  - other HLS: hls.js, fetched on demand with a dynamic import (its own
 *    chunk, never on pages without HLS, never where the browser plays HLS
 *    natively without MSE). The light build: no EME/DRM, alternate audio or
 *    in-stream subtitles, which our streams do not use (captions come as
 *    WebVTT <track>s); about 70 KB gzip less for mobile visitors.
 *
 * Why MSE first and not `canPlayType` first: Chromium answers "maybe" to
 * `canPlayType('application/vnd.apple.mpegurl')` since its native HLS
 * player shipped, and native playback gives no access to the renditions, so
 * the main player would lose its quality menu on every Chrome; the live strip
 * needs hls.js to hold the lowest rendition, and Chromium's native HLS
 * reloaded an unchanged live playlist without pause (ADR 014).
 */
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { yieldToMain } from './yield.ts';

export type Engine = 'file' | 'native-hls' | 'hls.js';

const HLS_MIME = 'application/vnd.apple.mpegurl';

export function isHls(url: string, mime: string): boolean {
  return /mpegurl/i.test(mime) || /\.m3u8(\?|#|$)/i.test(url);
}

function hasMse(): boolean {
  const w = window as Window & { ManagedMediaSource?: unknown };
  return typeof globalThis.MediaSource === 'function' || typeof w.ManagedMediaSource === 'function';
}

function playsHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '';
}

/** The engine for a source in this browser (null: this browser cannot play it). */
export function chooseEngine(video: HTMLVideoElement, url: string, mime: string): Engine | null {
  if (!isHls(url, mime)) return 'file';
  const native = playsHlsNatively(video);
  if (native && !hasMse()) return 'native-hls';
  if (hasMse()) return 'hls.js';
  return native ? 'native-hls' : null;
}

/**
 * hls.js's transmuxer in its own Web Worker, a same-origin file of the build
 * (/_astro/hls.worker.*.js). The light ESM build carries no inline worker,
 * so without `workerPath` every segment was demuxed and remuxed on the main
 * thread (the live page's long tasks). A file, not a blob: a
 * Content-Security-Policy needs only `worker-src 'self'` (ADR 014).
 */
const HLS_WORKER_URL: string = hlsWorkerUrl;

/** What every hls.js instance of the site starts from: the worker on. */
export function hlsBaseConfig(): { enableWorker: true; workerPath: string } {
  return { enableWorker: true, workerPath: HLS_WORKER_URL };
}

type HlsModule = typeof import('hls.js/light');
let hlsModule: Promise<HlsModule> | null = null;

/** hls.js (light build), loaded once per page life; resolves in a task of its own (yieldToMain). */
export function loadHls(): Promise<HlsModule> {
  if (!hlsModule) {
    hlsModule = import('hls.js/light').then(async (mod) => {
      await yieldToMain();
      return mod;
    });
    // A failed chunk load is not kept: the next player tries again.
    hlsModule.catch(() => {
      hlsModule = null;
    });
  }
  return hlsModule;
}
