/**
 * The reader first (ADR 036), in both languages: a phone's first screen
 * shows the news (the lead headline within the top 300 px at 375 × 812 on
 * the home and article pages, a screenshot kept with the test's results),
 * each story once on the home page, every section and sub-section reachable
 * from the menu on a phone, list thumbnails in their picture's shape, the TV
 * guide and the live page at 02:00 in Casablanca (the browser's and the
 * server's clocks set by the test: page.clock and the x-test-clock header,
 * src/server/clock.ts), and axe at 375 px.
 */
import { type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import AxeBuilder from '@axe-core/playwright';

const LOCALES = [
  { lang: 'ar', dir: 'rtl' },
  { lang: 'fr', dir: 'ltr' },
] as const;

const PHONE = { width: 375, height: 812 };
/** How far down a phone's first screen the lead headline may start. */
const LEAD_MAX_TOP_PX = 300;

interface Envelope<T> {
  header: { status: string };
  response: T;
}

interface MasterTag {
  name: string;
  routeName?: string;
  childs?: { name: string }[];
}

async function recentArticlePath(page: Page, lang: string): Promise<string> {
  const res = await page.request.get('/api/articlesrecent', { headers: { locale: lang } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Envelope<{ articles: { path: string }[] }>;
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

/** The top of an element in the page (not the viewport), in CSS px. */
async function pageTop(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  return Math.round(box);
}

for (const { lang, dir } of LOCALES) {
  test.describe(`/${lang} on a 375 px phone`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('the home page: the lead headline begins within the top 300 px, the top banner below the lead', async ({ page }, info) => {
      await page.goto(`/${lang}`);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const lead = page.locator('main .slider-lead .title');
      await expect(lead).toBeVisible();
      const top = await pageTop(page, 'main .slider-lead .title');
      await page.screenshot({ path: info.outputPath(`home-${lang}-375.png`) });
      expect(top, `lead headline at ${top} px`).toBeLessThanOrEqual(LEAD_MAX_TOP_PX);
      // One header row: the menu, the logo, search and the language switch side by side.
      const header = (await page.locator('.site-header').boundingBox())!;
      expect(header.height).toBeLessThanOrEqual(60);
      for (const part of ['[data-menu-toggle]', '.site-header .logo', '#search-slot', '[data-lang-switch]']) {
        const box = (await page.locator(part).first().boundingBox())!;
        expect(box.y + box.height, part).toBeLessThanOrEqual(header.y + header.height + 1);
      }
      // The top banner comes after the lead story, not before it.
      const ad = await pageTop(page, 'main .ad-top');
      expect(ad).toBeGreaterThan(top);
      await expect(page.locator('body > .ad-top')).toHaveCount(0);
    });

    test('an article: its headline within the top 300 px and its picture starting in the first screen', async ({ page }, info) => {
      await page.goto(await recentArticlePath(page, lang));
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const top = await pageTop(page, 'main h1');
      await page.screenshot({ path: info.outputPath(`article-${lang}-375.png`) });
      expect(top, `headline at ${top} px`).toBeLessThanOrEqual(LEAD_MAX_TOP_PX);
      // The picture (or the video's poster) comes right after the article's header.
      const picture = await pageTop(page, 'main article > header.head + *');
      expect(picture, `picture at ${picture} px`).toBeLessThan(PHONE.height);
    });

    test('nothing moves on the home page as it loads (CLS 0)', async ({ page }) => {
      await page.addInitScript(() => {
        (window as unknown as { __shift: number }).__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`/${lang}`);
      await page.waitForLoadState('load');
      await page.waitForTimeout(1500);
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift).toBeLessThanOrEqual(0.02);
    });

    test('the menu lists every news section and sub-section, then the corporate pages', async ({ page }) => {
      const res = await page.request.get('/api/getmastertags', { headers: { locale: lang } });
      const tags = ((await res.json()) as Envelope<{ MasterTags: MasterTag[] }>).response.MasterTags;
      expect(tags.length).toBeGreaterThan(4);
      await page.goto(`/${lang}`);
      await page.locator('[data-menu-toggle]').click();
      const menu = page.locator('#mega-menu');
      await expect(menu).toBeVisible();
      const sections = menu.locator('.mega-sections');
      for (const t of tags) {
        const link = sections.getByRole('link', { name: t.name, exact: true }).first();
        await link.scrollIntoViewIfNeeded();
        await expect(link, t.name).toBeVisible();
        for (const c of t.childs ?? []) {
          const child = sections.getByRole('link', { name: c.name, exact: true }).first();
          await child.scrollIntoViewIfNeeded();
          await expect(child, `${t.name} › ${c.name}`).toBeVisible();
        }
      }
      // Sections first, then the channel's and corporate pages.
      const order = await menu.locator('h2').allInnerTexts();
      expect(order.indexOf(order.find((h) => /Rubriques|الأقسام/.test(h))!)).toBe(0);
      // Every section link leads to a listing that answers.
      for (const href of await sections.locator('.mega-section-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        expect((await page.request.get(href)).status(), href).toBe(200);
      }
      // The navigation row scrolls through every section too.
      const row = page.locator('.navbar-nav');
      for (const t of tags) await expect(row.getByRole('link', { name: t.name, exact: true })).toBeAttached();
    });

    test('list thumbnails keep the picture\'s 16:9 shape', async ({ page }) => {
      await page.goto(`/${lang}`);
      const thumbs = page.locator('main .card--list .media');
      expect(await thumbs.count()).toBeGreaterThan(0);
      for (const box of await thumbs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })))) {
        expect(box.w / box.h, `${box.w}×${box.h}`).toBeCloseTo(16 / 9, 1);
      }
    });

    test('no picture of the home, an article or the search is drawn in a box much narrower or wider than itself', async ({ page }) => {
      for (const path of [`/${lang}`, await recentArticlePath(page, lang), `/${lang}/search?q=${encodeURIComponent(lang === 'ar' ? 'رياضة' : 'maroc')}`]) {
        await page.goto(path);
        const boxes = await page.locator('main img[width][height]').evaluateAll((imgs) =>
          imgs
            .map((img) => ({ src: (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src, r: img.getBoundingClientRect(), w: Number(img.getAttribute('width')), h: Number(img.getAttribute('height')) }))
            .filter((x) => x.r.width > 0 && x.r.height > 0 && x.w > 0 && x.h > 0)
            .map((x) => ({ src: x.src, drawn: x.r.width / x.r.height, own: x.w / x.h })),
        );
        expect(boxes.length, path).toBeGreaterThan(0);
        // 16:9 drawn as 4:3 at the narrowest (a focal crop), never narrower; never wider than 16:9 drawn from 4:3 either.
        for (const b of boxes) expect(b.drawn / b.own, `${path}: ${b.src}`).toBeGreaterThanOrEqual(0.74);
        for (const b of boxes) expect(b.drawn / b.own, `${path}: ${b.src}`).toBeLessThanOrEqual(1.35);
      }
    });

    test('axe finds no WCAG 2 A/AA violation on the home and an article', async ({ page }) => {
      test.slow();
      await page.goto(`/${lang}`);
      await expectNoAxeViolations(page);
      await page.goto(await recentArticlePath(page, lang));
      await expectNoAxeViolations(page);
    });
  });

  test.describe(`/${lang} home`, () => {
    test('shows each story once (the ticker aside), at 375 and 1280 px', async ({ page }) => {
      for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
        await page.setViewportSize(viewport);
        await page.goto(`/${lang}`);
        const hrefs = await page
          .locator('main a[href]')
          .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        // An article's path has three segments: /{lang}/{tag}/{slug}.
        const articles = hrefs.filter((h) => h.split('/').filter(Boolean).length === 3 && !h.includes('/replay/'));
        expect(articles.length).toBeGreaterThan(10);
        const twice = articles.filter((h, i) => articles.indexOf(h) !== i);
        expect(twice, `shown twice: ${twice.join(', ')}`).toEqual([]);
      }
    });
  });

  test.describe(`/${lang} at 02:00 in Casablanca`, () => {
    // 02:00 in Casablanca (UTC+0 since 2026-09-20, ADR 003).
    const NIGHT = '2026-11-28T02:00:00Z';
    const EXPECTED = {
      fr: { banner: 'Nuit du vendredi 27 au samedi 28 novembre', tab: 'Cette nuit', dates: '27–28 novembre' },
      ar: { banner: 'الليلة الفاصلة بين الجمعة 27 والسبت 28 نونبر', tab: 'هذه الليلة', dates: '27–28 نونبر' },
    }[lang];

    test.beforeEach(async ({ page }) => {
      await page.clock.setFixedTime(new Date(NIGHT));
      await page.setExtraHTTPHeaders({ 'x-test-clock': NIGHT });
    });

    test('the guide names the night, and its date strip agrees with its banner', async ({ page }) => {
      const res = await page.goto(`/${lang}/guidetv`);
      expect(res?.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('.schedule-banner time')).toHaveText(EXPECTED.banner);
      const current = page.locator('.guide-tab[aria-current="date"]');
      await expect(current).toHaveAttribute('data-day', '2026-11-27');
      await expect(current.locator('.guide-tab-wd')).toHaveText(EXPECTED.tab);
      await expect(current.locator('.guide-tab-dm')).toHaveText(EXPECTED.dates);
      // The programme on air at 02:00 is marked in Friday's grid.
      await expect(page.locator('#day-2026-11-27 .guide-list')).toBeVisible();
      await expect(page.locator('#day-2026-11-27 [aria-current="time"], #day-2026-11-27 .is-on-air').first()).toBeVisible();
    });

    test('the live page shows the programme on air', async ({ page }) => {
      await page.goto(`/${lang}/live`);
      await expect(page.locator('.onair-now .onair-title')).not.toBeEmpty();
      await expect(page.locator('.onair-now .onair-none')).toHaveCount(0);
      await expect(page.locator('.onair-next .onair-title')).not.toBeEmpty();
    });
  });
}

test.describe('the language switch', () => {
  interface Recent {
    articles: { id: number; path: string }[];
  }

  test('from an article with no translation: the nearest section, and a notice there in its language', async ({ page }) => {
    // A French article without an Arabic translation.
    const recent = (await (await page.request.get('/api/articlesrecent-paginated/1', { headers: { locale: 'fr' } })).json()) as Envelope<Recent>;
    let path: string | undefined;
    for (const a of recent.response.articles) {
      const details = (await (await page.request.get(`/api/postdetails/${a.id}`, { headers: { locale: 'fr' } })).json()) as Envelope<{ article: { translation: unknown } }>;
      if (!details.response.article.translation) {
        path = a.path;
        break;
      }
    }
    test.skip(!path, 'every recent French article has a translation in this store');
    await page.goto(path!);
    const link = page.locator('a[data-lang-switch]');
    await expect(link).toHaveAttribute('href', /#translation-missing$/);
    await link.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const notice = page.locator('.translation-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('المقال الذي كنت تقرؤه غير متوفر بالعربية');
    expect(page.url()).not.toContain('#');
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
  });

  test('an Arabic query carried to the French search page: a note in French and a link to the Arabic results', async ({ page }) => {
    await page.goto(`/ar/search?q=${encodeURIComponent('رياضة')}`);
    await page.locator('a[data-lang-switch]').click();
    await expect(page).toHaveURL(/\/fr\/search\?q=/);
    const note = page.locator('main .other-script');
    await expect(note).toContainText('Votre recherche est écrite en arabe');
    await expect(note.getByRole('link', { name: 'Voir les résultats en arabe' })).toHaveAttribute('href', `/ar/search?q=${encodeURIComponent('رياضة')}`);
    // A French query on the French page: no note.
    await page.goto('/fr/search?q=sport');
    await expect(page.locator('main .other-script')).toHaveCount(0);
  });

  test('the guide keeps its day, also one chosen with its tabs', async ({ page }) => {
    await page.goto('/fr/guidetv');
    const tabs = page.locator('.guide-tab');
    const day = await tabs.nth(3).getAttribute('data-day');
    await page.goto(`/fr/guidetv?day=${day}`);
    await expect(page.locator('a[data-lang-switch]')).toHaveAttribute('href', `/ar/guidetv?day=${day}`);
    const other = await tabs.nth(5).getAttribute('data-day');
    await tabs.nth(5).click();
    await expect(page.locator('a[data-lang-switch]')).toHaveAttribute('href', `/ar/guidetv?day=${other}`);
    await page.locator('a[data-lang-switch]').click();
    await expect(page).toHaveURL(new RegExp(`/ar/guidetv\\?day=${other}$`));
    await expect(page.locator(`.guide-tab[data-day="${other}"]`)).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('fonts', () => {
  test('Arabic pages draw digits and punctuation in Noto Sans Arabic\'s own subset; French pages never load it', async ({ browser }) => {
    // A fresh tab: no font request left over from another page.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? 'http://127.0.0.1:4455' });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.woff2')) fonts.push(new URL(r.url()).pathname);
    });
    await page.goto('/fr');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(fonts.some((f) => f.includes('noto-sans-arabic')), fonts.join(', ')).toBe(false);
    await page.goto('/ar');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const digits = await page.evaluate(() =>
      [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Noto Sans Arabic' && f.unicodeRange.includes('U+20-40') && f.status === 'loaded'),
    );
    expect(digits).toBe(true);
    expect(fonts.some((f) => f.includes('noto-sans-arabic-digits'))).toBe(true);
    await context.close();
  });

  test('each page preloads the faces its first layout needs: in Arabic the letters and the digits face (it covers the space), in French Inter Latin only', async ({ page }) => {
    const preloaded = () =>
      page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname.split('/').pop()!.split('.')[0]!).sort());
    await page.goto('/ar');
    expect(await preloaded()).toEqual(['noto-sans-arabic-ar-wght', 'noto-sans-arabic-digits-wght']);
    await page.goto('/fr');
    expect(await preloaded()).toEqual(['inter-latin-wght']);
  });
});

test.describe('small ones', () => {
  test('the fixed navigation bar never covers a focused card', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/fr');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(page.locator('[data-navbar]')).toHaveClass(/is-fixed/);
    // Shift+Tab back up through the cards: each focused card shows whole, below the bar.
    const card = page.locator('main .card').nth(8);
    await card.locator('a').focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      const seen = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const box = (el?.closest('.card, .vcard') ?? el)?.getBoundingClientRect();
        const bar = document.querySelector('[data-navbar].is-fixed')?.getBoundingClientRect();
        return box && bar && !el?.closest('header') ? { top: box.top, barBottom: bar.bottom } : null;
      });
      if (seen) expect(seen.top, 'a focused card under the fixed bar').toBeGreaterThanOrEqual(seen.barBottom);
    }
  });

  test('the 404 page offers a search with the address\'s words and articles to read', async ({ page }) => {
    for (const lang of ['fr', 'ar'] as const) {
      const res = await page.goto(`/${lang}/sport/victoire-du-raja-123`);
      expect(res?.status()).toBe(404);
      await expect(page.locator('main form[role="search"] input[name="q"]')).toHaveValue('victoire du raja');
      expect(await page.locator('main .not-found-suggestions .card').count()).toBeGreaterThan(0);
    }
  });

  test('replay pages keep the header\'s quick links', async ({ page }) => {
    await page.goto('/fr');
    const home = await page.locator('.secondary-nav a').allInnerTexts();
    await page.goto('/fr/replay');
    expect(await page.locator('.secondary-nav a').allInnerTexts()).toEqual(home);
    await expect(page.locator('[data-navbar] .nav-list').getByRole('link', { name: 'Société', exact: true })).toBeAttached();
  });

  test('replay cards say their date once, on one line', async ({ page }) => {
    await page.goto('/fr/replay/news');
    const cards = page.locator('main .vcard');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of (await cards.all()).slice(0, 6)) {
      const title = await card.locator('.vcard-title').innerText();
      const date = (await card.locator('.vcard-date').count()) ? await card.locator('.vcard-date').innerText() : '';
      if (date) expect(title, 'the date twice').not.toContain(date);
      const kept = card.locator('.vcard-nowrap');
      if (await kept.count()) await expect(kept).toHaveCSS('white-space', 'nowrap');
    }
  });

  for (const lang of ['ar', 'fr'] as const) {
    test(`/${lang}: axe at 375 px on the live, guide, replay and search pages`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: 375, height: 812 });
      for (const path of [`/${lang}/live`, `/${lang}/guidetv`, `/${lang}/replay`, `/${lang}/search?q=maroc`]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  }
});
