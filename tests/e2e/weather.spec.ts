/**
 * Weather and country (docs/product.md, Header, Content, States, Widgets) against the
 * running server, with a local stand-in for Open-Meteo
 * (scripts/fake-weather.ts) at FAKE_WEATHER_URL (default
 * http://127.0.0.1:4599). The server under test must be started with
 * WEATHER_PROVIDER_URL set to that address; this spec starts the fake there
 * itself when nothing answers (it may also be started beforehand with
 * `node scripts/fake-weather.ts`). Without that configuration the forecast
 * tests are skipped (the server can then reach no provider) and the
 * "provider down" tests still run.
 *
 *  - HTTP: the forecast answer's shape (tomorrow's t2m = the fake's value),
 *    404/422/405; /ip/?format=json; /geo/json.gp?ip=.
 *  - Chromium: the widget shows tomorrow's temperature for Casablanca,
 *    choosing Rabat updates it and survives a reload; with the provider
 *    failing for the chosen town the widget hides, the top bar keeps its
 *    height and the page works; the country flag lands in the session.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import { fakeDailyMax, pointKey, startFakeWeather, type FakeWeather } from '../../scripts/fake-weather.ts';
import { weatherCity } from '../../src/server/weather/cities.ts';
import { addDays, todayInCasablanca } from '../../src/lib/dates.ts';

// Serial: the tests share the fake's failure switch. Generous timeouts: the
// widget hydrates when the browser is idle, late on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const FAKE_URL = process.env.FAKE_WEATHER_URL || 'http://127.0.0.1:4599';
const CASABLANCA = weatherCity(1)!;
const RABAT = weatherCity(11)!;
/** Used only by the "provider fails" test: never fetched successfully here. */
const DAKHLA = weatherCity(56)!;

let ownFake: FakeWeather | null = null;
let configured = false;

/** Tomorrow's temperature the fake gives for a town (as the adapter sends the point: 4 decimals). */
function expectedT2m(city: { lat: number; lon: number }): number {
  return fakeDailyMax(Number(city.lat.toFixed(4)), Number(city.lon.toFixed(4)), addDays(todayInCasablanca(), 1));
}

async function fakeAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`${FAKE_URL}/__fake/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function setFailing(points: string): Promise<void> {
  const res = await fetch(`${FAKE_URL}/__fake/fail?points=${encodeURIComponent(points)}`, { method: 'POST' });
  expect(res.ok).toBe(true);
}

function forecast(request: APIRequestContext, baseURL: string, city: string | number, lang = 'fr') {
  return request.post(`/mm-weather/get-forecast/${city}`, {
    form: { lang },
    headers: { origin: baseURL },
  });
}

function widget(page: Page) {
  return page.locator('#weather-slot .weather-widget');
}

/** Islands hydrate once the browser is idle: late on a busy machine. */
const HYDRATED = { timeout: 45_000 };

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  if (!(await fakeAnswers())) {
    const port = Number(new URL(FAKE_URL).port);
    ownFake = await startFakeWeather({ port, host: new URL(FAKE_URL).hostname });
  }
  await setFailing('');
  // An earlier failure (before the fake was up) puts a city in a 60 s back-off: wait it out.
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    const res = await forecast(request, baseURL!, CASABLANCA.id);
    if (res.status() === 200) {
      configured = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
});

test.afterAll(async () => {
  if (await fakeAnswers()) await setFailing('');
  await ownFake?.close();
});

function needsProvider(): void {
  test.skip(!configured, `the server under test has no working weather provider: start it with WEATHER_PROVIDER_URL=${FAKE_URL}`);
}

test('POST /mm-weather/get-forecast/{city} answers tomorrow\'s temperature from the provider', async ({ request, baseURL }) => {
  needsProvider();
  const res = await forecast(request, baseURL!, CASABLANCA.id, 'fr');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    header: { status: string; code: number };
    response: {
      data: {
        city: { id: number; name: string };
        dates: { tomorrow: { date: string; data: { t2m: number; degrees: number; spoken: string } }; today: { date: string } | null };
        stale: boolean;
      };
      cities: { id: number; name: string }[];
    };
  };
  expect(body.header).toEqual({ status: 'OK', code: 200 });
  const tomorrow = body.response.data.dates.tomorrow;
  expect(tomorrow.date).toBe(addDays(todayInCasablanca(), 1));
  expect(tomorrow.data.t2m).toBe(expectedT2m(CASABLANCA));
  expect(tomorrow.data.degrees).toBe(Math.trunc(expectedT2m(CASABLANCA)));
  expect(tomorrow.data.spoken).toMatch(new RegExp(`^Demain à Casablanca\u202f: ${tomorrow.data.degrees} degrés`));
  expect(body.response.data.city).toMatchObject({ id: 1, name: 'Casablanca' });
  expect(body.response.data.stale).toBe(false);
  expect(body.response.cities).toHaveLength(57);

  const ar = (await (await forecast(request, baseURL!, RABAT.id, 'ar')).json()) as typeof body;
  expect(ar.response.data.city.name).toBe('الرباط');
  expect(ar.response.data.dates.tomorrow.data.t2m).toBe(expectedT2m(RABAT));
});

test('the forecast endpoint refuses bad input with 404/422/405 (never 400)', async ({ request, baseURL }) => {
  const unknown = await forecast(request, baseURL!, 999, 'fr');
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { header: { message: string } }).header.message).toBe(
    'Cette ville ne figure pas dans la liste des villes de la météo.',
  );
  const malformed = await forecast(request, baseURL!, 'casa', 'fr');
  expect(malformed.status()).toBe(422);
  const badLang = await forecast(request, baseURL!, 1, 'en');
  expect(badLang.status()).toBe(422);
  const get = await request.get('/mm-weather/get-forecast/1');
  expect(get.status()).toBe(405);
  // Not taken by the language redirect.
  expect(get.headers()['location']).toBeUndefined();
});

test('/ip/?format=json and /geo/json.gp?ip= are answered locally', async ({ request }) => {
  const ip = await request.get('/ip/?format=json');
  expect(ip.status()).toBe(200);
  const { ip: address } = (await ip.json()) as { ip: string };
  expect(address).toBe('127.0.0.1');
  const own = await request.get(`/geo/json.gp?ip=${address}`);
  expect(await own.json()).toMatchObject({ geoplugin_request: '127.0.0.1', geoplugin_countryName: '', countryFlag: 0 });
  const ma = await request.get('/geo/json.gp?ip=41.248.0.1');
  expect(await ma.json()).toMatchObject({ geoplugin_countryCode: 'MA', geoplugin_countryName: 'Morocco', countryFlag: 0 });
  const fr = await request.get('/geo/json.gp?ip=2a01:cb00::1');
  expect(await fr.json()).toMatchObject({ geoplugin_countryCode: 'FR', geoplugin_countryName: 'France', countryFlag: 1 });
  const bad = await request.get('/geo/json.gp?ip=not-an-ip', { headers: { locale: 'fr' } });
  expect(bad.status()).toBe(422);
  expect(((await bad.json()) as { header: { message: string } }).header.message).toMatch(/^Adresse IP invalide/);
});

test('the widget shows tomorrow in Casablanca; choosing Rabat updates it and is remembered', async ({ page }) => {
  needsProvider();
  await page.goto('/fr');
  const w = widget(page);
  await expect(w).toBeVisible(HYDRATED);
  const select = w.locator('select');
  await expect(select).toHaveValue(String(CASABLANCA.id));
  await expect(select.locator('option:checked')).toHaveText('Casablanca');
  await expect(select.locator('option')).toHaveCount(57);
  const casa = Math.trunc(expectedT2m(CASABLANCA));
  await expect(w.locator('.weather-temp')).toHaveText(`${casa}°`);
  // Said to be tomorrow's, in view, not only in the tooltip.
  await expect(w.locator('.weather-when')).toHaveText('Demain');
  await expect(w.locator('.weather-when')).toBeVisible();
  await expect(page.getByLabel('Ville de la météo')).toBeVisible();
  await expect(w.locator('[aria-live]')).toHaveText(new RegExp(`^Demain à Casablanca\u202f: ${casa} degrés`));
  const barHeight = await page.locator('.topbar').evaluate((e) => e.getBoundingClientRect().height);
  expect(barHeight).toBeLessThanOrEqual(40);

  await select.selectOption(String(RABAT.id));
  const rabat = Math.trunc(expectedT2m(RABAT));
  await expect(w.locator('.weather-temp')).toHaveText(`${rabat}°`);
  await expect(w.locator('[aria-live]')).toHaveText(new RegExp(`^Demain à Rabat\u202f: ${rabat} degré`));
  expect(await page.evaluate(() => localStorage.getItem('weatherCity'))).toBe(String(RABAT.id));

  await page.reload();
  await expect(widget(page).locator('select')).toHaveValue(String(RABAT.id), HYDRATED);
  await expect(widget(page).locator('.weather-temp')).toHaveText(`${rabat}°`);

  // Arabic page: Arabic names, the same remembered town.
  await page.goto('/ar');
  await expect(widget(page).locator('select option:checked')).toHaveText('الرباط', HYDRATED);
  await expect(widget(page).locator('.weather-temp')).toHaveText(`${rabat}°`);
  await expect(widget(page).locator('.weather-when')).toHaveText('غدًا');
});

test('with the provider failing the widget is hidden, or shows the last known temperature with its chooser, and nothing is logged', async ({ page }) => {
  test.skip(!configured, 'needs the fake weather provider to make it fail');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text());
  });
  await page.goto('/fr');
  await page.evaluate(() => localStorage.setItem('weatherCity', '1'));
  await page.reload();
  await expect(widget(page)).toBeVisible(HYDRATED);
  const shownHeight = await page.locator('.topbar').evaluate((e) => e.getBoundingClientRect().height);
  await setFailing(pointKey(DAKHLA.lat, DAKHLA.lon));
  try {
    // Never seen here: no widget (a bare list of towns would tell nothing), the bar keeps its height.
    await page.evaluate((id) => {
      localStorage.setItem('weatherCity', String(id));
      localStorage.removeItem('weatherLast');
    }, DAKHLA.id);
    let answered = page.waitForResponse((r) => r.url().includes(`/mm-weather/get-forecast/${DAKHLA.id}`), HYDRATED);
    await page.reload();
    expect((await answered).status()).toBe(200);
    await expect(page.locator('#weather-slot astro-island')).not.toHaveAttribute('ssr', /.*/, HYDRATED);
    await expect(widget(page)).toHaveCount(0);
    expect(await page.locator('.topbar').evaluate((e) => e.getBoundingClientRect().height)).toBe(shownHeight);

    // Seen before in this browser: that temperature.
    await page.evaluate((id) => localStorage.setItem('weatherLast', JSON.stringify({ [`${id}:fr`]: { degrees: 17, spoken: 'Demain à Dakhla\u202f: 17 degrés' } })), DAKHLA.id);
    answered = page.waitForResponse((r) => r.url().includes(`/mm-weather/get-forecast/${DAKHLA.id}`), HYDRATED);
    await page.reload();
    expect((await answered).status()).toBe(200);
    await expect(widget(page).locator('.weather-temp')).toHaveText('17°', HYDRATED);
    await expect(widget(page).locator('select')).toHaveValue(String(DAKHLA.id));
    // The rest of the page is there and works.
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('.topbar-date')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await setFailing('');
    await page.evaluate(() => {
      localStorage.removeItem('weatherCity');
      localStorage.removeItem('weatherLast');
    }).catch(() => {});
  }
});

test('the country flag is set from /ip/ then /geo/json.gp and kept for the session', async ({ page }) => {
  // The shared tab's last page looks its country up at idle too: leave it before counting.
  await page.goto('about:blank');
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/ip/' || u.pathname === '/geo/json.gp') calls.push(`${u.pathname}${u.search}`);
  });
  await page.goto('/fr');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('countryFlag')), HYDRATED).toBe('0');
  expect(calls).toEqual(['/ip/?format=json', '/geo/json.gp?ip=127.0.0.1']);
  await page.reload();
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  expect(calls).toHaveLength(2); // remembered for the session
});
