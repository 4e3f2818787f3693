/**
 * Display ads in Chromium (docs/product.md, Ads, Content "Ad slot
 * settings", States "Ad slots", Errors "ad error", Limits; ADR 008): a house banner in each width band
 * (375-413 mobile, 414-969 web, from 970 the desktop skin), its impression,
 * viewable impression and click in the store; the slot rebuilt 50 ms after
 * the window crosses a breakpoint; the skin fixed on scroll and absolute
 * before the bulletin section and the footer; a refresh when the targeting
 * changes; what a phone starts (the rectangle when scrolled near, never
 * the skin, nor the header's weather and live strip; no React before that); the campaigns shown abroad (ADR 053); "ad error" with nothing visible when the ad
 * server fails; and the Google Publisher Tag adapter against a stand-in
 * gpt.js in a harness page.
 *
 * What landed is read from the server's own store (E2E_DATA_DIR/site.sqlite).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { bundleForBrowser } from '../support/browser-bundle.ts';
import { type Page, type Request } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';

const storeFile = process.env.E2E_DATA_DIR ? path.join(process.env.E2E_DATA_DIR, 'site.sqlite') : '';

function query<T>(sql: string, ...params: number[]): T[] {
  const db = new DatabaseSync(storeFile, { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The newest event row id: what a test stores comes after it. */
const lastEventId = () => Number(query<{ n: number | null }>('select max(id) as n from ad_banner_events')[0]?.n ?? 0);

/** The events stored for a banner after the event row `after`. */
const bannerEvents = (bannerId: number, after: number): string[] =>
  query<{ event: string }>('select event from ad_banner_events where banner_id = ? and id > ? order by id', bannerId, after).map((r) => r.event);

const slot = (page: Page, cls: string) => page.locator(`.ad-slot.${cls}`);
const bannerRequests = (page: Page) => {
  const seen: URL[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === '/ads/banner') seen.push(url);
  });
  return seen;
};

test.describe('house banners by window width', () => {
  const bands = [
    { width: 375, shown: 'ad-top-mobile', size: '320x100' },
    { width: 413, shown: 'ad-top-mobile', size: '320x100' },
    { width: 414, shown: 'ad-top-web', size: '320x100' },
    { width: 600, shown: 'ad-top-web', size: '468x60' },
    { width: 969, shown: 'ad-top-web', size: '728x90' },
  ];
  for (const band of bands) {
    test(`${band.width} px: the ${band.shown} slot shows a ${band.size} house banner, nothing else at the top`, async ({ page }) => {
      await page.setViewportSize({ width: band.width, height: 800 });
      await page.goto('/fr');
      const shown = slot(page, band.shown);
      await expect(shown).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
      const ad = shown.locator('a.ad-house');
      await expect(ad).toBeVisible();
      await expect(ad).toHaveAttribute('data-size', band.size);
      await expect(shown.locator('.ad-slot-label')).toHaveText('Publicité');
      // The picture really loaded, and the words are drawn in the page's language.
      await expect.poll(() => ad.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(ad.locator('.ad-house-headline')).not.toBeEmpty();
      for (const other of ['ad-top-mobile', 'ad-top-web'].filter((c) => c !== band.shown)) {
        await expect(slot(page, other)).toBeHidden();
      }
      await expect(page.locator('#ad-skin')).toBeHidden();
      // Never wider than the window.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('970 px and up: the desktop skin fills both sides, the top slots stay empty', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ar');
    const skin = page.locator('#ad-skin');
    await expect(skin).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
    await expect(skin.locator('a.ad-skin-link')).toHaveAttribute('aria-label', /^إعلان: /);
    // Its label shows in the gutter, beside the content column, not under it.
    const label = skin.locator('.ad-skin-label');
    await expect(label).toHaveText('إعلان');
    await expect(label).toBeVisible();
    const [labelBox, mainBox] = await Promise.all([label.boundingBox(), page.locator('main').boundingBox()]);
    expect(labelBox!.width).toBeGreaterThan(0);
    // RTL: the inline-start gutter is on the right of the content column.
    expect(labelBox!.x).toBeGreaterThanOrEqual(mainBox!.x + mainBox!.width);
    await expect(page.locator('html')).toHaveAttribute('data-ad-skin', '');
    for (const cls of ['ad-top-mobile', 'ad-top-web']) await expect(slot(page, cls)).toBeHidden();
    // The sides show the skin: what is under a point beside the content column is its link.
    const hit = await page.evaluate(() => {
      const main = document.querySelector('main')!.getBoundingClientRect();
      const x = Math.floor(main.left / 2);
      const el = document.elementFromPoint(x, Math.min(window.innerHeight - 10, main.top + 100));
      return el?.className ?? null;
    });
    expect(hit).toBe('ad-skin-link');
  });
});

test.describe('impressions and clicks', () => {
  test('a banner reports its impression and viewable impression, and a click goes through the counter to its page', async ({ page }) => {
    test.skip(!storeFile || !existsSync(storeFile), 'needs the server store (E2E_DATA_DIR)');
    const after = lastEventId();
    // What this page reports (other browsers may show the same banner meanwhile).
    const pings: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/ads/banner/event') pings.push(u);
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/fr');
    const ad = slot(page, 'ad-top-mobile').locator('a.ad-house');
    await expect(ad).toBeVisible({ timeout: 15_000 });
    const id = Number(await ad.getAttribute('data-ad-id'));
    const sent = () => pings.filter((u) => u.searchParams.get('b') === String(id)).map((u) => u.searchParams.get('e'));
    await expect.poll(sent, { timeout: 10_000 }).toEqual(['impression', 'viewable']);
    // …and both landed in the store.
    await expect.poll(() => ['impression', 'viewable'].every((e) => bannerEvents(id, after).includes(e))).toBe(true);
    const href = (await ad.getAttribute('href'))!;
    expect(new URL(href).pathname).toBe('/ads/banner/click');
    const destination = await page.request.get(href, { maxRedirects: 0 });
    expect(destination.status()).toBe(302);
    const location = new URL(destination.headers()['location']!);
    expect(location.pathname).toMatch(/^\/fr\//);
    await expect.poll(() => bannerEvents(id, after).filter((e) => e === 'click').length).toBe(1);
    // A second click on the same impression still leads to the page, and is not counted again (ADR 030).
    await ad.click();
    await expect(page).toHaveURL(location.toString());
    await page.waitForTimeout(500);
    expect(bannerEvents(id, after).filter((e) => e === 'click')).toHaveLength(1);
  });

  test('visitors abroad (country flag 1) get the campaigns shown abroad, never one kept for Morocco', async ({ page }) => {
    const abroad = ['2M vous accompagne partout dans le monde', '2M en direct, où que vous soyez', 'L’essentiel de l’info chaque matin'];
    await page.addInitScript(() => sessionStorage.setItem('countryFlag', '1'));
    const seen = bannerRequests(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/fr');
    const headline = slot(page, 'ad-top-mobile').locator('.ad-house-headline');
    await expect(headline).toBeVisible({ timeout: 15_000 });
    expect(abroad).toContain(await headline.textContent());
    expect(seen.some((u) => u.searchParams.get('market') === 'intl' && u.searchParams.get('unit') === '/2M/mobile/top')).toBe(true);
    // The seed's diaspora campaign (everywhere but Morocco) and those of all countries, by weight; Starlight (Morocco only) never (ADR 053).
    const drawn = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const res = await page.request.get('/ads/banner?unit=/2M/mobile/top&sizes=320x100&lang=fr&market=intl');
      drawn.add(((await res.json()) as { ad: { headline: string } }).ad.headline);
    }
    expect([...drawn].sort()).toEqual([...abroad].sort());
  });

  test('with the house server for both flags the top banner is asked for at once, the market left to the server (no wait for the geo lookup)', async ({ page }) => {
    let bannerAsked = () => {};
    const asked = new Promise<void>((resolve) => (bannerAsked = resolve));
    const order: string[] = [];
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname !== '/ads/banner' || url.searchParams.get('unit') !== '/2M/mobile/top') return;
      order.push(`banner market=${url.searchParams.get('market')}`);
      bannerAsked();
    });
    await page.route('**/geo/json.gp*', async (route) => {
      order.push('geo asked');
      // Held until the banner has been asked for (10 s at most): the banner must not wait for it.
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      order.push('geo answered');
      await route.continue();
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/fr');
    await expect(slot(page, 'ad-top-mobile')).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
    const banner = order.findIndex((e) => e.startsWith('banner'));
    expect(order[banner]).toBe('banner market=auto');
    const answered = order.indexOf('geo answered');
    if (answered >= 0) expect(banner).toBeLessThan(answered);
  });
});

test.describe('resizing and targeting', () => {
  test('crossing 414 px and 970 px removes the old slot at once and builds the new one 50 ms later', async ({ page }) => {
    const seen = bannerRequests(page);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/fr');
    await expect(slot(page, 'ad-top-mobile')).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
    // The rectangle, far below the first screen on a phone, is asked for only once it nears the screen.
    expect(seen.some((u) => u.searchParams.get('unit') === '/2M/mobile/rectangle')).toBe(false);
    await page.locator('[data-ad-slot="rectangle"]').scrollIntoViewIfNeeded();
    await expect(slot(page, 'ad-rectangle')).toHaveAttribute('data-ad-unit', '/2M/mobile/rectangle', { timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(slot(page, 'ad-top-web')).toHaveAttribute('data-ad-status', 'filled');
    await expect(slot(page, 'ad-top-web').locator('a.ad-house')).toHaveAttribute('data-size', '728x90');
    await expect(slot(page, 'ad-top-mobile')).toHaveAttribute('data-ad-status', 'idle');
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.locator('#ad-skin')).toHaveAttribute('data-ad-status', 'filled');
    await expect(slot(page, 'ad-top-web')).toHaveAttribute('data-ad-status', 'idle');
    // The rectangle beside the content switched from its mobile to its desktop unit.
    await expect(slot(page, 'ad-rectangle')).toHaveAttribute('data-ad-unit', '/2M/desktop/rectangle');
    const units = seen.map((u) => u.searchParams.get('unit'));
    expect(units).toEqual(expect.arrayContaining(['/2M/mobile/top', '/2M/web/top', '/2M/desktop/skin', '/2M/mobile/rectangle', '/2M/desktop/rectangle']));
  });

  test('the skin is fixed on scroll and rests above the bulletin section; it is refreshed when the page’s targeting changes', async ({ page }) => {
    test.setTimeout(45_000);
    const seen = bannerRequests(page);
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/fr');
    const skin = page.locator('#ad-skin');
    await expect(skin).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
    const box = () =>
      skin.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const stop = document.querySelector('.bulletins')!.getBoundingClientRect();
        return { position: getComputedStyle(el).position, top: Math.round(r.top), bottom: Math.round(r.bottom), stopTop: Math.round(stop.top) };
      });
    const start = await box();
    expect(start.position).toBe('absolute');
    expect(start.top).toBeGreaterThanOrEqual(173);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(async () => (await box()).position).toBe('fixed');
    expect((await box()).top).toBe(0);
    // Scrolled to the bulletin section: the skin rests on it instead of running under it.
    await page.evaluate(() => document.querySelector('.bulletins')!.scrollIntoView({ block: 'center' }));
    await expect.poll(async () => (await box()).position).toBe('absolute');
    const resting = await box();
    expect(Math.abs(resting.bottom - resting.stopTop)).toBeLessThanOrEqual(1);

    // A client navigation keeps the skin (transition:persist) with the new page's targeting:
    // refreshed once it has had its 5 s.
    const skinRequests = () => seen.filter((u) => u.searchParams.get('format') === 'skin').length;
    const before = skinRequests();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('nav.navbar-nav a[href^="/fr/"]:not(.nav-live)').first().click();
    await expect(page).not.toHaveURL(/\/fr\/?$/);
    await expect.poll(skinRequests, { timeout: 12_000 }).toBe(before + 1);
    await expect(skin).toHaveAttribute('data-ad-status', 'filled');
  });
});

test.describe('what a phone hydrates', () => {
  test('below the first screen and outside its width, a slot costs nothing at load: the rectangle starts when scrolled near, the skin never on a phone, and no React loads before that', async ({ page }) => {
    const seen = bannerRequests(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/ar');
    // The top banner starts once the page is idle and fills, without React.
    await expect(slot(page, 'ad-top-mobile')).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
    await expect(slot(page, 'ad-top-mobile').locator('.ad-slot-label')).toHaveCount(1);
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
    const reactLoaded = async () => (await scripts()).some((p) => /\/_astro\/(react|jsx-runtime)\./.test(p));
    expect(await scripts()).not.toHaveLength(0);
    expect(await reactLoaded()).toBe(false);
    const island = (name: string) => page.locator(`astro-island[component-url*="${name}.island"]`);
    // The account button and the search box are no islands: the shell's script drives them, their React parts load on a press.
    await expect(page.locator('#account-slot button.account-button')).toHaveAttribute('data-ready', '');
    await expect(page.locator('#account-slot astro-island, #search-slot astro-island')).toHaveCount(0);
    // What a phone's header hides never hydrates: the weather widget and the live strip.
    await expect(island('Weather')).toHaveAttribute('ssr', '');
    await expect(island('LiveStrip')).toHaveAttribute('ssr', '');
    // No ad slot is an island; the rectangle waits below the first screen.
    await expect(page.locator('[data-ad-slot] astro-island')).toHaveCount(0);
    await expect(slot(page, 'ad-rectangle')).toHaveAttribute('data-ad-status', 'idle');
    await expect(island('AdSkin')).toHaveAttribute('ssr', '');
    await expect(page.locator('[data-prayer-widget] astro-island')).toHaveAttribute('ssr', '');
    expect(seen.some((u) => u.searchParams.get('unit') === '/2M/mobile/rectangle')).toBe(false);
    await page.locator('[data-ad-slot="rectangle"]').scrollIntoViewIfNeeded();
    await expect(slot(page, 'ad-rectangle')).toHaveAttribute('data-ad-unit', '/2M/mobile/rectangle', { timeout: 15_000 });
    expect(seen.some((u) => u.searchParams.get('unit') === '/2M/mobile/rectangle')).toBe(true);
    await page.locator('[data-prayer-widget]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-prayer-widget] astro-island')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
    // The skin is still not hydrated on a phone; from 970 px it is, and the header's weather and live strip come back.
    await expect(island('AdSkin')).toHaveAttribute('ssr', '');
    await expect(island('Weather')).toHaveAttribute('ssr', '');
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(island('AdSkin')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
    await expect(island('Weather')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
    await expect(island('LiveStrip')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
    await expect(page.locator('#ad-skin')).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
  });
});

test.describe('failures', () => {
  test('an ad server failure logs "ad error" and shows nothing; the page works', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/ads/banner?**', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/fr');
    await expect(slot(page, 'ad-top-mobile')).toHaveAttribute('data-ad-status', 'error', { timeout: 15_000 });
    await expect(slot(page, 'ad-top-mobile')).toBeHidden();
    // Its place collapses too: no empty band at the top.
    await expect(page.locator('.ad-top')).toBeHidden();
    expect(errors.some((e) => e.startsWith('ad error'))).toBe(true);
    await expect(page.locator('main h2').first()).toBeVisible();
  });
});

/* --------------------------------------------------- GPT in a harness */

let gptBundle: string | undefined;

async function bundleGpt(): Promise<string> {
  gptBundle ??= (await bundleForBrowser(`import { gptProvider, loadGpt } from './src/islands/ads/gpt.ts'; window.__gpt = { gptProvider, loadGpt };`)).js;
  return gptBundle;
}

/**
 * A stand-in for gpt.js: googletag with the calls this adapter makes,
 * recorded in window.__calls; ready 700 ms after loading (the adapter polls
 * every 500 ms); every display or refresh renders and fires slotRenderEnded
 * (empty for units containing "empty").
 */
const FAKE_GPT = `
(() => {
  const calls = (window.__calls = []);
  const listeners = [];
  const slots = new Map();
  const render = (slot) => setTimeout(() => {
    const empty = slot.unit.includes('empty');
    const el = document.getElementById(slot.div);
    if (el && !empty) el.innerHTML = '<div class="gpt-creative">' + slot.unit + ' ' + JSON.stringify(slot.targeting) + '</div>';
    listeners.forEach((l) => l({ slot, isEmpty: empty }));
  }, 30);
  const pubads = {
    addEventListener(type, fn) { calls.push(['addEventListener', type]); if (type === 'slotRenderEnded') listeners.push(fn); return pubads; },
    refresh(list) { calls.push(['refresh', list.map((s) => s.div)]); list.forEach(render); },
  };
  const gt = window.googletag || { cmd: [] };
  const queued = gt.cmd;
  Object.assign(gt, {
    cmd: { push: (...fns) => fns.forEach((f) => f()) },
    pubads: () => pubads,
    defineSlot(unit, sizes, div) {
      calls.push(['defineSlot', unit, sizes, div]);
      const slot = { unit, div, targeting: {},
        addService() { return slot; },
        setTargeting(k, v) { slot.targeting[k] = v; calls.push(['setTargeting', div, k, v]); return slot; },
        clearTargeting() { slot.targeting = {}; return slot; },
        getSlotElementId() { return div; } };
      slots.set(div, slot);
      return slot;
    },
    defineOutOfPageSlot(unit, div) { calls.push(['defineOutOfPageSlot', unit, div]); return gt.defineSlot(unit, [], div); },
    enableServices() { calls.push(['enableServices']); },
    display(div) { calls.push(['display', div]); render(slots.get(div)); },
    destroySlots(list) { calls.push(['destroySlots', list.map((s) => s.div)]); list.forEach((s) => slots.delete(s.div)); return true; },
  });
  window.googletag = gt;
  setTimeout(() => { gt.apiReady = true; queued.forEach((f) => f()); }, 700);
})();`;

const GPT_HARNESS = '/fr/__gpt-harness';

async function openGptHarness(page: Page): Promise<void> {
  const js = await bundleGpt();
  await page.route('**/__fake/gpt.js', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_GPT }));
  await page.route('**/__fake/missing-gpt.js', (route) => route.fulfill({ status: 404, body: '' }));
  await page.route(`**${GPT_HARNESS}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>gpt harness</title></head><body>
<div id="ad-a"></div><div id="ad-b"></div><div id="ad-oop"></div><script>${js}</script></body></html>`,
    }),
  );
  await page.goto(GPT_HARNESS);
}

test.describe('Google Publisher Tag adapter', () => {
  test('loads gpt.js, waits for it, defines, targets, displays, refreshes and destroys slots', async ({ page }) => {
    await openGptHarness(page);
    const result = await page.evaluate(async () => {
      type Served = { filled: boolean; refresh(t: [string, string][]): Promise<Served>; destroy(): void };
      const w = window as unknown as { __gpt: { gptProvider(url: string): { serve(r: unknown): Promise<Served> } }; __calls: unknown[][] };
      const provider = w.__gpt.gptProvider('/__fake/gpt.js');
      const req = (id: string, unit: string, kind = 'banner') => ({
        container: document.getElementById(id),
        unit,
        sizes: [[728, 90], [468, 60]],
        kind,
        targeting: [['lang', 'fr'], ['page', 'index']],
        lang: 'fr',
        market: 'ma',
      });
      const a = await provider.serve(req('ad-a', '/21700000/2M/web/top'));
      const b = await provider.serve(req('ad-b', '/21700000/2M/empty'));
      const oop = await provider.serve(req('ad-oop', '/21700000/2M/oop/interstitial', 'out-of-page'));
      const refreshed = await a.refresh([['lang', 'fr'], ['page', 'tag-url']]);
      a.destroy();
      return {
        filled: [a.filled, b.filled, oop.filled, refreshed.filled],
        html: document.getElementById('ad-a')!.textContent,
        calls: w.__calls,
      };
    });
    expect(result.filled).toEqual([true, false, true, true]);
    expect(result.html).toContain('"page":"tag-url"');
    expect(result.calls).toContainEqual(['defineSlot', '/21700000/2M/web/top', [[728, 90], [468, 60]], 'ad-a']);
    expect(result.calls).toContainEqual(['defineOutOfPageSlot', '/21700000/2M/oop/interstitial', 'ad-oop']);
    expect(result.calls).toContainEqual(['setTargeting', 'ad-a', 'page', 'index']);
    expect(result.calls).toContainEqual(['display', 'ad-a']);
    expect(result.calls).toContainEqual(['refresh', ['ad-a']]);
    expect(result.calls).toContainEqual(['destroySlots', ['ad-a']]);
    expect(result.calls.filter((c) => c[0] === 'enableServices')).toHaveLength(1);
  });

  test('a gpt.js that fails to load, or is never ready, rejects (the slot logs "ad error")', async ({ page }) => {
    await openGptHarness(page);
    const messages = await page.evaluate(async () => {
      const w = window as unknown as { __gpt: { loadGpt(url: string, poll?: number, max?: number): Promise<unknown> } };
      const out: string[] = [];
      await w.__gpt.loadGpt('/__fake/missing-gpt.js').catch((e: Error) => out.push(e.message));
      // googletag exists but never becomes ready: rejected after the polls.
      (window as unknown as { googletag: unknown }).googletag = { cmd: [] };
      await w.__gpt.loadGpt('/__fake/never.js', 20, 3).catch((e: Error) => out.push(e.message));
      return out;
    });
    expect(messages).toEqual(['GPT script failed to load: /__fake/missing-gpt.js', expect.stringMatching(/GPT (not ready|script failed)/)]);
  });
});
