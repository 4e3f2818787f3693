/**
 * The breaking-news ticker, connectivity and the API's 400 rule in Chromium
 * (docs/product.md, Header, States, Answers, Errors, Limits):
 *  - the ticker shows the API's headlines and loops (animation set, 30 s for
 *    a short list, longer for a long one), towards the inline start
 *    (leftwards in French, rightwards in Arabic); pauses on hover, on
 *    keyboard focus and with its button; stands still under reduced motion;
 *    is absent on replay (dark) pages and hidden when the API answers 204;
 *    its loop copy is hidden from assistive technology and the tab order;
 *  - a headline click lands in click_events (the server's store,
 *    `${E2E_DATA_DIR}/site.sqlite`; skipped when it is not readable);
 *  - offline / back online is announced in a polite live region;
 *  - a call of the page (here the ticker's) answered 400 sends the visitor
 *    to the home page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Page, type Route } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';

const storeFile = process.env.E2E_DATA_DIR ? path.join(process.env.E2E_DATA_DIR, 'site.sqlite') : '';
const run = `${Date.now()}-ticker${Math.floor(Math.random() * 1e6)}`;

const ticker = (page: Page) => page.locator('.breaking-ticker');

/**
 * Waits until the shell's script ran: it marks the account button ready and
 * binds the ticker (`data-bound`) where the page has one. Generous: on a
 * busy machine the module script may run late.
 */
async function shellRan(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.account-button[data-ready]') !== null && (document.querySelector('.breaking-ticker') === null || document.querySelector('.breaking-ticker[data-bound]') !== null),
    undefined,
    { timeout: 45_000 },
  );
}

/** Resolves once the browser was idle after everything queued before (the click listener installs when idle). */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
const track = (page: Page) => page.locator('.breaking-track');

const SHORT_LIST = {
  header: { status: 'OK', code: 200 },
  response: {
    title: 'Urgent',
    news: [
      { title: 'Première dépêche de test', url: '/fr/search?q=un' },
      { title: 'Deuxième dépêche de test', url: '/fr/search?q=deux' },
    ],
  },
};

async function fulfillShort(route: Route): Promise<void> {
  await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(SHORT_LIST) });
}

async function recentArticlePath(page: Page, lang: string): Promise<string> {
  const res = await page.request.get('/api/articlesrecent', { headers: { locale: lang } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { response: { articles: { path: string }[] } };
  const p = body.response.articles[0]?.path;
  expect(p, 'no recent article').toBeTruthy();
  return p!;
}

/** The track's current horizontal translation (px). */
const translateX = (page: Page) =>
  track(page).evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform === 'none' ? undefined : getComputedStyle(el).transform).m41);

// The ticker moves (playwright.config.ts stills pages by default).
test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
test.describe.configure({ timeout: 90_000 });
const SHOWN = { timeout: 45_000 };

test.describe('breaking-news ticker', () => {
  test('shows the API headlines in a labelled region and loops', async ({ page }) => {
    const api = await page.request.get('/api/getBreakingNews', { headers: { locale: 'fr' } });
    test.skip(api.status() === 204, 'no breaking news in this store');
    const { response } = (await api.json()) as { response: { title: string; news: { title: string; url: string }[] } };

    await page.goto('/fr');
    const region = page.getByRole('region', { name: response.title });
    await expect(region).toBeVisible(SHOWN);
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    // The first copy: every headline, linked, reachable by keyboard.
    const links = region.locator('.breaking-list:not([aria-hidden]) a');
    await expect(links).toHaveCount(response.news.length);
    await expect(links.first()).toHaveText(response.news[0]!.title);
    await expect(links.first()).toHaveAttribute('href', response.news[0]!.url);
    await expect(links.first()).toHaveAttribute('data-track', 'breaking-news');
    // The loop copy: hidden from assistive technology, out of the tab order.
    const copy = region.locator('.breaking-list[aria-hidden="true"] a');
    await expect(copy).toHaveCount(response.news.length);
    for (const tabindex of await copy.evaluateAll((els) => els.map((e) => e.getAttribute('tabindex')))) expect(tabindex).toBe('-1');
    // The accessibility tree holds each headline once.
    expect(await region.getByRole('link').count()).toBe(response.news.length);

    const style = await track(page).evaluate((el) => {
      const s = getComputedStyle(el);
      return { name: s.animationName, duration: parseFloat(s.animationDuration), iterations: s.animationIterationCount, state: s.animationPlayState };
    });
    expect(style.name).toBe('breaking-scroll');
    expect(style.iterations).toBe('infinite');
    expect(style.state).toBe('running');
    // 30 s a loop, longer only when the list is too long to read at that pace: never faster than 60 px a second.
    expect(style.duration).toBeGreaterThanOrEqual(30);
    const listWidth = await page.locator('.breaking-list:not([aria-hidden])').evaluate((el) => el.scrollWidth);
    expect(listWidth / style.duration, `${listWidth} px in ${style.duration} s`).toBeLessThanOrEqual(60.5);
  });

  test('a short list loops in exactly 30 s, towards the inline start in each language', async ({ page }) => {
    await page.route('**/api/getBreakingNews', fulfillShort);
    await page.goto('/fr');
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    await expect(track(page)).toHaveCSS('animation-duration', '30s');
    await expect(track(page)).toHaveCSS('animation-name', 'breaking-scroll');
    // French: the headlines move left.
    await expect.poll(() => translateX(page), { timeout: 10_000 }).toBeLessThan(-5);

    await page.goto('/ar');
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    await expect(page.getByRole('region', { name: 'Urgent' })).toBeVisible(SHOWN);
    // Arabic: they move right.
    await expect.poll(() => translateX(page), { timeout: 10_000 }).toBeGreaterThan(5);
  });

  test('pauses on hover, on keyboard focus and with its button', async ({ page }) => {
    await page.route('**/api/getBreakingNews', fulfillShort);
    await page.goto('/fr');
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    await expect(track(page)).toHaveCSS('animation-play-state', 'running');

    await page.locator('.breaking-viewport').hover();
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused');
    await page.mouse.move(5, 800);
    await expect(track(page)).toHaveCSS('animation-play-state', 'running');

    // Keyboard focus on a headline pauses it, and the headline is in view.
    const first = page.locator('.breaking-list:not([aria-hidden]) a').first();
    await first.focus();
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused');
    const box = (await first.boundingBox())!;
    const view = (await page.locator('.breaking-viewport').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(view.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(view.x + view.width + 1);
    await first.blur();
    await expect(track(page)).toHaveCSS('animation-play-state', 'running');

    // The pause button (WCAG 2.2.2) keeps it paused once focus leaves.
    const button = page.getByRole('button', { name: 'Mettre en pause le défilement des infos urgentes' });
    await button.click();
    await expect(page.getByRole('button', { name: 'Reprendre le défilement des infos urgentes' })).toBeVisible();
    await page.locator('body').focus();
    await page.mouse.move(5, 800);
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused');
    await page.getByRole('button', { name: 'Reprendre le défilement des infos urgentes' }).click();
    await page.mouse.move(5, 800);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(track(page)).toHaveCSS('animation-play-state', 'running');
  });

  test('its resume button resumes while it keeps keyboard focus', async ({ page }) => {
    await page.goto('/fr');
    const pause = page.getByRole('button', { name: 'Mettre en pause le défilement des infos urgentes' });
    await expect(pause).toBeVisible();
    await page.mouse.move(5, 800);
    await pause.focus();
    // Focus on the button alone does not stop the loop.
    await expect(track(page)).toHaveCSS('animation-play-state', 'running');
    await page.keyboard.press('Enter');
    const resume = page.getByRole('button', { name: 'Reprendre le défilement des infos urgentes' });
    await expect(resume).toBeFocused();
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused');
    await page.keyboard.press('Space');
    await expect(pause).toBeFocused();
    await expect(track(page)).toHaveCSS('animation-play-state', 'running');
  });

  for (const lang of ['fr', 'ar'] as const) {
    test(`/${lang}: every headline comes into view when it gets keyboard focus`, async ({ page }) => {
      const api = await page.request.get('/api/getBreakingNews', { headers: { locale: lang } });
      test.skip(api.status() === 204, 'no breaking news in this store');
      await page.goto(`/${lang}`);
      await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
      // The title's width (so the viewport's start) changes when its web
      // font arrives: wait for the fonts, and measure the viewport each time.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const viewport = page.locator('.breaking-viewport');
      const links = page.locator('.breaking-list:not([aria-hidden]) a');
      const count = await links.count();
      expect(count).toBeGreaterThan(1);
      // One Tab stop: the first headline; the arrow key of the reading direction goes on.
      const next = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight';
      for (let i = 1; i < count; i++) await expect(links.nth(i)).toHaveAttribute('tabindex', '-1');
      await links.first().focus();
      for (let i = 0; i < count; i++) {
        if (i > 0) await page.keyboard.press(next);
        await expect(links.nth(i)).toBeFocused();
        await expect(track(page)).toHaveCSS('animation-play-state', 'paused');
        const box = (await links.nth(i).boundingBox())!;
        const view = (await viewport.boundingBox())!;
        const inView = box.width > view.width ? box.x + box.width > view.x : box.x >= view.x - 1 && box.x + box.width <= view.x + view.width + 1;
        expect(inView, `headline ${i + 1} of ${count} at ${box.x}..${box.x + box.width}, viewport ${view.x}..${view.x + view.width}`).toBe(true);
      }
      // Past the last headline, the arrow leaves the loop copy alone: the pause button.
      await page.keyboard.press(next);
      await expect(page.locator('.breaking-toggle')).toBeFocused();
      // Home goes back to the first; Tab then leaves the ticker at once.
      await page.keyboard.press('Home');
      await expect(links.first()).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.locator('.breaking-ticker :focus')).toHaveCount(0);
    });
  }

  test('stands still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.route('**/api/getBreakingNews', fulfillShort);
    await page.goto('/fr');
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    await expect(track(page)).toHaveCSS('animation-name', 'none');
    await expect(page.locator('.breaking-list[aria-hidden="true"]')).toBeHidden();
    await expect(page.locator('.breaking-list:not([aria-hidden]) a').first()).toBeVisible();
    await expect(page.locator('.breaking-toggle')).toBeHidden();
    expect(await translateX(page)).toBe(0);
  });

  test('is not on replay (dark) pages', async ({ page }) => {
    await page.goto('/fr/replay');
    await expect(page.locator('html')).toHaveClass(/theme-dark/);
    await shellRan(page);
    await expect(ticker(page)).toHaveCount(0);
  });

  test('is hidden when the API answers 204', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/getBreakingNews', async (route) => {
      calls += 1;
      await route.fulfill({ status: 204 });
    });
    await page.goto('/fr');
    await expect.poll(() => calls, SHOWN).toBeGreaterThan(0);
    await expect(ticker(page)).toHaveAttribute('data-state', 'empty', SHOWN);
    await expect(ticker(page)).toBeHidden();
    await expect(page.getByRole('region', { name: 'Urgent' })).toHaveCount(0);
  });

  test('follows a language switch across client navigation', async ({ page }) => {
    await page.route('**/api/getBreakingNews', async (route) => {
      const lang = route.request().headers()['locale'];
      const body = structuredClone(SHORT_LIST);
      if (lang === 'ar') {
        body.response.title = 'عاجل';
        body.response.news = [{ title: 'خبر عاجل للاختبار', url: '/ar/search?q=x' }];
      }
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto('/fr');
    await expect(page.getByRole('region', { name: 'Urgent' })).toBeVisible(SHOWN);
    await page.locator('a[data-lang-switch]').click();
    await expect(page).toHaveURL(/\/ar\/?$/);
    await expect(page.getByRole('region', { name: 'عاجل' })).toBeVisible(SHOWN);
    await expect(page.locator('.breaking-list:not([aria-hidden]) a').first()).toHaveText('خبر عاجل للاختبار');
  });

  test('reserves its height before it loads when the last answer had headlines', async ({ page }) => {
    // The first visit learns that there are headlines; the API then answers late.
    await page.route('**/api/getBreakingNews', fulfillShort);
    await page.goto('/fr');
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    const shownHeight = (await ticker(page).boundingBox())!.height;

    await page.unroute('**/api/getBreakingNews');
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/getBreakingNews', async (route) => {
      await released;
      await fulfillShort(route);
    });
    await page.goto('/fr/navigationlinks/conditions');
    await expect(page.locator('html')).toHaveAttribute('data-breaking-hint', '');
    await expect(ticker(page)).toHaveAttribute('data-state', 'pending');
    const mainBefore = (await page.locator('main').boundingBox())!.y;
    expect((await ticker(page).boundingBox())!.height).toBe(shownHeight);
    release();
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    expect((await page.locator('main').boundingBox())!.y).toBe(mainBefore);
  });
});

test.describe('click tracking', () => {
  test.skip(!storeFile || !existsSync(storeFile), `the server's store is not readable here: set E2E_DATA_DIR to its DATA_DIR (looked for ${storeFile || 'E2E_DATA_DIR unset'})`);

  function clicksOf(userID: string): { event_id: number; payload: string }[] {
    const db = new DatabaseSync(storeFile, { readOnly: true, timeout: 5000 });
    try {
      return db.prepare(`SELECT event_id, payload FROM click_events WHERE json_extract(payload, '$.userID') = ? ORDER BY id`).all(userID) as {
        event_id: number;
        payload: string;
      }[];
    } finally {
      db.close();
    }
  }

  test('a headline click lands in click_events', async ({ page, baseURL }) => {
    const userID = `${run}-click`;
    await page.addInitScript((id) => localStorage.setItem('userID', id), userID);
    await page.route('**/api/getBreakingNews', fulfillShort);
    await page.goto('/fr');
    const pageURL = page.url();
    await expect(ticker(page)).toHaveAttribute('data-state', 'shown', SHOWN);
    // The listener is installed when the browser is idle.
    await idle(page);
    const headline = page.locator('.breaking-list:not([aria-hidden]) a').first();
    // A moving link is never "stable" for Playwright: focus pauses the loop
    // and brings the headline into view, then the mouse clicks it.
    await headline.focus();
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused');
    // The click's time, as the browser's clock reads it around the click.
    const before = Math.floor((await page.evaluate(() => Date.now())) / 1000);
    await headline.click();
    await expect(page).toHaveURL(/\/fr\/search\?q=un$/);
    const after = Math.ceil((await page.evaluate(() => Date.now())) / 1000);

    await expect.poll(() => clicksOf(userID).length, { timeout: 15_000 }).toBe(1);
    const row = clicksOf(userID)[0]!;
    expect(row.event_id).toBe(20);
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    expect(payload).toMatchObject({
      eventId: 20,
      target: '/fr/search?q=un',
      label: 'Première dépêche de test',
      pageURL,
      userID,
    });
    expect(Object.keys(payload).sort()).toEqual(['clickDate', 'eventId', 'label', 'pageURL', 'target', 'userID']);
    expect(Number(payload['clickDate'])).toBeGreaterThanOrEqual(before);
    expect(Number(payload['clickDate'])).toBeLessThanOrEqual(after);
    expect(String(payload['pageURL'])).toContain(new URL(baseURL!).host);
  });

  test('navigation bar and footer links report their own event ids', async ({ page }) => {
    const userID = `${run}-nav`;
    await page.addInitScript((id) => localStorage.setItem('userID', id), userID);
    await page.goto('/fr');
    await idle(page);
    // The first one shown (the bar's live link is for phones only).
    const navLink = page.locator('nav.navbar-nav a[href^="/fr/"]:visible').first();
    const navTarget = (await navLink.getAttribute('href'))!;
    await navLink.click();
    await expect(page).toHaveURL(new RegExp(`${navTarget.replace(/[.?]/g, '\\$&')}$`));
    await idle(page);
    const footerLink = page.locator('footer.site-footer .footer-links a[href^="/fr/"]').first();
    const footerTarget = (await footerLink.getAttribute('href'))!;
    await footerLink.click();
    await expect(page).toHaveURL(new RegExp(`${footerTarget.replace(/[.?]/g, '\\$&')}$`));

    await expect.poll(() => clicksOf(userID).length, { timeout: 15_000 }).toBe(2);
    const [nav, footer] = clicksOf(userID).map((r) => ({ id: r.event_id, ...(JSON.parse(r.payload) as { target: string }) }));
    expect(nav).toMatchObject({ id: 23, target: navTarget });
    expect(footer).toMatchObject({ id: 26, target: footerTarget });
  });

  test('the language switch is stored with the clicks as event 11', async ({ page }) => {
    const userID = `${run}-language`;
    await page.addInitScript((id) => localStorage.setItem('userID', id), userID);
    await page.goto('/fr');
    await idle(page);
    await page.locator('a[data-lang-switch]').click();
    await expect(page).toHaveURL(/\/ar\/?$/);
    await expect.poll(() => clicksOf(userID).length, { timeout: 15_000 }).toBe(1);
    const [row] = clicksOf(userID).map((r) => ({ id: r.event_id, ...(JSON.parse(r.payload) as { target: string }) }));
    expect(row).toMatchObject({ id: 11, target: '/ar' });
  });
});

test.describe('connectivity and errors', () => {
  test('offline and back online are announced discreetly', async ({ page, context }) => {
    await page.goto('/fr');
    const status = page.locator('.connectivity-status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveText('');
    // Offline before the shell's script ran, its code could not load.
    await shellRan(page);
    // The page survives the outage: no reload (a chunk that fails to load
    // offline, e.g. the live strip's hls.js, is not a new deployment).
    await page.evaluate(() => ((window as unknown as { survivor: number }).survivor = 1));
    await context.setOffline(true);
    await expect(status).toHaveText('Vous êtes hors ligne');
    await page.waitForTimeout(1500);
    await context.setOffline(false);
    await expect(status).toHaveText('De nouveau en ligne');
    expect(await page.evaluate(() => (window as unknown as { survivor?: number }).survivor)).toBe(1);
    await expect(status).toHaveText('', { timeout: 15_000 });
  });

  test('in Arabic too', async ({ page, context }) => {
    await page.goto('/ar');
    await shellRan(page);
    await context.setOffline(true);
    await expect(page.locator('.connectivity-status')).toHaveText('أنت غير متصل بالإنترنت');
    await context.setOffline(false);
    await expect(page.locator('.connectivity-status')).toHaveText('عاد الاتصال');
  });

  test('a call of the page answered 400 sends the visitor to the home page', async ({ page }) => {
    const article = await recentArticlePath(page, 'fr');
    await page.route('**/api/getBreakingNews', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ header: { status: 'ERROR', code: 400, message: 'Requête invalide.' }, response: null }),
      }),
    );
    await page.goto(article);
    await expect(page).toHaveURL(/\/fr\/?$/, SHOWN);
    // At home, the same answer changes nothing (no loop).
    await shellRan(page);
    await expect(ticker(page)).toHaveAttribute('data-state', 'empty');
    await expect(page).toHaveURL(/\/fr\/?$/);
  });
});
