/**
 * Media the newsroom gives by URL, in Chromium, under the site's
 * Content-Security-Policy (ADR 031): a picture by URL from a local server
 * (another port) is shown from the site's own media store; a news bulletin
 * replay and the live stream play from a second local origin, the one the
 * test server allows in MEDIA_ORIGINS (scripts/test-server.ts: its port +
 * 1000), which serves the committed samples with CORS as a CDN does. No
 * `securitypolicyviolation` event, no CSP console error.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { mediaOriginPort } from '../../scripts/test-server.ts';
import { startMediaServer, type MediaServer } from '../support/media-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const sitePort = Number(process.env.E2E_PORT) || 4455;

function newsroomToken(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const out = execFileSync(process.execPath, ['scripts/newsroom.ts', 'token', 'create', '--name', `e2e-media-${run}`], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.trim().split('\n').at(-1)!;
}

let cdn: MediaServer;
test.beforeAll(async () => {
  cdn = await startMediaServer(mediaOriginPort(sitePort));
});
test.afterAll(async () => {
  await cdn?.close();
});

test.describe.configure({ timeout: 180_000 });

/** Collects every CSP violation and CSP console error of the page. */
async function watchCsp(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__reportCsp', (v: string) => problems.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  return problems;
}

/** The main player plays its content from `origin`, and its time advances. */
async function playsFrom(page: Page, origin: string): Promise<void> {
  const state = () =>
    page.evaluate(() => {
      const root = document.querySelector<HTMLElement>('main .player');
      const video = root?.querySelector('video');
      return video ? { phase: root!.dataset['phase'] ?? null, time: video.currentTime, paused: video.paused } : null;
    });
  await expect.poll(async () => {
    const s = await state();
    return s !== null && s.phase === 'content' && !s.paused && s.time > 0.3;
  }, { timeout: 60_000, message: 'the player should play its content' }).toBe(true);
  const before = (await state())!.time;
  await expect.poll(async () => (await state())!.time, { timeout: 15_000 }).toBeGreaterThan(before + 0.5);
  // What played came from the second origin (hls.js fetched its playlists and segments there).
  const fetched = await page.evaluate((o) => performance.getEntriesByType('resource').filter((e) => e.name.startsWith(o)).length, origin);
  expect(fetched).toBeGreaterThan(0);
}

test('a picture by URL shows from the media store; a replay and the live stream play from a second origin; no CSP violation', async ({ page, request }) => {
  const token = newsroomToken();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Pictures come from the same local server (another port than the site): copied into the site's store at ingest.
  const picture = `${cdn.origin}/pictures/e2e-${run}-2000x1125.jpg`;

  const article = await request.post('/api/newsroom/articles', {
    headers: auth,
    data: JSON.stringify({
      uri: `urn:e2e:media:${run}`,
      language: 'fr',
      version: '0',
      headlines: [{ value: `Photo par URL ${run}` }],
      bodies: [{ contenttype: 'text/html', value: `<p>Une photo d’agence.</p><figure><img src="${cdn.origin}/pictures/e2e-${run}-800x450.jpg" alt="Dans le texte"></figure>` }],
      subjects: [{ uri: 'urn:2m:section:societe' }],
      associations: [{ name: 'main', type: 'picture', uri: `urn:e2e:photo:${run}`, headlines: [{ value: 'La photo de l’agence' }], renditions: [{ name: 'hires', href: picture, width: 2000, height: 1125 }] }],
    }),
  });
  expect(article.status(), await article.text()).toBe(201);
  const articlePath = ((await article.json()) as { response: { path: string } }).response.path;

  const replay = await request.post('/api/newsroom/videos', {
    headers: auth,
    data: JSON.stringify({
      kind: 'jt',
      uri: `urn:e2e:jt:${run}`,
      edition: 'fr',
      title: { fr: `Journal du CDN ${run}` },
      video: { url: `${cdn.origin}/sample-media/vod/journal/index.m3u8`, durationSeconds: 24 },
      poster: { url: `${cdn.origin}/pictures/poster-${run}-1280x720.jpg` },
    }),
  });
  expect(replay.status(), await replay.text()).toBe(201);
  const replayPath = ((await replay.json()) as { response: { paths: { fr: string } } }).response.paths.fr;

  const live = await request.put('/api/newsroom/live', { headers: auth, data: JSON.stringify({ url: `${cdn.origin}/sample-media/vod/replay/index.m3u8`, titles: { fr: `Direct du CDN ${run}`, ar: `مباشر ${run}` } }) });
  expect(live.status(), await live.text()).toBe(200);

  const problems = await watchCsp(page);
  // The house pre-roll would play first: without it, the content plays at once.
  await page.route('**/ads/vast**', (route) => route.abort());
  try {
    await page.goto(articlePath);
    const cover = page.getByRole('img', { name: 'La photo de l’agence' }).first();
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`^${page.url().split('/').slice(0, 3).join('/')}/media/newsroom/.+\\.(avif|webp)$`));
    const inBody = page.getByRole('img', { name: 'Dans le texte' });
    await inBody.scrollIntoViewIfNeeded();
    await expect.poll(() => inBody.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await inBody.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/media/newsroom/');
    expect(await page.content()).not.toContain(`${cdn.origin}/pictures/`);

    await page.goto(replayPath);
    await playsFrom(page, cdn.origin);

    await page.goto('/fr/live');
    await playsFrom(page, cdn.origin);
  } finally {
    await request.delete('/api/newsroom/live', { headers: { authorization: `Bearer ${token}` } });
  }
  expect(problems).toEqual([]);
});
