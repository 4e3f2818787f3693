/**
 * Breaking news from the newsroom reach an open page (ADR 011): a
 * page is open with its ticker; the newsroom sets the French ticker through
 * PUT /api/newsroom/breaking/fr; at its next refresh the ticker shows the
 * new headlines, in their order, without a reload.
 *
 * The ticker refreshes every TICKER_REFRESH_MS (3 minutes) while visible.
 * The test does not wait for it: the page runs on Playwright's clock
 * (page.clock), moved on by one refresh interval. The browser's HTTP cache
 * follows the real clock, and would still hold the ticker's first answer
 * (max-age 15 s plus stale-while-revalidate 30 s, the API's `live` policy),
 * which three real minutes would have expired: the test empties the cache
 * (Chromium's DevTools protocol) before moving the page's clock, so the
 * refresh asks the server as it would after those minutes.
 *
 * The newsroom token is made with the CLI on the server's store
 * (E2E_DATA_DIR); the French list is put back afterwards.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { TICKER_REFRESH_MS } from '../../src/islands/ticker/model.ts';
import { storeEnv } from '../../scripts/test-server.ts';
import { PG_SMOKE } from '../support/pg-smoke.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface Item {
  title: string;
  url: string;
  articleId: number | null;
  startsAt: string;
  endsAt: string | null;
}

function newsroomToken(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const out = execFileSync(process.execPath, ['scripts/newsroom.ts', 'token', 'create', '--name', `e2e-breaking-${run}`], {
    cwd: root,
    env: { ...process.env, ...storeEnv(dataDir), NODE_ENV: 'test' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.trim().split('\n').at(-1)!;
}

async function putFrench(request: APIRequestContext, token: string, items: unknown[]): Promise<void> {
  const res = await request.put('/api/newsroom/breaking/fr', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: JSON.stringify({ items }),
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.use({ viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 120_000 });

test('the newsroom publishes breaking news and an open page shows it at its next refresh', PG_SMOKE, async ({ page, request }) => {
  const token = newsroomToken();
  const seeded = await request.get('/api/newsroom/breaking/fr', { headers: { authorization: `Bearer ${token}` } });
  expect(seeded.status()).toBe(200);
  const before = ((await seeded.json()) as { response: { items: Item[] } }).response.items;
  const headlines = [`Dépêche de la rédaction ${run}`, `Seconde dépêche ${run}`];

  try {
    await page.clock.install();
    const firstRead = page.waitForResponse((r) => r.url().endsWith('/api/getBreakingNews') && r.request().method() === 'GET', { timeout: 45_000 });
    await page.goto('/fr');
    await firstRead;
    const ticker = page.locator('.breaking-ticker');
    for (const h of headlines) await expect(ticker).not.toContainText(h);

    await putFrench(request, token, [
      { title: headlines[0], url: '/fr/live' },
      { title: headlines[1], url: '/fr/guidetv' },
    ]);

    // The front server keeps the public answer until the change feed reaches it (≤ 5 s, ADR 010).
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/getBreakingNews', { headers: { locale: 'fr' } });
          return res.status() === 200 ? ((await res.json()) as { response: { news: { title: string }[] } }).response.news.map((n) => n.title) : [];
        },
        { timeout: 5000, intervals: [200] },
      )
      .toEqual(headlines);
    // What three real minutes do to the first answer in the HTTP cache, then three minutes on the page's clock.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/getBreakingNews') && r.status() === 200);
    await page.clock.fastForward(TICKER_REFRESH_MS);
    await refreshed;

    await expect(ticker).toBeVisible();
    const links = ticker.locator('.breaking-list').first().locator('a');
    await expect(links).toHaveText(headlines);
    await expect(links.first()).toHaveAttribute('href', '/fr/live');
  } finally {
    const restore = before.map((i) => ({ title: i.title, ...(i.url ? { url: i.url } : {}), ...(i.articleId ? { articleId: i.articleId } : {}), startsAt: i.startsAt, endsAt: i.endsAt }));
    if (restore.length) await putFrench(request, token, restore);
    else {
      const res = await request.delete('/api/newsroom/breaking/fr', { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
      expect(res.status()).toBe(200);
    }
  }
});
