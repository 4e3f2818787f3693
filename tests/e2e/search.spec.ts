/**
 * The header's search box (docs/product.md, Header, Search box, States, Errors, Limits) in Chromium, in
 * Arabic (RTL) and French (LTR): collapsed, then expanded with the input
 * and the tabs Tags, Emissions, Articles (Articles first); grouped results
 * within the limits (4 tags, 4 emissions, 3 articles, titles cut at 80
 * characters); tabs by click and arrow keys; "Voir plus" to the search page
 * with q; each keystroke cancels the request before it and a stale answer
 * never replaces a newer one; a failed request is logged and breaks
 * nothing; Escape closes and gives focus back; a route change closes it.
 * Until the first press (mouse or Enter) the box is the server's link to
 * the search page and none of its code is loaded; the press mounts and
 * opens it, not following the link. Without JavaScript the link stays.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, type Route } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import { PG_SMOKE } from '../support/pg-smoke.ts';

type Lang = 'ar' | 'fr';
const LANGS: { lang: Lang; dir: 'rtl' | 'ltr' }[] = [
  { lang: 'ar', dir: 'rtl' },
  { lang: 'fr', dir: 'ltr' },
];
const SEARCH_API = /\/api\/Search\/1\?/;

async function recentTitles(request: APIRequestContext, lang: Lang): Promise<{ title: string; path: string }[]> {
  const res = await request.get('/api/articlesrecent-paginated/1', { headers: { locale: lang } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { response: { articles: { title: string; path: string }[] } }).response.articles;
}

/** A word of at least 4 letters from a recent title. */
function wordOf(title: string): string {
  return title.split(/[\s:،,.«»"'()]+/u).find((w) => [...w].length >= 4) ?? title;
}

const box = (page: Page) => page.locator('#search-slot .search-box');
const toggle = (page: Page) => page.locator('#search-slot button.search-box-toggle');
/** Before the first press (and without JavaScript): the server's link to the search page. */
const link = (page: Page) => page.locator('#search-slot a.search-box-toggle');
const panel = (page: Page) => page.locator('#search-slot .search-box-panel');
const input = (page: Page) => panel(page).locator('input[name="q"]');
const tab = (page: Page, name: 'tags' | 'emissions' | 'articles') => panel(page).locator(`[role="tab"][data-tab="${name}"]`);
const tabpanel = (page: Page, name: 'tags' | 'emissions' | 'articles') => panel(page).locator(`[role="tabpanel"][data-tab="${name}"]`);

/** The page, its search box collapsed: the server's link (the box mounts at the first press). */
async function openPage(page: Page, path: string, lang: Lang, dir: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(link(page)).toHaveAttribute('href', `/${lang}/search`);
}

/** The first press on the link: the box mounts and opens, its input focused. */
async function expand(page: Page): Promise<void> {
  await link(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

/** A search answer (docs/product.md, Content shape) with more items than the box shows. */
function answer(lang: Lang, mark: string, longTitle?: string) {
  return {
    header: { status: 'OK', code: 200 },
    response: {
      Tags: Array.from({ length: 6 }, (_, i) => ({ id: 900 + i, name: `${mark} tag ${i + 1}`, slug: `t${i}`, path: `/${lang}/tag-${i}` })),
      Emissions: Array.from({ length: 6 }, (_, i) => ({ id: 800 + i, name: `${mark} emission ${i + 1}`, path: `/${lang}/replay/${800 + i}` })),
      Article: Array.from({ length: 10 }, (_, i) => ({
        id: 700 + i,
        title: i === 0 && longTitle ? longTitle : `${mark} article ${i + 1}`,
        url: JSON.stringify({ tag: 'news', slug: `a-${i}` }),
        path: `/${lang}/news/a-${i}`,
        publishedAt: new Date().toISOString(),
      })),
      pagination: { page: 1, pageSize: 10, total: 10, totalPages: 1 },
    },
  };
}

const fulfillJson = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test('without JavaScript the search button is a link to the search page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const lang of ['ar', 'fr'] as const) {
    await page.goto(`/${lang}`);
    await expect(page.locator(`#search-slot a.search-box-toggle[href="/${lang}/search"]`)).toBeVisible();
  }
  await context.close();
});

for (const { lang, dir } of LANGS) {
  test(`/${lang}: the search box finds a section by its name`, PG_SMOKE, async ({ page }) => {
    const name = lang === 'ar' ? 'كرة القدم' : 'Football';
    await openPage(page, `/${lang}`, lang, dir);
    await expand(page);
    const answered = page.waitForResponse((r) => SEARCH_API.test(r.url()) && r.request().headers()['locale'] === lang);
    await input(page).fill(name);
    expect((await answered).status()).toBe(200);
    // Shown first, above the tabs, without choosing the Tags tab.
    const named = panel(page).locator('.search-box-named a').first();
    await expect(named).toHaveText(name);
    await expect(named).toHaveAttribute('href', `/${lang}/football`);
    await tab(page, 'tags').click();
    const first = tabpanel(page, 'tags').locator('a').first();
    await expect(first).toHaveText(name);
    await expect(first).toHaveAttribute('href', `/${lang}/football`);
  });

  test(`/${lang}: the arrow keys go from the input into the suggestions and back`, async ({ page }) => {
    await page.route(SEARCH_API, (route) => fulfillJson(route, answer(lang, 'Rabat')));
    await openPage(page, `/${lang}`, lang, dir);
    await expand(page);
    await input(page).fill('Rabat');
    const named = panel(page).locator('.search-box-named a');
    await expect(named.first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(named.first()).toBeFocused();
    const count = await named.count();
    for (let i = 1; i < count; i++) await page.keyboard.press('ArrowDown');
    await expect(named.last()).toBeFocused();
    // On from the named sections into the open tab's results (Articles).
    await page.keyboard.press('ArrowDown');
    await expect(tabpanel(page, 'articles').locator('a').first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(named.last()).toBeFocused();
    for (let i = 1; i < count; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(input(page)).toBeFocused();
    await expect(panel(page)).toBeVisible();
  });

  test(`/${lang}: the search page lists a section found by name first, above the articles`, PG_SMOKE, async ({ page }) => {
    const name = lang === 'ar' ? 'كرة القدم' : 'Football';
    await page.goto(`/${lang}/search?q=${encodeURIComponent(name)}`);
    const named = page.locator('main .named');
    await expect(named.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', `/${lang}/football`);
    const namedTop = (await named.boundingBox())!.y;
    const articlesTop = (await page.locator('main .articles').boundingBox())!.y;
    expect(namedTop).toBeLessThan(articlesTop);
  });

  test(`/${lang}: light stemming on the search page (the same word in other forms)`, PG_SMOKE, async ({ request }) => {
    const forms = lang === 'ar' ? ['رياضة', 'رياضي', 'الرياضية'] : ['équipes', 'equipe', 'Équipe'];
    const totals: number[] = [];
    for (const q of forms) {
      const res = await request.get(`/api/Search/1?search=${encodeURIComponent(q)}`, { headers: { locale: lang } });
      totals.push(((await res.json()) as { response: { pagination: { total: number } } }).response.pagination.total);
    }
    expect(totals[0]).toBeGreaterThan(0);
    expect(new Set(totals).size, `${forms.join(' / ')}: ${totals.join(' / ')}`).toBe(1);
  });

  test.describe(`search box /${lang}`, () => {
    test('typing shows real results grouped in tabs, Articles first', PG_SMOKE, async ({ page, request }) => {
      test.slow(); // many steps
      const [recent] = await recentTitles(request, lang);
      const word = wordOf(recent!.title);
      // Until the first press, none of the box's code is loaded (only its code names the panel's class).
      const scripts: Promise<string>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
      });
      const beforePress = async () => (await Promise.all(scripts)).filter((code) => code.includes('search-box-panel')).length;
      await openPage(page, `/${lang}`, lang, dir);
      await page.waitForLoadState('networkidle');
      expect(await beforePress()).toBe(0);
      await expect(panel(page)).toBeHidden();
      await expand(page);
      expect(await beforePress()).toBeGreaterThan(0);

      // Geometry (docs/product.md, Limits): panel 360–400 px wide, results list 240 px high.
      const width = (await panel(page).boundingBox())!.width;
      expect(width).toBeGreaterThanOrEqual(360);
      expect(width).toBeLessThanOrEqual(400);

      const answered = page.waitForResponse((r) => SEARCH_API.test(r.url()) && r.request().headers()['locale'] === lang);
      await input(page).pressSequentially(word, { delay: 30 });
      expect((await answered).status()).toBe(200);

      await expect(panel(page).getByRole('tablist')).toBeVisible();
      await expect(panel(page).getByRole('tab')).toHaveCount(3);
      await expect(tab(page, 'articles')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'tags')).toHaveAttribute('aria-selected', 'false');
      const articles = tabpanel(page, 'articles').locator('a');
      await expect(articles.first()).toBeVisible();
      expect(await articles.count()).toBeLessThanOrEqual(3);
      for (const text of await articles.allInnerTexts()) expect([...text.trim()].length).toBeLessThanOrEqual(80);
      expect((await tabpanel(page, 'articles').boundingBox())!.height).toBeCloseTo(240, 0);
      await expect(tabpanel(page, 'tags')).toBeHidden();

      // Tabs: click, then arrow keys in the reading direction, Home and End.
      await tab(page, 'tags').click();
      await expect(tab(page, 'tags')).toHaveAttribute('aria-selected', 'true');
      await expect(tabpanel(page, 'tags')).toBeVisible();
      await expect(tabpanel(page, 'articles')).toBeHidden();
      await page.keyboard.press('End');
      await expect(tab(page, 'articles')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'articles')).toBeFocused();
      // One step back in reading order: leftwards in LTR, rightwards in RTL.
      await page.keyboard.press(dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft');
      await expect(tab(page, 'emissions')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'emissions')).toBeFocused();
      await expect(tabpanel(page, 'emissions')).toBeVisible();
      await page.keyboard.press('Home');
      await expect(tab(page, 'tags')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press(dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft');
      await expect(tab(page, 'articles')).toHaveAttribute('aria-selected', 'true');
    });

    test('at most 4 tags, 4 emissions, 3 articles; titles cut at 80 characters', PG_SMOKE, async ({ page }) => {
      const long = lang === 'ar' ? 'عنوان طويل جدا عن الانتخابات الجماعية '.repeat(5).trim() : 'Un titre vraiment très long sur les élections communales '.repeat(4).trim();
      await page.route(SEARCH_API, (route) => fulfillJson(route, answer(lang, 'Limite', long)));
      await openPage(page, `/${lang}`, lang, dir);
      await expand(page);
      await input(page).fill('limite');
      await expect(tabpanel(page, 'articles').locator('a')).toHaveCount(3);
      const first = (await tabpanel(page, 'articles').locator('a').first().innerText()).trim();
      expect([...first].length).toBeLessThanOrEqual(80);
      expect(first.endsWith('…')).toBe(true);
      expect(long.startsWith(first.slice(0, -1).trim())).toBe(true);
      await tab(page, 'emissions').click();
      await expect(tabpanel(page, 'emissions').locator('a')).toHaveCount(4);
      await tab(page, 'tags').click();
      await expect(tabpanel(page, 'tags').locator('a')).toHaveCount(4);
      await expect(tab(page, 'tags')).toContainText('(4)');
    });

    test('the expanded box with results has no WCAG 2 A/AA violation (axe)', async ({ page }) => {
      test.slow(); // axe takes its time
      await page.route(SEARCH_API, (route) => fulfillJson(route, answer(lang, 'Axe')));
      await openPage(page, `/${lang}`, lang, dir);
      await expand(page);
      await input(page).fill('axe');
      await expect(tabpanel(page, 'articles').locator('a')).toHaveCount(3);
      const results = await new AxeBuilder({ page }).include('#search-slot').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });

    test('"Voir plus" opens the search page with q', PG_SMOKE, async ({ page, request }) => {
      const [recent] = await recentTitles(request, lang);
      const word = wordOf(recent!.title);
      await openPage(page, `/${lang}`, lang, dir);
      await expand(page);
      await input(page).fill(word);
      const more = panel(page).locator('a.search-box-more');
      await expect(more).toHaveText(lang === 'ar' ? 'عرض المزيد' : 'Voir plus');
      await expect(more).toHaveAttribute('href', `/${lang}/search?q=${encodeURIComponent(word)}`);
      await more.click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/search\\?q=`));
      expect(new URL(page.url()).searchParams.get('q')).toBe(word);
      await expect(page.locator('main input[name="q"]')).toHaveValue(word);
      // The route change closed the box: the new page's is collapsed, and opens again.
      await expect(panel(page)).toBeHidden();
      await expect(link(page)).toBeVisible();
      await expand(page);
    });

    test('a keystroke aborts the request before it; the stale answer never replaces the newer one', async ({ page }) => {
      const seen: string[] = [];
      let releaseFirst: (() => void) | undefined;
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstDone: Promise<unknown> = Promise.resolve();
      await page.route(SEARCH_API, async (route) => {
        const q = new URL(route.request().url()).searchParams.get('search') ?? '';
        seen.push(q);
        if (seen.length === 1) {
          // Hold the first answer until the newer one is shown, then send it anyway.
          firstDone = firstHeld.then(() => fulfillJson(route, answer(lang, 'STALE')).catch(() => {}));
          return;
        }
        await fulfillJson(route, answer(lang, 'FRESH'));
      });
      const aborted: string[] = [];
      page.on('requestfailed', (r) => {
        if (SEARCH_API.test(r.url())) aborted.push(`${new URL(r.url()).searchParams.get('search')} ${r.failure()?.errorText ?? ''}`);
      });

      await openPage(page, `/${lang}`, lang, dir);
      await expand(page);
      const firstRequest = page.waitForRequest(SEARCH_API);
      await input(page).fill('mar');
      await firstRequest;
      await input(page).press('a');
      await expect(tabpanel(page, 'articles').locator('a').first()).toHaveText('FRESH article 1');
      expect(seen).toEqual(['mar', 'mara']);
      await expect.poll(() => aborted).toEqual([expect.stringMatching(/^mar .*ABORTED/)]);
      releaseFirst!();
      await firstDone;
      await expect(tabpanel(page, 'articles').locator('a').first()).toHaveText('FRESH article 1');
      await expect(panel(page).getByText('STALE article 1')).toHaveCount(0);
    });

    test('a failed request is logged, shows a message and breaks nothing', async ({ page }) => {
      const errors: string[] = [];
      const consoleErrors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      let fail = true;
      await page.route(SEARCH_API, (route) => (fail ? fulfillJson(route, { header: { status: 'ERROR', code: 500 }, response: null }, 500) : fulfillJson(route, answer(lang, 'Again'))));
      await openPage(page, `/${lang}`, lang, dir);
      await expand(page);
      await input(page).fill('panne');
      await expect(tabpanel(page, 'articles').locator('.search-box-note')).toHaveText(
        lang === 'ar' ? 'تعذّر البحث الآن، حاول مرة أخرى.' : 'La recherche n’a pas abouti. Réessayez.',
      );
      await expect.poll(() => consoleErrors.some((t) => t.includes('search request failed'))).toBe(true);
      expect(errors).toEqual([]);
      // Still works once the API answers again.
      fail = false;
      await input(page).fill('pannes');
      await expect(tabpanel(page, 'articles').locator('a').first()).toHaveText('Again article 1');
      expect(errors).toEqual([]);
    });

    test('Enter on the link opens it; Escape closes and gives focus back; clicking outside closes', async ({ page }) => {
      await openPage(page, `/${lang}`, lang, dir);
      await link(page).focus();
      await page.keyboard.press('Enter');
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(input(page)).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/${lang}$`));
      await input(page).fill('ab');
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle(page)).toBeFocused();
      // Opened again: the words are kept.
      await page.keyboard.press('Enter');
      await expect(panel(page)).toBeVisible();
      await expect(input(page)).toHaveValue('ab');
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await expect(panel(page)).toBeHidden();
      await expect(box(page)).not.toHaveAttribute('data-open');
    });

    test('a result link navigates and the route change closes the box', PG_SMOKE, async ({ page, request }) => {
      const [recent] = await recentTitles(request, lang);
      await page.route(SEARCH_API, (route) =>
        fulfillJson(route, {
          ...answer(lang, 'Nav'),
          response: { ...answer(lang, 'Nav').response, Article: [{ id: 1, title: recent!.title, url: '{}', path: recent!.path, publishedAt: new Date().toISOString() }] },
        }),
      );
      await openPage(page, `/${lang}`, lang, dir);
      await expand(page);
      await input(page).fill('nav');
      await tabpanel(page, 'articles').locator('a').first().click();
      await expect(page).toHaveURL(new RegExp(`${recent!.path}$`));
      await expect(panel(page)).toBeHidden();
      await expect(link(page)).toBeVisible();
    });
  });
}
