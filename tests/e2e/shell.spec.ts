/**
 * The site shell in a real browser and over real HTTP: the language redirect
 * rule (docs/product.md, Languages and redirects) and the locale cookie, <html lang dir>, the header
 * (mega menu, language switch, navigation bar from the store's master tags,
 * fixed bar), dark layout on replay routes, the 404 and error pages, the
 * behaviour on client-side navigation, and axe on home and 404.
 */
import { test as freshPageTest, request as playwrightRequest, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import AxeBuilder from '@axe-core/playwright';
import { dayEnd, localDay } from '../../src/lib/dates.ts';
import { topbarDate } from '../../src/components/layout/today.ts';

const LOCALES = [
  { lang: 'ar', dir: 'rtl', other: 'fr', otherName: 'Français' },
  { lang: 'fr', dir: 'ltr', other: 'ar', otherName: 'العربية' },
] as const;

const MENU_HEADINGS = {
  ar: ['الأقسام', 'شاهد', 'موقع القناة', 'المؤسسة', 'راديو', 'التلفزة', 'تطبيق دوزيم', 'تابعونا'],
  fr: ['Rubriques', 'Regarder', 'Site de la chaîne', 'Corporate', 'Radio', 'TV', "L'application 2M", 'Suivez-nous'],
} as const;

const NOT_FOUND = {
  ar: { heading: 'تعذر العثور على هذه الصفحة', home: 'العودة إلى الصفحة الرئيسية' },
  fr: { heading: 'Cette page est introuvable', home: "Retour à l'accueil" },
} as const;
/** The original site's English 404 sentence, shown translated: never in English on an Arabic or French page. */
const ENGLISH_NOT_FOUND = 'This page could not be found';

interface Envelope<T> {
  header: { status: string };
  response: T;
}

function baseURL(): string {
  return test.info().project.use.baseURL ?? 'http://127.0.0.1:4455';
}

/** Path + query of a Location header (absolute or relative). */
function target(location: string | undefined): string {
  if (!location) return '';
  const u = new URL(location, baseURL());
  return `${u.pathname}${u.search}`;
}

async function masterTagNames(lang: string): Promise<string[]> {
  const ctx = await playwrightRequest.newContext({ baseURL: baseURL() });
  const res = await ctx.get('/api/getmastertags', { headers: { locale: lang } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Envelope<{ MasterTags: { name: string }[] }>;
  await ctx.dispose();
  return body.response.MasterTags.map((t) => t.name);
}

async function recentArticlePath(lang: string): Promise<string> {
  const ctx = await playwrightRequest.newContext({ baseURL: baseURL() });
  const res = await ctx.get('/api/articlesrecent', { headers: { locale: lang } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Envelope<{ articles: { path: string }[] }>;
  await ctx.dispose();
  const path = body.response.articles[0]?.path;
  expect(path, 'no recent article').toBeTruthy();
  return path!;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

test.describe('language redirect rule over HTTP', () => {
  // [path, cookie, status, location (path + query) or null when served]
  const cases: [string, string | null, number, string | null][] = [
    ['/', null, 301, '/ar'],
    ['/guidetv', null, 301, '/ar/guidetv'],
    ['/search?q=maroc&page=2', null, 301, '/ar/search?q=maroc&page=2'],
    ['/arabic-news', null, 301, '/ar/arabic-news'],
    ['/frites', null, 301, '/ar/frites'],
    ['/ar/shows', null, 301, '/shows'],
    ['/ar/shows/x?y=1', null, 301, '/shows/x?y=1'],
    ['/ar/casting', null, 301, '/casting'],
    ['/ar/castings?page=2', null, 301, '/castings?page=2'],
    ['/ar/talents', null, 301, '/talents'],
    ['/', 'fr', 302, '/fr'],
    ['/guidetv', 'fr', 302, '/fr/guidetv'],
    ['/guidetv?day=x', 'ar', 302, '/ar/guidetv?day=x'],
    ['/guidetv', 'xx', 301, '/ar/guidetv'],
    ['/ar', null, 200, null],
    ['/fr', null, 200, null],
    ['/fr/shows', null, 200, null],
    ['/shows', null, 200, null],
    ['/casting', null, 200, null],
    ['/castings', null, 200, null],
    ['/talents', null, 200, null],
    ['/api/getmastertags', null, 200, null],
  ];

  for (const [path, cookie, status, location] of cases) {
    test(`${path}${cookie ? ` (cookie locale=${cookie})` : ''} → ${status} ${location ?? ''}`, async () => {
      // A fresh context per case: no cookie left over from another case.
      const ctx = await playwrightRequest.newContext({ baseURL: baseURL() });
      const res = await ctx.get(path, {
        maxRedirects: 0,
        headers: cookie ? { cookie: `locale=${cookie}` } : {},
      });
      expect(res.status()).toBe(status);
      if (location) expect(target(res.headers()['location'])).toBe(location);
      await ctx.dispose();
    });
  }

  test('a prefixed page kept by shared caches sets no cookie; the page itself sets the 365-day locale cookie in the browser', async ({ browser }) => {
    const ctx = await playwrightRequest.newContext({ baseURL: baseURL() });
    const res = await ctx.get('/fr/contact', { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toMatch(/s-maxage/);
    expect(res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie')).toBeUndefined();
    await ctx.dispose();
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/fr/contact');
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'locale')).toMatchObject({ value: 'fr', path: '/', sameSite: 'Lax', secure: false });
    const cookie = (await context.cookies()).find((c) => c.name === 'locale')!;
    expect(Math.round((cookie.expires * 1000 - Date.now()) / 86_400_000)).toBe(365);
    await context.close();
  });

  test('after visiting /fr, /guidetv → 302 /fr/guidetv', async ({ page }) => {
    await page.goto('/fr');
    const res = await page.request.get('/guidetv', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(target(res.headers()['location'])).toBe('/fr/guidetv');
    // And back to Arabic.
    await page.goto('/ar');
    const back = await page.request.get('/guidetv', { maxRedirects: 0 });
    expect(back.status()).toBe(302);
    expect(target(back.headers()['location'])).toBe('/ar/guidetv');
  });
});

for (const { lang, dir, other, otherName } of LOCALES) {
  test.describe(`shell /${lang}`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test(`<html lang="${lang}" dir="${dir}"> on home, 404 and error`, async ({ page }) => {
      for (const path of [`/${lang}`, `/${lang}/no-such-page-xyz`, `/${lang}/error`]) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
      }
    });

    test('the mega menu opens with the keyboard and has every column', async ({ page }) => {
      await page.goto(`/${lang}`);
      const toggle = page.locator('[data-menu-toggle]');
      const menu = page.locator('#mega-menu');
      await expect(toggle).toHaveAttribute('aria-controls', 'mega-menu');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
      // The panel comes after <main> in the HTML (ADR 014) and is moved right after its button: focus goes from one to the other.
      await expect(page.locator('[data-menu-toggle] + #mega-menu')).toHaveCount(1);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      // Just under the header (over its 1 px bottom border), over the page.
      const header = (await page.locator('.main-header').boundingBox())!;
      expect(Math.abs((await menu.boundingBox())!.y - (header.y + header.height))).toBeLessThanOrEqual(1.5);
      await page.keyboard.press('Tab');
      await expect(menu.locator('a').first()).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(toggle).toBeFocused();
      for (const heading of MENU_HEADINGS[lang]) {
        await expect(menu.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }
      // External links open in a new tab, safely, and say so.
      const external = menu.locator('a[target="_blank"]');
      expect(await external.count()).toBeGreaterThanOrEqual(9);
      for (const a of await external.all()) {
        await expect(a).toHaveAttribute('rel', /noopener/);
        expect(await a.locator('.sr-only').count()).toBeGreaterThan(0);
      }
      // Four social networks with accessible names.
      for (const network of ['Facebook', 'X', 'Instagram', 'YouTube']) {
        await expect(menu.getByRole('link', { name: new RegExp(`\\b${network}\\b`) }).first()).toBeAttached();
      }
      // Internal links resolve.
      for (const a of await menu.locator('a:not([target])').all()) {
        const href = (await a.getAttribute('href')) ?? '';
        const res = await page.request.get(href);
        expect(res.status(), `${href}`).toBe(200);
      }
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
    });

    test('the language switch names the other language and goes to the alternate', async ({ page }) => {
      const article = await recentArticlePath(lang);
      await page.goto(article);
      const sw = page.locator('a[data-lang-switch]');
      await expect(sw).toHaveText(otherName);
      const alternate = await page.locator(`link[rel="alternate"][hreflang="${other}"]`).getAttribute('href');
      const href = await sw.getAttribute('href');
      expect(href).toBeTruthy();
      if (alternate) expect(href).toBe(new URL(alternate).pathname + new URL(alternate).search);

      await page.evaluate(() => {
        const w = window as unknown as { __events: unknown[] };
        w.__events = [];
        window.addEventListener('2m:analytics', (e) => w.__events.push((e as CustomEvent).detail));
      });
      await sw.click();
      await expect(page).toHaveURL(new RegExp(`/${other}(/|$)`));
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.locator('a[data-lang-switch]')).toHaveText(other === 'ar' ? 'Français' : 'العربية');
      const events = await page.evaluate(() => (window as unknown as { __events: { eventId: number }[] }).__events);
      expect(events.map((e) => e.eventId)).toContain(11);
    });

    test("the navigation bar shows the store's master tags, with keyboard sub-menus", async ({ page }) => {
      const names = await masterTagNames(lang);
      expect(names.length).toBeGreaterThan(0);
      await page.goto(`/${lang}`);
      const nav = page.locator('[data-navbar] nav');
      for (const name of names) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(nav.getByRole('link', { name: lang === 'ar' ? 'البرامج' : 'Programmes', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: /Starlight|ستارلايت/ })).toHaveAttribute('href', `/${lang}/replay/starlight/saison3`);

      const toggle = nav.locator('[data-sub-toggle]').first();
      const sub = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(sub).toBeHidden();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(sub).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(sub.locator('a').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(sub).toBeHidden();
    });

    test('the navigation bar becomes fixed on the home page, not on an article', async ({ page }) => {
      await page.goto(`/${lang}`);
      const bar = page.locator('[data-navbar]');
      await expect(bar).not.toHaveClass(/is-fixed/);
      await page.mouse.wheel(0, 1200);
      await expect(bar).toHaveClass(/is-fixed/);
      expect(Math.round((await bar.boundingBox())?.y ?? -1)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).not.toHaveClass(/is-fixed/);

      await page.goto(await recentArticlePath(lang));
      const articleBar = page.locator('[data-navbar]');
      await expect(articleBar).toHaveAttribute('data-fixable', 'never');
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(300);
      await expect(articleBar).not.toHaveClass(/is-fixed/);
    });

    test('replay routes use the dark layout and the replay navigation', async ({ page }) => {
      const res = await page.goto(`/${lang}/replay/news`);
      expect(res?.status()).toBe(200);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe('rgb(0, 0, 0)');
      const nav = page.locator('[data-navbar] nav');
      await expect(nav.getByRole('link', { name: lang === 'ar' ? 'آخر الفيديوهات' : 'Dernières vidéos' })).toBeVisible();
      await page.goto(`/${lang}`);
      const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(light).toBe('rgb(242, 242, 242)');
    });

    test('the 404 page: status, message, link home', async ({ page }) => {
      const res = await page.goto(`/${lang}/no-such-page-xyz`);
      expect(res?.status()).toBe(404);
      await expect(page.locator('h1')).toHaveText(NOT_FOUND[lang].heading);
      await expect(page.locator('body')).not.toContainText(ENGLISH_NOT_FOUND);
      const home = page.getByRole('link', { name: NOT_FOUND[lang].home });
      await expect(home).toHaveAttribute('href', `/${lang}`);
    });

    test('the error page: status, message, 404 link', async ({ page }) => {
      await page.goto(`/${lang}/error?status=404`);
      await expect(page.locator('main')).toContainText('404');
      await expect(page.getByRole('link', { name: NOT_FOUND[lang].home })).toHaveAttribute('href', `/${lang}`);

      await page.goto(`/${lang}/error`);
      await expect(page.locator('main')).toContainText('500');

      const message = '<script>window.__pwned = 1</script>Service indisponible';
      await page.goto(`/${lang}/error?message=${encodeURIComponent(message)}&status=503`);
      // Quoted as the detail, under the site's own heading.
      await expect(page.locator('main .error-message')).toHaveText(message);
      await expect(page.locator('h1')).not.toContainText('Service indisponible');
      await expect(page.locator('main')).toContainText('503');
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

      await page.goto(`/${lang}/error?message=${'x'.repeat(2000)}`);
      expect(((await page.locator('main .error-message').textContent()) ?? '').length).toBeLessThanOrEqual(300);
    });

    test('client-side navigation: menu closes, page sits 26 px from the top', async ({ page }) => {
      await page.goto(`/${lang}`);
      await page.locator('[data-menu-toggle]').click();
      await expect(page.locator('#mega-menu')).toBeVisible();
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      const link = page.locator('#mega-menu a:not([target])').first();
      const target = (await link.getAttribute('href'))!;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target.replace(/[.?]/g, '\\$&')}$`));
      // Same document (ClientRouter), menu closed, scrolled to 26 px.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await expect(page.locator('#mega-menu')).toBeHidden();
      await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', 'false');
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(26);
      // The new page's panel, after its <main> in the HTML, is beside its button again and opens.
      await expect(page.locator('#mega-menu')).toHaveCount(1);
      await expect(page.locator('[data-menu-toggle] + #mega-menu')).toHaveCount(1);
      await page.locator('[data-menu-toggle]').click();
      await expect(page.locator('#mega-menu')).toBeVisible();
    });

    test('a 3 px progress bar shows during a slow navigation', async ({ page }) => {
      await page.goto(`/${lang}`);
      const link = page.locator('[data-navbar] nav a.nav-link:not(.nav-live)').first();
      const href = (await link.getAttribute('href')) ?? '';
      await page.route(`**${href}`, async (route) => {
        await new Promise((r) => setTimeout(r, 1200));
        await route.continue();
      });
      const bar = page.locator('#route-progress');
      await expect(bar).not.toHaveClass(/is-running/);
      await link.click();
      await expect(bar).toHaveClass(/is-running/);
      expect((await bar.boundingBox())?.height).toBe(3);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(bar).not.toHaveClass(/is-running/);
    });

    test('SEO head: canonical, hreflang, OpenGraph, JSON-LD', async ({ page }) => {
      await page.goto(`/${lang}`);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(`/${lang}`);
      for (const hl of ['ar', 'fr', 'x-default']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${hl}"]`)).toHaveCount(1);
      }
      expect(new URL((await page.locator('link[hreflang="x-default"]').getAttribute('href')) ?? '').pathname).toBe('/ar');
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', lang === 'ar' ? 'ar_MA' : 'fr_FR');
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', '2M');
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const types = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => (JSON.parse(e.textContent ?? '{}') as { '@type'?: string })['@type']));
      expect(types).toContain('NewsMediaOrganization');

      await page.goto(`/${lang}/no-such-page-xyz`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  });

  for (const width of [375, 1280]) {
    test.describe(`axe /${lang} at ${width}px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('home has no WCAG 2 A/AA violation', async ({ page }) => {
        await page.goto(`/${lang}`);
        await expectNoAxeViolations(page);
      });

      test('home with the mega menu open has no WCAG 2 A/AA violation', async ({ page }) => {
        await page.goto(`/${lang}`);
        await page.locator('[data-menu-toggle]').click();
        await expect(page.locator('#mega-menu')).toBeVisible();
        await expectNoAxeViolations(page);
      });

      test('404 has no WCAG 2 A/AA violation', async ({ page }) => {
        const res = await page.goto(`/${lang}/no-such-page-xyz`);
        expect(res?.status()).toBe(404);
        await expectNoAxeViolations(page);
      });
    });
  }
}

// What was prefetched before stays in a shared tab's cache: a fresh page for each.
freshPageTest.describe('prefetch', () => {
  freshPageTest.use({ viewport: { width: 1280, height: 900 } });

  const prefetched = (page: Page) => page.locator('link[rel="prefetch"]').count();

  freshPageTest('links are prefetched on hover', async ({ page }) => {
    await page.goto('/fr');
    await page.locator('[data-navbar] nav a.nav-link:not(.nav-live)').first().hover();
    await expect.poll(() => prefetched(page)).toBeGreaterThan(0);
  });

  freshPageTest('a link is prefetched on keyboard focus, and a link a script adds after load on hover, with no listener of its own', async ({ page }) => {
    await page.goto('/fr');
    await page.locator('[data-navbar] nav a.nav-link:not(.nav-live)').first().focus();
    await expect.poll(() => prefetched(page)).toBe(1);
    // As the ticker's headlines and the ad banners are: drawn by a script once the page is idle.
    const href = await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/fr/lite';
      a.id = 'late-link';
      a.textContent = 'lite';
      document.querySelector('main')!.prepend(a);
      return a.href;
    });
    await page.locator('#late-link').hover();
    await expect.poll(() => page.locator(`link[rel="prefetch"][href="${href}"]`).count()).toBe(1);
    // A link opted out (the ads') is never prefetched.
    await page.evaluate(() => document.getElementById('late-link')!.setAttribute('data-astro-prefetch', 'false'));
    await page.evaluate(() => document.getElementById('late-link')!.setAttribute('href', '/fr/prieres'));
    await page.locator('#late-link').hover({ position: { x: 2, y: 2 } });
    await page.waitForTimeout(300);
    expect(await page.locator('link[rel="prefetch"][href$="/fr/prieres"]').count()).toBe(0);
  });

  for (const connection of [{ saveData: true, effectiveType: '4g' }, { saveData: false, effectiveType: '2g' }]) {
    freshPageTest(`nothing is prefetched on ${connection.saveData ? 'data-saver' : '2g'}`, async ({ page }) => {
      await page.addInitScript((c) => {
        Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => c });
      }, connection);
      await page.goto('/fr');
      const links = page.locator('[data-navbar] nav a.nav-link:not(.nav-live)');
      await links.nth(0).hover();
      await links.nth(1).hover();
      await page.locator('[data-navbar] nav a.nav-link:not(.nav-live)').nth(2).dispatchEvent('mousedown');
      await page.waitForTimeout(500);
      expect(await prefetched(page)).toBe(0);
    });
  }
});

test.describe('scroll-reveal', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });

  test('below-the-fold [data-reveal] elements fade in once when near', async ({ page }) => {
    await page.goto('/fr');
    test.skip((await page.locator('[data-reveal]').count()) === 0, 'no [data-reveal] element on the home page');
    // The observer's first report marks what waits (no position is read at load).
    await expect.poll(() => page.locator('.reveal-pending').count(), { message: 'cards below the fold wait to be revealed' }).toBeGreaterThan(0);
    // Nothing in the first screen is hidden.
    const hiddenInView = await page.evaluate(
      () => [...document.querySelectorAll('.reveal-pending')].filter((e) => e.getBoundingClientRect().top < window.innerHeight).length,
    );
    expect(hiddenInView).toBe(0);
    const pending = page.locator('.reveal-pending:not(.is-revealed)').first();
    const handle = await pending.elementHandle();
    // Hidden at once, not faded out: no card below the fold animates at load.
    expect(await handle!.evaluate((e) => getComputedStyle(e).transitionDuration)).toBe('0s');
    // AOS's offset 120: its top 60 px inside the window is not enough, 140 px is.
    const scrollTopTo = (inside: number) =>
      handle!.evaluate((e, inside) => window.scrollBy(0, e.getBoundingClientRect().top - (window.innerHeight - inside)), inside);
    await scrollTopTo(60);
    await page.waitForTimeout(300);
    expect(await handle!.evaluate((e) => e.classList.contains('is-revealed'))).toBe(false);
    await scrollTopTo(140);
    await expect.poll(() => handle!.evaluate((e) => e.classList.contains('is-revealed'))).toBe(true);
    expect(await handle!.evaluate((e) => getComputedStyle(e).transitionDuration)).toBe('0.4s, 0.4s');
    await expect.poll(() => handle!.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  });

  test('on a phone, the blocks two screens down are drawn only when near, and their cards still fade in', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/ar');
    const lastBlock = page.locator('.main-col > .une-block').last();
    const card = lastBlock.locator('[data-reveal]').first();
    await expect.poll(() => page.locator('.reveal-pending').count()).toBeGreaterThan(0);
    // Not laid out at load: content-visibility skips it (checkVisibility says so).
    expect(await card.evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
    expect(await card.evaluate((e) => e.classList.contains('reveal-pending'))).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await expect.poll(() => card.evaluate((e) => e.classList.contains('is-revealed'))).toBe(true);
    // Scroll anchoring keeps it where it was scrolled to while the blocks above are drawn.
    const box = (await card.boundingBox())!;
    expect(box.y).toBeGreaterThan(-box.height);
    expect(box.y).toBeLessThan(823);
  });

  test('nothing is hidden under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/fr');
    await page.waitForLoadState('load');
    expect(await page.locator('.reveal-pending').count()).toBe(0);
  });
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('tablets (700 px): short navigation set and Starlight on a second row', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    const names = await masterTagNames('fr');
    await page.goto('/fr');
    const nav = page.locator('[data-navbar] nav');
    for (const name of names.slice(0, 4)) await expect(nav.getByRole('link', { name, exact: true })).toBeAttached();
    for (const name of names.slice(4)) await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
    await expect(page.locator('.navbar-second-row').getByRole('link', { name: /Starlight/ })).toBeVisible();
    await expect(nav.locator('a.nav-live')).toBeHidden();
  });

  test('phones (375 px): one scrolling row, the live link first, every section, Starlight; no second row', async ({ page }) => {
    const names = await masterTagNames('fr');
    await page.goto('/fr');
    const nav = page.locator('[data-navbar] nav');
    await expect(nav.locator('a.nav-link').first()).toHaveAttribute('href', '/fr/live');
    await expect(nav.locator('a.nav-link').first()).toBeVisible();
    for (const name of names) await expect(nav.getByRole('link', { name, exact: true })).not.toHaveCSS('display', 'none');
    await expect(nav.getByRole('link', { name: /Starlight/ })).not.toHaveCSS('display', 'none');
    await expect(page.locator('.navbar-second-row')).toBeHidden();
    // One row: the links share one line, the row scrolls sideways.
    const rowHeight = (await page.locator('[data-navbar]').boundingBox())!.height;
    expect(rowHeight).toBeLessThanOrEqual(48);
    expect(await nav.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  test('replay pages keep the bar in place on narrow screens', async ({ page }) => {
    await page.goto('/fr/replay/news');
    const bar = page.locator('[data-navbar]');
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300);
    await expect(bar).not.toHaveClass(/is-fixed/);
  });
});

test.describe('top bar on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const lang of ['fr', 'ar'] as const) {
    test(`${lang}: one header row; the date and the weather step aside, the account button stays`, async ({ page }) => {
      await page.goto(`/${lang}`);
      await expect(page.locator('.topbar-date')).toBeHidden();
      await expect(page.locator('#weather-slot')).toBeHidden();
      const header = (await page.locator('.site-header').boundingBox())!;
      const account = page.locator('#account-slot');
      await expect(account).toBeVisible();
      const box = (await account.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    });
  }
  for (const lang of ['fr', 'ar'] as const) {
    test(`${lang}: from 576 px the short date fits beside the weather and account`, async ({ page }) => {
      await page.setViewportSize({ width: 600, height: 740 });
      await page.goto(`/${lang}`);
      const date = page.locator('.topbar-date');
      await expect(date.locator('.date-short')).toBeVisible();
      await expect(date.locator('.date-long')).toBeHidden();
      await expect(date.locator('.date-short')).toHaveText(lang === 'fr' ? /^[A-Z][a-zé]{2}\. \d{1,2} \S+$/ : /^\S+ \d{1,2} \S+$/);
      // Not cut short by an ellipsis.
      expect(await date.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    });
  }
});

// The top bar's date line on a pre-built page: the page says until when it is right, so the
// script leaves it (and makes no date formatter) while that day lasts, and writes the new day after.
freshPageTest('the date line is left alone while its day lasts and brought to the day it is on a page kept past midnight', async ({ page }) => {
  await page.goto('/fr');
  const line = page.locator('.topbar-date time[data-today]');
  const served = (await line.getAttribute('datetime'))!;
  const until = Date.parse((await line.getAttribute('data-today-until'))!);
  expect(until).toBe(dayEnd(served).getTime());
  expect(until).toBeGreaterThan(Date.now());
  // The visitor's copy two days later: the same page, a later clock.
  const later = new Date(until + 36 * 3_600_000);
  await page.clock.install({ time: later });
  await page.goto('/fr');
  const day = localDay(later);
  await expect(line).toHaveAttribute('datetime', day);
  // The end of that day by the browser's own time zone data (a browser's may be older than the server's).
  await expect.poll(async () => Date.parse((await line.getAttribute('data-today-until'))!)).toBeGreaterThan(later.getTime());
  expect(Date.parse((await line.getAttribute('data-today-until'))!)).toBeLessThanOrEqual(dayEnd(day).getTime() + 3_600_000);
  await expect(line.locator('.date-long')).toHaveText(topbarDate(day, 'fr'));
});

// docs/product.md, Errors: a chunk that fails to load (a deployment removed it) reloads the page, once a minute at most.
freshPageTest('a script chunk that fails to load reloads the page once, and not again within a minute', async ({ page }) => {
  await page.goto('/fr');
  let loads = 0;
  page.on('load', () => loads++);
  const failChunk = () =>
    page.evaluate(() => {
      const s = document.createElement('script');
      s.type = 'module';
      s.src = `/_astro/removed-by-a-deployment-${Date.now()}.js`;
      document.head.append(s);
    });
  await Promise.all([page.waitForEvent('load'), failChunk()]);
  expect(loads).toBe(1);
  expect(await page.evaluate(() => Number(sessionStorage.getItem('2m:chunk-reload-at')))).toBeGreaterThan(0);
  // Within the minute the failure is left alone (no reload loop): a reload would destroy this evaluation's page.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const s = document.createElement('script');
        s.type = 'module';
        s.src = `/_astro/removed-by-a-deployment-${Date.now()}.js`;
        s.onerror = () => setTimeout(resolve, 500);
        document.head.append(s);
      }),
  );
  expect(loads).toBe(1);
});
