/**
 * The built-in live channel (src/server/live/channel.ts) over real HTTP: the
 * master playlist and its renditions, a media playlist sliding with the
 * clock, fragmented MP4 segments after their rendition's init segment, 404 for unknown playlists, the channel
 * announced by /api/getLiveSection when LIVE_STREAM_URL is not set; then
 * hls.js (from node_modules, on a bare page of the site's origin) playing the
 * channel and a replay sample in Chromium.
 */
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';

const MASTER = '/live/2m/index.m3u8';
const HLS_JS = path.resolve(import.meta.dirname, '../../node_modules/hls.js/dist/hls.min.js');
const HARNESS_PATH = '/fr/__live-harness';

/** The renditions' playlist paths of a master playlist. */
function variantPaths(master: string, base: string): string[] {
  const lines = master.split('\n');
  return lines.flatMap((line, i) => (line.startsWith('#EXT-X-STREAM-INF:') ? [new URL(lines[i + 1] ?? '', `http://x${base}`).pathname] : []));
}

async function mediaSequence(request: APIRequestContext, url: string): Promise<number> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  const m = /^#EXT-X-MEDIA-SEQUENCE:(\d+)$/m.exec(await res.text());
  expect(m).not.toBeNull();
  return Number(m?.[1]);
}

test.describe('built-in live channel over HTTP', () => {
  test('the master playlist lists renditions that all answer', async ({ request }) => {
    const res = await request.get(MASTER);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers()['cache-control']).toMatch(/max-age=\d+/);
    const body = await res.text();
    expect(body.startsWith('#EXTM3U\n')).toBe(true);
    expect(body).not.toContain('#EXT-X-ENDLIST');
    for (const line of body.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'))) {
      expect(line).toMatch(/BANDWIDTH=\d+/);
      expect(line).toMatch(/RESOLUTION=\d+x\d+/);
      expect(line).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    }
    const variants = variantPaths(body, MASTER);
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) {
      const media = await request.get(v);
      expect(media.status()).toBe(200);
      expect(media.headers()['content-type']).toBe('application/vnd.apple.mpegurl');
      const text = await media.text();
      expect(text).toMatch(/^#EXT-X-TARGETDURATION:\d+$/m);
      expect(text).toMatch(/^#EXT-X-DISCONTINUITY-SEQUENCE:\d+$/m);
      expect(text).toMatch(/^#EXT-X-PROGRAM-DATE-TIME:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/m);
      expect(text).toMatch(/^#EXT-X-MAP:URI="[^"]+\/init\.mp4"$/m);
      expect(text).not.toContain('#EXT-X-ENDLIST');
    }
  });

  test('a media playlist slides forward with the clock', async ({ request }) => {
    const [variant] = variantPaths(await (await request.get(MASTER)).text(), MASTER);
    const first = await mediaSequence(request, variant!);
    // One segment lasts a few seconds: the window moves within that time (generous bound).
    await expect.poll(() => mediaSequence(request, variant!), { timeout: 20_000, intervals: [500] }).toBeGreaterThan(first);
  });

  test('the init segment and every segment of the window are fragmented MP4 that answer 200', async ({ request }) => {
    /** The type of the first ISO BMFF box of a file. */
    const firstBox = (body: Buffer): string => body.toString('latin1', 4, 8);
    const variants = variantPaths(await (await request.get(MASTER)).text(), MASTER);
    for (const v of variants) {
      const playlist = await (await request.get(v)).text();
      const map = /^#EXT-X-MAP:URI="([^"]+)"$/m.exec(playlist)?.[1];
      expect(map, v).toBeDefined();
      const init = await request.get(new URL(map!, `http://x${v}`).pathname);
      expect(init.status(), map).toBe(200);
      expect(init.headers()['content-type'], map).toBe('video/mp4');
      const initBody = await init.body();
      expect(firstBox(initBody), map).toBe('ftyp');
      expect(initBody.includes('moov'), map).toBe(true);
      const uris = playlist.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
      expect(uris.length).toBeGreaterThanOrEqual(3);
      for (const uri of uris) {
        const res = await request.get(new URL(uri, `http://x${v}`).pathname);
        expect(res.status(), uri).toBe(200);
        expect(res.headers()['content-type'], uri).toBe('video/iso.segment');
        const body = await res.body();
        // A CMAF segment: segment type box, then one fragment (moof + mdat).
        expect(['styp', 'moof'], uri).toContain(firstBox(body));
        expect(body.includes('moof'), uri).toBe(true);
        expect(body.includes('mdat'), uri).toBe(true);
      }
    }
  });

  test('unknown renditions and paths answer 404', async ({ request }) => {
    for (const p of ['/live/2m/2160p/index.m3u8', '/live/2m/', '/live/3m/index.m3u8', '/live/2m/240p/playlist.m3u8', '/live/2m/240p/x/index.m3u8']) {
      const res = await request.get(p, { maxRedirects: 0 });
      expect(res.status(), p).toBe(404);
    }
  });

  test('/api/getLiveSection announces the built-in channel first', async ({ request }) => {
    for (const lang of ['ar', 'fr']) {
      const res = await request.get(`/api/getLiveSection?lang=${lang}`);
      expect(res.status()).toBe(200);
      const json = (await res.json()) as { response: { news: { url: string[] } } };
      expect(json.response.news.url[0]).toBe(MASTER);
    }
  });
});

/* ---- Playback with hls.js in Chromium ---- */

interface PlaybackState {
  currentTime: number;
  levels: number;
  fatal: string | null;
}

/** A bare page on the site's origin with a muted <video> and hls.js from node_modules. */
async function openHarness(page: Page): Promise<void> {
  await page.route(`**${HARNESS_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="fr" dir="ltr"><head><meta charset="utf-8"><title>live harness</title></head><body><video id="v" muted playsinline width="640" height="360"></video></body></html>',
    }),
  );
  await page.goto(HARNESS_PATH);
  await page.addScriptTag({ path: HLS_JS });
}

async function play(page: Page, src: string): Promise<void> {
  await page.evaluate((src) => {
    type HlsLike = { loadSource(s: string): void; attachMedia(v: HTMLVideoElement): void; on(e: string, cb: (e: string, d: { fatal: boolean; details: string; levels?: unknown[] }) => void): void };
    const w = window as unknown as { Hls: { new (): HlsLike; isSupported(): boolean; Events: Record<string, string> }; __state: PlaybackState };
    const video = document.getElementById('v') as HTMLVideoElement;
    w.__state = { currentTime: 0, levels: 0, fatal: w.Hls.isSupported() ? null : 'hls.js not supported' };
    const hls = new w.Hls();
    hls.on(w.Hls.Events.MANIFEST_PARSED ?? 'hlsManifestParsed', (_e, d) => {
      w.__state.levels = d.levels?.length ?? 0;
      void video.play();
    });
    hls.on(w.Hls.Events.ERROR ?? 'hlsError', (_e, d) => {
      if (d.fatal) w.__state.fatal = d.details;
    });
    video.addEventListener('timeupdate', () => {
      w.__state.currentTime = video.currentTime;
    });
    hls.loadSource(src);
    hls.attachMedia(video);
  }, src);
}

const state = (page: Page): Promise<PlaybackState> => page.evaluate(() => (window as unknown as { __state: PlaybackState }).__state);

/** true once the video played past `seconds`; hls.js's fatal error, if any, as the value to show. */
async function playing(page: Page, seconds: number): Promise<boolean | string> {
  const s = await state(page);
  return s.fatal ? `hls.js fatal error: ${s.fatal}` : s.currentTime > seconds;
}

test.describe('playback with hls.js', () => {
  test('the live channel plays: every rendition is offered and time advances', async ({ page }) => {
    test.setTimeout(60_000);
    await openHarness(page);
    await play(page, MASTER);
    await expect.poll(async () => (await state(page)).levels, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => playing(page, 0), { timeout: 30_000 }).toBe(true);
    const start = (await state(page)).currentTime;
    // Live: playback keeps moving (at least two more seconds of media played).
    await expect.poll(() => playing(page, start + 2), { timeout: 20_000 }).toBe(true);
  });

  test('the replay sample (HLS VOD, two renditions) plays', async ({ page }) => {
    await openHarness(page);
    await play(page, '/sample-media/vod/journal/index.m3u8');
    await expect.poll(async () => (await state(page)).levels, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => playing(page, 1), { timeout: 20_000 }).toBe(true);
  });
});
