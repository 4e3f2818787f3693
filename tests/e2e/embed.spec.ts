/**
 * The embeddable live player (/api/get-iframe → /{lang}/live/embed) framed
 * by a page of another origin (another port on 127.0.0.1): the frame shows
 * the player alone (no site header, navigation, ad slot or footer), plays
 * the live channel after the pre-roll, and reports the play (event 7).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test as base, expect } from '@playwright/test';
import { AUTOPLAY_ARG, chromiumLaunch } from '../../scripts/chromium.ts';
import { speedUpAds } from '../support/fast-ads.ts';

/** The partner site: the next port after the site's (E2E_PORT), its own origin. */
const PARTNER_PORT = (Number(process.env.E2E_PORT) || 4455) + 1;

const test = base.extend<object, { partner: { origin: string; setPage: (html: string) => void } }>({
  partner: [
    async ({}, use) => {
      let html = '';
      const server: Server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
      });
      await new Promise<void>((resolve) => server.listen(PARTNER_PORT, '127.0.0.1', resolve));
      await use({ origin: `http://127.0.0.1:${PARTNER_PORT}`, setPage: (h) => (html = h) });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    { scope: 'worker' },
  ],
});

test.use({ launchOptions: chromiumLaunch([AUTOPLAY_ARG]) });

/** The server's store (playwright.config.ts sets E2E_DATA_DIR): the play lands there. */
const storeFile = process.env.E2E_DATA_DIR ? path.join(process.env.E2E_DATA_DIR, 'site.sqlite') : '';

function embedPlays(src: string): { content_id: string; content_type: string; event_id: number }[] {
  const db = new DatabaseSync(storeFile, { readOnly: true, timeout: 5000 });
  try {
    return db
      .prepare('SELECT content_id, content_type, event_id FROM play_events WHERE page_url = ? ORDER BY id')
      .all(src) as { content_id: string; content_type: string; event_id: number }[];
  } finally {
    db.close();
  }
}

interface Iframe {
  title: string;
  src: string;
  width: number;
  height: number;
  allow: string;
}

test.describe('embeddable live player', () => {
  test.describe.configure({ timeout: 90_000 });

  test('framed by another site: the player alone, the pre-roll, then the live channel and its play event', async ({ page, request, partner, baseURL }) => {
    const res = await request.get('/api/get-iframe', { headers: { locale: 'fr' } });
    const iframe = ((await res.json()) as { response: { iframe: Iframe } }).response.iframe;
    expect(iframe.src).toBe(`${baseURL}/fr/live/embed`);

    // The embed answer allows any framer; the old address leads to it.
    const embed = await request.get(iframe.src);
    expect(embed.headers()['content-security-policy'] ?? '').toMatch(/(^|;\s*)frame-ancestors \*(;|$)/);
    expect(embed.headers()['x-frame-options']).toBeUndefined();
    const old = await request.get('/fr/live?embed=1', { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    // Absolute on SITE_URL, as every redirect (src/server/http/redirect.ts).
    expect(old.headers()['location']).toBe(`${baseURL}/fr/live/embed`);

    partner.setPage(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Partenaire</title></head><body>` +
        `<h1>Un site partenaire</h1><iframe title="${iframe.title}" src="${iframe.src}" width="${iframe.width}" height="${iframe.height}" allow="${iframe.allow}"></iframe></body></html>`,
    );
    test.skip(!storeFile || !existsSync(storeFile), `the server's store is not readable here: set E2E_DATA_DIR (looked for ${storeFile})`);
    const before = embedPlays(iframe.src).length;
    const vast: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ads/vast')) vast.push(r.url());
    });
    await speedUpAds(page, 4);
    await page.goto(`${partner.origin}/`);
    const frame = page.frameLocator('iframe');

    // The player alone: no site chrome in the frame.
    await expect(frame.locator('main .player-poster')).toBeVisible();
    await expect(frame.locator('.site-header')).toHaveCount(0);
    await expect(frame.locator('.site-footer')).toHaveCount(0);
    await expect(frame.locator('nav')).toHaveCount(0);
    await expect(frame.locator('[data-ad-slot], .ad-slot')).toHaveCount(0);

    // The pre-roll is asked for, then the live channel plays.
    await expect.poll(() => vast.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const f = page.frames().find((fr) => fr.url().startsWith(iframe.src))!;
    expect(f, 'the embed frame').toBeTruthy();
    const state = () =>
      f.evaluate(() => {
        const root = document.querySelector<HTMLElement>('main .player');
        const video = root?.querySelector('video');
        return root && video ? { phase: root.dataset['phase'] ?? null, time: video.currentTime, paused: video.paused } : null;
      });
    await expect.poll(async () => {
      const s = await state();
      return s !== null && s.phase === 'content' && !s.paused && s.time > 0.3;
    }, { timeout: 60_000, message: 'the embed should play the live channel' }).toBe(true);

    // The play statistics: one live play (event 7) from the embed page, stored by the server.
    await expect.poll(() => embedPlays(iframe.src).length, { timeout: 15_000 }).toBe(before + 1);
    expect(embedPlays(iframe.src).at(-1)).toMatchObject({ content_type: 'live', content_id: 'live', event_id: 7 });
  });
});
