/**
 * One browser tab per worker, for specs that only visit pages and read them
 * (route coverage, axe checks).
 *
 * Playwright gives each test a new context and page: for Chromium a new
 * renderer process and for Playwright its page set-up, about 0.35-0.45 s
 * here and twice that on a slow CI machine, more than most of these tests
 * take themselves. With this `test`, the `page` fixture is one tab kept for
 * the worker: each test still starts with a full navigation (page.goto);
 * what carries over is the tab's HTTP cache and history. Before each test
 * the tab takes the test's viewport and reduced-motion setting; after it,
 * what the test added is undone (request routes, page listeners, init
 * scripts, exposed functions, offline, permissions), and cookies,
 * localStorage and sessionStorage are cleared. `context` is the tab's. A
 * test that sets the page's clock or extra HTTP headers, which cannot be
 * undone, leaves the worker a new tab.
 *
 * A fresh page (`import { test } from '@playwright/test'`) is still needed by
 * a test that counts requests a warm cache would not make (prefetch, the
 * player's code, a response cached for 15 s), uses a service worker, or
 * runs without JavaScript.
 */
import { test as base, type BrowserContextOptions, type Disposable, type Page } from '@playwright/test';

/** The page events a test may listen to (removed after it). */
const PAGE_EVENTS = ['console', 'pageerror', 'request', 'requestfinished', 'requestfailed', 'response', 'dialog', 'framenavigated', 'load'] as const;

/** The worker's tab, and a way to replace it with a new one. */
interface Tab {
  page: Page;
  renew(): Promise<void>;
}

/**
 * What a test can set on a tab that Playwright cannot take back: the page's
 * clock (page.clock) and headers sent with every request
 * (setExtraHTTPHeaders, e.g. the server's test clock). A test that uses one
 * leaves the tab to be replaced by a new one after it.
 */
const CLOCK_METHODS = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor', 'resume'] as const;

export const test = base.extend<Record<never, never>, { sharedTab: Tab }>({
  sharedTab: [
    async ({ browser }, use, workerInfo) => {
      // The project's context options (device, base URL); the test's own are applied per test below.
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } = workerInfo.project.use;
      const options = { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId };
      const open = async (): Promise<Page> =>
        (await browser.newContext(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as BrowserContextOptions)).newPage();
      const tab: Tab = {
        page: await open(),
        async renew() {
          await tab.page.context().close();
          tab.page = await open();
        },
      };
      await use(tab);
      await tab.page.context().close();
    },
    { scope: 'worker' },
  ],
  // The tab's context (offline, cookies, permissions): reset after each test with the page.
  context: async ({ sharedTab }, use) => {
    await use(sharedTab.page.context());
  },
  // The test's own options (test.use) apply to the shared tab too.
  page: async ({ sharedTab: tab, viewport, reducedMotion, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) throw new Error('shared-tab: a page without JavaScript needs a fresh page (test from @playwright/test)');
    const page = tab.page;
    const size = page.viewportSize();
    if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: reducedMotion ?? null });
    // Init scripts and exposed functions must not outlive the test: each one is removed after it.
    const added: Disposable[] = [];
    const remember = (d: Disposable) => (added.push(d), d);
    const addInitScript = page.addInitScript.bind(page);
    const exposeFunction = page.exposeFunction.bind(page);
    const exposeBinding = page.exposeBinding.bind(page);
    page.addInitScript = async (...args: Parameters<Page['addInitScript']>) => remember(await addInitScript(...args));
    page.exposeFunction = async (...args: Parameters<Page['exposeFunction']>) => remember(await exposeFunction(...args));
    page.exposeBinding = async (...args: Parameters<Page['exposeBinding']>) => remember(await exposeBinding(...args));
    // The clock and the extra headers cannot be taken back: their use marks the tab for replacement.
    let lasting = false;
    const clock = page.clock as unknown as Record<string, (...args: unknown[]) => Promise<void>>;
    const clockOwn = new Map(CLOCK_METHODS.map((name) => [name, clock[name]!] as const));
    for (const [name, method] of clockOwn) clock[name] = (...args: unknown[]) => ((lasting = true), method.apply(page.clock, args));
    const setExtraHTTPHeaders = page.setExtraHTTPHeaders.bind(page);
    page.setExtraHTTPHeaders = (headers: Parameters<Page['setExtraHTTPHeaders']>[0]) => ((lasting = true), setExtraHTTPHeaders(headers));

    await use(page);

    Object.assign(page, { addInitScript, exposeFunction, exposeBinding, setExtraHTTPHeaders });
    for (const [name, method] of clockOwn) clock[name] = method;
    if (lasting) {
      await tab.renew();
      return;
    }
    for (const d of added) await d.dispose();
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const context = page.context();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    // Forget what the visit stored, as a new context would.
    await context.clearCookies();
    await page
      .evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      })
      .catch(() => {});
  },
});

export { expect } from '@playwright/test';
