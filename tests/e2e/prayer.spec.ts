/**
 * Prayer times (docs/product.md, Widgets, Limits): the `/prieres/horaire-api.php`
 * endpoint over HTTP, and the widget in Chromium: six times for Casablanca on
 * the home page in both languages, another city chosen, updated and
 * remembered after a reload, the next prayer marked, a failed fetch that
 * keeps the times, and the chooser working without JavaScript.
 */
import { test as freshPageTest, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';

const KEYS = ['fajr', 'chorouq', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
const SALAT = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const API = '/prieres/horaire-api.php';

interface PrayerDay {
  ville: number;
  name: { ar: string; fr: string };
  date: string;
  timezone: string;
  times: Record<(typeof KEYS)[number], string>;
  instants: Record<(typeof KEYS)[number], string>;
}

interface Envelope {
  header: { status: string; code: number; message?: string; errors?: Record<string, string[]> };
  response: PrayerDay | null;
}

test.describe('GET /prieres/horaire-api.php', () => {
  test('answers Casablanca (58) today by default, six local times, cached until the day ends', async ({ request }) => {
    const res = await request.get(API, { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(res.headers()['vary']).toContain('locale');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers()['cache-control'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(86_400);
    const body = (await res.json()) as Envelope;
    expect(body.header).toEqual({ status: 'OK', code: 200 });
    const day = body.response!;
    expect(day.ville).toBe(58);
    expect(day.name).toEqual({ ar: 'الدار البيضاء', fr: 'Casablanca' });
    expect(day.timezone).toBe('Africa/Casablanca');
    expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(day.times)).toEqual([...KEYS]);
    for (const key of KEYS) {
      expect(day.times[key]).toMatch(CLOCK);
      expect(Number.isNaN(Date.parse(day.instants[key]))).toBe(false);
    }
    const instants = KEYS.map((k) => Date.parse(day.instants[k]));
    expect([...instants].sort((a, b) => a - b)).toEqual(instants);
  });

  test('answers another city and day; after 2026-09-20 the local clock is UTC', async ({ request }) => {
    const body = (await (await request.get(`${API}?ville=104&date=2026-10-05`)).json()) as Envelope;
    expect(body.response).toMatchObject({ ville: 104, name: { fr: 'Marrakech', ar: 'مراكش' }, date: '2026-10-05' });
    for (const key of KEYS) expect(body.response!.times[key]).toBe(body.response!.instants[key].slice(11, 16));
  });

  const cases: Array<[query: string, field: string, lang: 'ar' | 'fr', headers: Record<string, string>]> = [
    ['?ville=abc', 'ville', 'ar', { locale: 'ar' }],
    ['?ville=9999', 'ville', 'fr', { locale: 'fr' }],
    ['?ville=37&lang=fr', 'ville', 'fr', {}],
    ['?ville=12.5', 'ville', 'ar', {}],
    ['?date=2026-02-30', 'date', 'fr', { cookie: 'locale=fr' }],
    ['?date=demain', 'date', 'ar', {}],
    ['?date=2999-01-01&lang=fr', 'date', 'fr', {}],
  ];
  for (const [query, field, lang, headers] of cases) {
    test(`${query} → 422 on ${field} (${lang}), never 400`, async ({ request }) => {
      const res = await request.get(`${API}${query}`, { headers, maxRedirects: 0 });
      expect(res.status()).toBe(422);
      expect(res.headers()['cache-control']).toBe('no-store');
      const body = (await res.json()) as Envelope;
      expect(body.header.status).toBe('ERROR');
      expect(body.header.code).toBe(422);
      expect(body.response).toBeNull();
      expect(Object.keys(body.header.errors ?? {})).toEqual([field]);
      if (lang === 'ar') expect(body.header.message).toMatch(/[\u0600-\u06FF]/);
      else expect(body.header.message).toMatch(/^(Identifiant de ville|Cette ville|Date)/);
    });
  }

  test('is never redirected to a language prefix; the prayer pages exist and are in the sitemap', async ({ request }) => {
    const res = await request.get(`${API}?ville=1`, { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    for (const lang of ['ar', 'fr'] as const) {
      const page = await request.get(`/${lang}/prieres`, { maxRedirects: 0 });
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-prayer-widget');
      expect(html).toContain(lang === 'ar' ? 'الدار البيضاء' : 'Casablanca');
    }
    const sitemap = await (await request.get('/fr/sitemap.xml')).text();
    expect(sitemap).toContain('/fr/prieres</loc>');
  });
});

const widget = (page: Page) => page.locator('[data-prayer-widget]').first();

/** The widget's rows once hydrated (client:idle: the server's rows come first), scrolled into view. */
async function readyWidget(page: Page, city: number) {
  const card = widget(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('astro-island')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  await expect(card.locator('.prayer-widget')).toHaveAttribute('data-city', String(city));
  await expect(card.locator('tbody tr')).toHaveCount(6);
  return card;
}

/** The row marked as the next prayer is the first prayer still to come in the day shown. */
async function expectNextMarked(page: Page) {
  const card = widget(page);
  const marked = card.locator('tbody tr[aria-current="time"]');
  await expect(marked).toHaveCount(1);
  const key = await marked.getAttribute('data-prayer');
  expect(SALAT as readonly string[]).toContain(key);
  const rows = await card.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ key: tr.getAttribute('data-prayer'), at: Date.parse(tr.querySelector('time')?.getAttribute('datetime') ?? '') })),
  );
  const now = await page.evaluate(() => Date.now());
  const firstToCome = rows.find((r) => r.key !== 'chorouq' && r.at > now);
  expect(firstToCome?.key).toBe(key);
}

test.describe('the prayer widget', () => {
  // Several page loads per test on a shared, sometimes busy machine.
  test.setTimeout(90_000);

  for (const lang of ['ar', 'fr'] as const) {
    test(`shows six times for Casablanca on the ${lang} home page, the next prayer marked`, async ({ page }) => {
      await page.goto(`/${lang}`);
      const card = await readyWidget(page, 58);
      await expect(card.getByRole('heading', { name: lang === 'ar' ? 'مواقيت الصلاة' : 'Horaires de prière' })).toBeVisible();
      const select = card.getByLabel(lang === 'ar' ? 'المدينة' : 'Ville');
      await expect(select).toHaveValue('58');
      await expect(card.locator('caption')).toContainText(lang === 'ar' ? 'الدار البيضاء' : 'Casablanca');
      const names = lang === 'ar' ? ['الفجر', 'الشروق', 'الظهر', 'العصر', 'المغرب', 'العشاء'] : ['Fajr', 'Chourouk', 'Dhohr', 'Asr', 'Maghrib', 'Icha'];
      const headers = await card.locator('tbody th').allTextContents();
      headers.forEach((text, i) => expect(text.startsWith(names[i]!)).toBe(true));
      for (const time of await card.locator('tbody td time').allTextContents()) expect(time).toMatch(CLOCK);
      await expectNextMarked(page);
    });
  }

  test('choosing a city updates the times and is remembered after a reload', async ({ page, request }) => {
    await page.goto('/fr');
    const card = await readyWidget(page, 58);
    await card.getByLabel('Ville').selectOption('104');
    await expect(card.locator('.prayer-widget')).toHaveAttribute('data-city', '104');
    await expect(card.locator('caption')).toContainText('Marrakech');
    const expected = ((await (await request.get(`${API}?ville=104`)).json()) as Envelope).response!;
    const shownDay = await card.locator('tbody tr[data-prayer="fajr"] time').getAttribute('datetime');
    // The day shown is today until Isha, then tomorrow: compare with the matching answer.
    const day =
      shownDay === expected.instants.fajr
        ? expected
        : ((await (await request.get(`${API}?ville=104&date=${shownDay!.slice(0, 10)}`)).json()) as Envelope).response!;
    for (const key of KEYS) await expect(card.locator(`tbody tr[data-prayer="${key}"] time`)).toHaveText(day.times[key]);
    await expectNextMarked(page);
    expect(await page.evaluate(() => localStorage.getItem('prayerCity'))).toBe('104');

    await page.reload();
    const again = await readyWidget(page, 104);
    await expect(again.getByLabel('Ville')).toHaveValue('104');
    await expect(again.locator('caption')).toContainText('Marrakech');

    // The Arabic page remembers it too, with Arabic names.
    await page.goto('/ar/prieres');
    const ar = await readyWidget(page, 104);
    await expect(ar.locator('caption')).toContainText('مراكش');
  });

  test('a failed update keeps the times shown and says so discreetly', async ({ page }) => {
    await page.goto('/ar/prieres');
    const card = await readyWidget(page, 58);
    const before = await card.locator('tbody td time').allTextContents();
    await page.route('**/prieres/horaire-api.php**', (route) => route.abort());
    await card.getByLabel('المدينة').selectOption('81');
    await expect(card.locator('.prayer-status')).toHaveText('تعذر تحديث مواقيت الصلاة حاليا.');
    await expect(card.locator('.prayer-widget')).toHaveAttribute('data-city', '58');
    await expect(card.getByLabel('المدينة')).toHaveValue('58');
    expect(await card.locator('tbody td time').allTextContents()).toEqual(before);
    await expect(page.locator('main')).toBeVisible();
  });
});

freshPageTest.describe('without JavaScript', () => {
  freshPageTest.use({ javaScriptEnabled: false });
  freshPageTest.setTimeout(60_000);

  freshPageTest('the chooser is a form to the prayer page, which shows the chosen city', async ({ page }) => {
    await page.goto('/fr');
    const card = widget(page);
    await expect(card.locator('tbody tr')).toHaveCount(6);
    await expect(card.locator('tbody tr[aria-current="time"]')).toHaveCount(1);
    await card.getByLabel('Ville').selectOption('104');
    await card.getByRole('button', { name: 'Afficher' }).click();
    await expect(page).toHaveURL(/\/fr\/prieres\?ville=104$/);
    await expect(widget(page).locator('caption')).toContainText('Marrakech');
    await expect(widget(page).locator('.prayer-widget')).toHaveAttribute('data-city', '104');
  });
});
