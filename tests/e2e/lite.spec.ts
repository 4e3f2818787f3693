/**
 * The lite site on a 2G connection (ADR 038): in Chromium with the network
 * of a 2G phone (WebPageTest's "2G" profile: 800 ms round trips, 280 kbit/s
 * down, 256 kbit/s up, applied through the DevTools protocol as Lighthouse's
 * devtools throttling does), a lite article's text is readable within 3 s
 * of the click, in both languages, with no script run and nothing but the
 * page itself fetched. A `Save-Data: on` browser gets the lite page at the
 * article's own address.
 */
import { test, expect, type Page } from '@playwright/test';

const TWO_G = { offline: false, latency: 800, downloadThroughput: (280 * 1024) / 8, uploadThroughput: (256 * 1024) / 8 };

async function newestArticle(page: Page, lang: 'ar' | 'fr'): Promise<string> {
  const res = await page.request.get('/api/articlesrecent', { headers: { locale: lang } });
  return ((await res.json()) as { response: { articles: { path: string }[] } }).response.articles[0]!.path;
}

const liteOf = (full: string) => full.replace(/^\/(ar|fr)\//, '/$1/lite/');

for (const lang of ['ar', 'fr'] as const) {
  test(`a lite article is readable within 3 s on 2G [${lang}]`, async ({ page, context }) => {
    const article = await newestArticle(page, lang);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', TWO_G);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    const started = Date.now();
    await page.goto(liteOf(article), { waitUntil: 'commit' });
    await expect(page.locator('h1')).toBeVisible({ timeout: 3000 });
    await expect(page.locator('article p').first()).toBeVisible({ timeout: 3000 });
    const readable = Date.now() - started;
    console.log(`[${lang}] lite article readable on 2G after ${readable} ms`);
    expect(readable).toBeLessThanOrEqual(3000);

    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.waitForLoadState('load');
    // The page alone: no script, stylesheet, font or picture fetched by itself.
    expect(requests.map((u) => new URL(u).pathname)).toEqual([encodeURI(liteOf(article))]);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    // Its way back to the full page.
    await expect(page.locator('header nav a').first()).toHaveAttribute('href', article);
  });
}

test('a Save-Data browser gets the lite page at the article address', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL!, extraHTTPHeaders: { 'save-data': 'on' } });
  const page = await context.newPage();
  const article = await newestArticle(page, 'fr');
  const res = await page.goto(article);
  expect(res?.headers()['vary']).toMatch(/Save-Data/);
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  await expect(page.locator('header nav a').first()).toHaveAttribute('href', article);
  await context.close();
});
