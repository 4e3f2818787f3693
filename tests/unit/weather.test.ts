/**
 * Weather (docs/product.md, Content "Weather", Widgets, Limits): the Open-Meteo adapter,
 * "tomorrow" in Africa/Casablanca, truncation, the per-city cache (fresh,
 * stale, coalescing, back-off, timeout) with a fake clock and a fake
 * provider, and the HTTP handler (503 with nothing, 404/422, answer shape).
 */
import { describe, expect, it } from 'vitest';
import { cityChoices, DEFAULT_WEATHER_CITY, WEATHER_CITIES, weatherCity, type WeatherCity } from '../../src/server/weather/cities.ts';
import { createOpenMeteoProvider, openMeteoUrl, parseOpenMeteo } from '../../src/server/weather/open-meteo.ts';
import { ProviderError, type DailyForecast, type WeatherProvider } from '../../src/server/weather/provider.ts';
import { createWeatherService, WEATHER_DEFAULTS } from '../../src/server/weather/service.ts';
import { conditionOf, degreesPhrase, forecastAnswer, truncateDegrees } from '../../src/server/weather/format.ts';
import { createForecastHandler } from '../../src/server/weather/handler.ts';
import { readForecast, truncateDegrees as clientTruncate } from '../../src/stores/weather.ts';
import { addDays } from '../../src/lib/dates.ts';
import { silentLog } from '../../src/server/log.ts';
import { captureLog } from '../support/capture-log.ts';

const casablanca = weatherCity(1)!;
const rabat = weatherCity(11)!;

/** An Open-Meteo answer as the real API sends it (trimmed). */
function openMeteoBody(days: string[], tmax: (number | null)[], tmin: (number | null)[], codes: (number | null)[]) {
  return {
    latitude: 33.6,
    longitude: -7.6,
    generationtime_ms: 0.05,
    utc_offset_seconds: 0,
    timezone: 'Africa/Casablanca',
    timezone_abbreviation: 'GMT',
    elevation: 27,
    daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°C', temperature_2m_min: '°C' },
    daily: { time: days, weather_code: codes, temperature_2m_max: tmax, temperature_2m_min: tmin },
  };
}

function days(from: string, n: number, base = 20): DailyForecast[] {
  return Array.from({ length: n }, (_, i) => ({ date: addDays(from, i), tmax: base + i + 0.7, tmin: base - 8 + i, code: 0 }));
}

interface FakeProvider extends WeatherProvider {
  calls: number;
  /** What the next calls do. */
  mode: 'ok' | 'fail' | 'hang';
  /** Days returned, computed from the fake clock. */
  answer: () => DailyForecast[];
}

function fakeProvider(answer: () => DailyForecast[]): FakeProvider {
  const p: FakeProvider = {
    name: 'fake',
    calls: 0,
    mode: 'ok',
    answer,
    fetchDaily(_point, signal) {
      p.calls += 1;
      if (p.mode === 'fail') return Promise.reject(new ProviderError('fake: HTTP 500'));
      if (p.mode === 'hang') {
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      }
      return Promise.resolve(p.answer());
    },
  };
  return p;
}

function clock(iso: string) {
  let t = Date.parse(iso);
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    set: (s: string) => {
      t = Date.parse(s);
    },
  };
}

const MIN = 60_000;

describe('city table', () => {
  it("keeps the original site's ids and has about 57 towns, unique, in Morocco", () => {
    expect(WEATHER_CITIES).toHaveLength(57);
    expect(new Set(WEATHER_CITIES.map((c) => c.id)).size).toBe(57);
    expect(DEFAULT_WEATHER_CITY).toBe(1);
    const fr = (id: number) => weatherCity(id)?.fr;
    expect([fr(1), fr(46), fr(11), fr(15), fr(7), fr(34)]).toEqual(['Casablanca', 'Agadir', 'Rabat', 'Tanger', 'Marrakech', 'Fès']);
    for (const c of WEATHER_CITIES) {
      expect(c.ar.trim()).not.toBe('');
      expect(c.fr.trim()).not.toBe('');
      expect(/[\u0600-\u06FF]/.test(c.ar)).toBe(true);
      expect(c.lat).toBeGreaterThan(20.7);
      expect(c.lat).toBeLessThan(36);
      expect(c.lon).toBeGreaterThan(-17.2);
      expect(c.lon).toBeLessThan(-1);
    }
  });

  it('sorts the choices for each language', () => {
    for (const lang of ['ar', 'fr'] as const) {
      const names = cityChoices(lang).map((c) => c.name);
      const collator = new Intl.Collator(lang === 'ar' ? 'ar-MA' : 'fr-FR', { sensitivity: 'base' });
      expect(names).toEqual([...names].sort(collator.compare));
      expect(names).toHaveLength(57);
    }
    expect(cityChoices('fr')[0]).toEqual({ id: 46, name: 'Agadir' });
    // Accented names sort with their letter, not after "z".
    const fr = cityChoices('fr').map((c) => c.name);
    expect(fr.indexOf('Béni Mellal')).toBeLessThan(fr.indexOf('Berkane'));
    expect(fr.indexOf('Fès')).toBeLessThan(fr.indexOf('Figuig'));
  });
});

describe('Open-Meteo adapter', () => {
  it('reads the daily answer, skipping days without temperatures', () => {
    const body = openMeteoBody(['2026-11-22', '2026-11-23', '2026-11-24'], [19.4, 21.8, null], [10.1, 11.6, 9], [3, 61, 0]);
    expect(parseOpenMeteo(body)).toEqual([
      { date: '2026-11-22', tmax: 19.4, tmin: 10.1, code: 3 },
      { date: '2026-11-23', tmax: 21.8, tmin: 11.6, code: 61 },
    ]);
    const noCodes = openMeteoBody(['2026-11-22'], [19.4], [10.1], []);
    delete (noCodes.daily as { weather_code?: unknown }).weather_code;
    expect(parseOpenMeteo(noCodes)).toEqual([{ date: '2026-11-22', tmax: 19.4, tmin: 10.1, code: null }]);
  });

  it('refuses error answers and other shapes', () => {
    expect(() => parseOpenMeteo({ error: true, reason: 'Latitude must be in range of -90 to 90°.' })).toThrow(/Latitude must be/);
    expect(() => parseOpenMeteo({ daily: { time: ['22/11/2026'], temperature_2m_max: [1], temperature_2m_min: [0] } })).toThrow(ProviderError);
    expect(() => parseOpenMeteo(openMeteoBody(['2026-11-22'], [null], [null], [null]))).toThrow(/no usable day/);
    expect(() => parseOpenMeteo('<html>')).toThrow(ProviderError);
  });

  it('asks for three local days in Africa/Casablanca, with the key when configured', () => {
    const url = new URL(openMeteoUrl('https://api.open-meteo.com', casablanca));
    expect(url.origin + url.pathname).toBe('https://api.open-meteo.com/v1/forecast');
    expect(url.searchParams.get('latitude')).toBe('33.5883');
    expect(url.searchParams.get('longitude')).toBe('-7.6114');
    expect(url.searchParams.get('timezone')).toBe('Africa/Casablanca');
    expect(url.searchParams.get('forecast_days')).toBe('3');
    expect(url.searchParams.get('daily')).toBe('weather_code,temperature_2m_max,temperature_2m_min');
    expect(url.searchParams.has('apikey')).toBe(false);
    const paid = new URL(openMeteoUrl('https://customer-api.open-meteo.com/', casablanca, 'k3y'));
    expect(paid.pathname).toBe('/v1/forecast');
    expect(paid.searchParams.get('apikey')).toBe('k3y');
    expect(new URL(openMeteoUrl('http://127.0.0.1:9/proxy/om', casablanca)).pathname).toBe('/proxy/om/v1/forecast');
  });

  it('fetches through the given fetch and rejects HTTP errors with the reason', async () => {
    const seen: string[] = [];
    const ok = createOpenMeteoProvider({
      baseUrl: 'http://fake.test',
      fetch: async (input) => {
        seen.push(String(input));
        return Response.json(openMeteoBody(['2026-11-22', '2026-11-23'], [18, 20.5], [9, 10], [0, 2]));
      },
    });
    const got = await ok.fetchDaily(rabat, AbortSignal.timeout(1000));
    expect(got.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23']);
    expect(seen[0]).toMatch(/^http:\/\/fake\.test\/v1\/forecast\?latitude=34\.0132&longitude=-6\.8326&/);

    const bad = createOpenMeteoProvider({
      baseUrl: 'http://fake.test',
      fetch: async () => Response.json({ error: true, reason: 'Cannot initialize WeatherVariable' }, { status: 400 }),
    });
    await expect(bad.fetchDaily(rabat, AbortSignal.timeout(1000))).rejects.toThrow(/HTTP 400: Cannot initialize/);
    const html = createOpenMeteoProvider({ baseUrl: 'http://fake.test', fetch: async () => new Response('<h1>502</h1>', { status: 502 }) });
    await expect(html.fetchDaily(rabat, AbortSignal.timeout(1000))).rejects.toThrow(/HTTP 502/);
  });
});

describe('truncation (docs/product.md, Content: truncated to an integer)', () => {
  it('truncates toward zero and never shows -0', () => {
    for (const f of [truncateDegrees, clientTruncate]) {
      expect(f(21.9)).toBe(21);
      expect(f(21)).toBe(21);
      expect(f(0.4)).toBe(0);
      expect(f(-3.7)).toBe(-3);
      expect(f(-12.01)).toBe(-12);
      expect(Object.is(f(-0.5), 0)).toBe(true);
      expect(`${f(-0.5)}°`).toBe('0°');
    }
  });

  it('says the degrees in good French and Arabic', () => {
    expect(degreesPhrase(21, 'fr')).toBe('21 degrés');
    expect(degreesPhrase(1, 'fr')).toBe('1 degré');
    expect(degreesPhrase(0, 'fr')).toBe('0 degré');
    expect(degreesPhrase(-1, 'fr')).toBe('-1 degré');
    expect(degreesPhrase(-4, 'fr')).toBe('-4 degrés');
    expect(degreesPhrase(5, 'ar')).toBe('5 درجات');
    expect(degreesPhrase(21, 'ar')).toBe('21 درجة');
  });

  it('maps WMO codes to conditions', () => {
    expect(conditionOf(0)).toBe('clear');
    expect(conditionOf(2)).toBe('partly-cloudy');
    expect(conditionOf(45)).toBe('fog');
    expect(conditionOf(63)).toBe('rain');
    expect(conditionOf(81)).toBe('showers');
    expect(conditionOf(95)).toBe('thunderstorm');
    expect(conditionOf(null)).toBeNull();
    expect(conditionOf(42)).toBeNull();
  });
});

describe('forecast service', () => {
  it('"tomorrow" is the day after today in Casablanca, across midnight, from the same entry', async () => {
    const c = clock('2026-11-22T23:50:00Z'); // Casablanca is UTC+0 all year since 2026-09-20
    const provider = fakeProvider(() => days('2026-11-22', 3));
    const service = createWeatherService({ provider, now: c.now });
    const before = await service.forecast(casablanca);
    expect(before?.tomorrow.date).toBe('2026-11-23');
    expect(before?.today?.date).toBe('2026-11-22');
    c.advance(20 * MIN); // 00:10 local, the entry is still fresh and holds the 24th
    const after = await service.forecast(casablanca);
    expect(after?.tomorrow.date).toBe('2026-11-24');
    expect(after?.today?.date).toBe('2026-11-23');
    expect(after?.stale).toBe(false);
    expect(provider.calls).toBe(1);
  });

  it('uses the local day, not the UTC day (UTC+1 in the summer of 2025)', async () => {
    const c = clock('2025-06-15T23:30:00Z'); // 00:30 on the 16th in Casablanca
    const provider = fakeProvider(() => days('2025-06-16', 3));
    const service = createWeatherService({ provider, now: c.now });
    expect((await service.forecast(casablanca))?.tomorrow.date).toBe('2025-06-17');
  });

  it('serves a fresh entry from the cache, then asks again after 30 minutes', async () => {
    const c = clock('2026-11-22T10:00:00Z');
    const provider = fakeProvider(() => days('2026-11-22', 3));
    const service = createWeatherService({ provider, now: c.now });
    await service.forecast(casablanca);
    c.advance(WEATHER_DEFAULTS.freshMs - 1);
    await service.forecast(casablanca);
    expect(provider.calls).toBe(1);
    await service.forecast(rabat); // one entry per city
    expect(provider.calls).toBe(2);
    c.advance(2);
    provider.answer = () => days('2026-11-22', 3, 25);
    const refreshed = await service.forecast(casablanca);
    expect(provider.calls).toBe(3);
    expect(refreshed?.tomorrow.tmax).toBe(26.7);
    expect(refreshed?.fetchedAt).toBe(c.now());
  });

  it('serves the older entry flagged stale while the provider fails, backs off, and recovers', async () => {
    const c = clock('2026-11-22T10:00:00Z');
    const captured = captureLog();
    const provider = fakeProvider(() => days('2026-11-22', 3));
    const service = createWeatherService({ provider, now: c.now, log: captured.log });
    const first = await service.forecast(casablanca);
    provider.mode = 'fail';
    c.advance(45 * MIN);
    const stale = await service.forecast(casablanca);
    expect(stale).toMatchObject({ stale: true, fetchedAt: first!.fetchedAt, tomorrow: first!.tomorrow });
    expect(provider.calls).toBe(2);
    // Within the back-off the provider is not asked again.
    c.advance(WEATHER_DEFAULTS.retryAfterFailureMs - 1);
    expect((await service.forecast(casablanca))?.stale).toBe(true);
    expect(provider.calls).toBe(2);
    c.advance(1);
    await service.forecast(casablanca);
    expect(provider.calls).toBe(3);
    expect(captured.records.map((r) => r.level)).toEqual([40]); // one line per failing run, not per retry
    expect(captured.messages[0]).toMatch(/fake failed for city 1 \(Casablanca\): ProviderError: fake: HTTP 500/);
    provider.mode = 'ok';
    c.advance(WEATHER_DEFAULTS.retryAfterFailureMs);
    expect((await service.forecast(casablanca))?.stale).toBe(false);
  });

  it('gives nothing once the old entry is too old or no longer holds tomorrow', async () => {
    const c = clock('2026-11-22T10:00:00Z');
    const provider = fakeProvider(() => days('2026-11-22', 2)); // today and tomorrow only
    const service = createWeatherService({ provider, now: c.now });
    await service.forecast(casablanca);
    provider.mode = 'fail';
    c.set('2026-11-23T00:30:00Z'); // tomorrow is now the 24th: not in the entry
    expect(await service.forecast(casablanca)).toBeNull();

    const c2 = clock('2026-11-22T10:00:00Z');
    const p2 = fakeProvider(() => days('2026-11-22', 16));
    const s2 = createWeatherService({ provider: p2, now: c2.now });
    await s2.forecast(casablanca);
    p2.mode = 'fail';
    c2.advance(WEATHER_DEFAULTS.staleMaxMs + 1);
    expect(await s2.forecast(casablanca)).toBeNull();
  });

  it('coalesces concurrent requests for a city into one provider call', async () => {
    const c = clock('2026-11-22T10:00:00Z');
    let release: (d: DailyForecast[]) => void = () => {};
    let calls = 0;
    const provider: WeatherProvider = {
      name: 'slow',
      fetchDaily: () => {
        calls += 1;
        return new Promise((resolve) => {
          release = resolve;
        });
      },
    };
    const service = createWeatherService({ provider, now: c.now });
    const pending = Array.from({ length: 5 }, () => service.forecast(casablanca));
    await Promise.resolve();
    expect(calls).toBe(1);
    release(days('2026-11-22', 3));
    const results = await Promise.all(pending);
    expect(results.every((r) => r?.tomorrow.date === '2026-11-23')).toBe(true);
    expect(calls).toBe(1);
  });

  it('gives up on a provider that does not answer in time', async () => {
    const c = clock('2026-11-22T10:00:00Z');
    const provider = fakeProvider(() => days('2026-11-22', 3));
    provider.mode = 'hang';
    const captured = captureLog();
    const service = createWeatherService({ provider, now: c.now, timeoutMs: 30, log: captured.log });
    const started = performance.now();
    expect(await service.forecast(casablanca)).toBeNull();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(captured.messages[0]).toMatch(/TimeoutError/);
  });
});

function post(city: string, body: string | null, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost/mm-weather/get-forecast/${city}`, {
    method: 'POST',
    headers: body === null ? headers : { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

describe('POST /mm-weather/get-forecast/{city}', () => {
  const c = clock('2026-11-22T10:00:00Z');

  it('answers the forecast with response.data.dates.tomorrow.data.t2m', async () => {
    const provider = fakeProvider(() => [
      { date: '2026-11-22', tmax: 19.4, tmin: 10.1, code: 3 },
      { date: '2026-11-23', tmax: 21.8, tmin: 11.6, code: 0 },
      { date: '2026-11-24', tmax: -0.5, tmin: -6, code: 71 },
    ]);
    const handle = createForecastHandler(createWeatherService({ provider, now: c.now }));
    const res = await handle(post('1', 'lang=fr'), '1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as ReturnType<typeof forecastAnswer>;
    expect(body.header).toEqual({ status: 'OK', code: 200 });
    expect(body.response.data.dates.tomorrow).toEqual({
      date: '2026-11-23',
      data: {
        t2m: 21.8,
        tmin: 11.6,
        tmax: 21.8,
        degrees: 21,
        code: 0,
        condition: 'clear',
        label: 'ciel dégagé',
        spoken: 'Demain à Casablanca\u202f: 21 degrés, ciel dégagé',
      },
    });
    expect(body.response.data.dates.today?.data.t2m).toBe(19.4);
    expect(body.response.data.city).toEqual({ id: 1, name: 'Casablanca', ar: 'الدار البيضاء', fr: 'Casablanca' });
    expect(body.response.data.stale).toBe(false);
    expect(body.response.cities).toHaveLength(57);
    // What the widget makes of it.
    expect(readForecast(body)).toMatchObject({ cityId: 1, cityName: 'Casablanca', degrees: 21, stale: false });

    const ar = (await (await handle(post('1', 'lang=ar'), '1')).json()) as ReturnType<typeof forecastAnswer>;
    expect(ar.response.data.city.name).toBe('الدار البيضاء');
    expect(ar.response.data.dates.tomorrow.data.spoken).toBe('غدا في الدار البيضاء: 21 درجة، سماء صافية');
    expect(ar.response.cities[0]!.name).toBe(cityChoices('ar')[0]!.name);
  });

  it('with no forecast at all answers 200, data null, the towns and Retry-After (no error status for browsers to log)', async () => {
    const provider = fakeProvider(() => []);
    provider.mode = 'fail';
    const handle = createForecastHandler(createWeatherService({ provider, now: c.now, log: silentLog }));
    const res = await handle(post('11', 'lang=fr'), '11');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      header: { status: 'OK', code: 200 },
      response: { data: null, city: { id: 11, name: 'Rabat' }, cities: cityChoices('fr') },
    });
    expect(readForecast(await (await handle(post('11', 'lang=fr'), '11')).json())).toBeNull();
    const ar = await handle(post('11', 'lang=ar'), '11');
    expect(ar.status).toBe(200);
    expect(((await ar.json()) as { response: { city: { name: string } } }).response.city.name).toBe('الرباط');
  });

  it('refuses bad input with 404/422/415/405, never 400, in the visitor language', async () => {
    const provider = fakeProvider(() => days('2026-11-22', 3));
    const handle = createForecastHandler(createWeatherService({ provider, now: c.now }));
    const unknown = await handle(post('99', 'lang=fr'), '99');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { header: { message: string } }).header.message).toBe(
      'Cette ville ne figure pas dans la liste des villes de la météo.',
    );
    for (const city of ['abc', '0', '01', '1.5', '-1', '', '1234567']) {
      const res = await handle(post(city || 'x', 'lang=fr', { locale: 'fr' }), city);
      expect(res.status, city).toBe(422);
      const body = (await res.json()) as { header: { message: string; errors: Record<string, string[]> } };
      expect(body.header.errors.city?.[0]).toMatch(/Identifiant de ville invalide/);
    }
    const badLang = await handle(post('1', 'lang=en', { locale: 'fr' }), '1');
    expect(badLang.status).toBe(422);
    expect(((await badLang.json()) as { header: { errors: Record<string, string[]> } }).header.errors.lang).toBeDefined();
    const text = await handle(new Request('http://localhost/x', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'lang=fr' }), '1');
    expect(text.status).toBe(415);
    const get = await handle(new Request('http://localhost/mm-weather/get-forecast/1'), '1');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(provider.calls).toBe(0); // nothing reached the provider
  });

  it('takes the language from the body, else the locale header, else Arabic', async () => {
    const provider = fakeProvider(() => days('2026-11-22', 3));
    const handle = createForecastHandler(createWeatherService({ provider, now: c.now }));
    const name = async (req: Request) => ((await (await handle(req, '7')).json()) as ReturnType<typeof forecastAnswer>).response.data.city.name;
    expect(await name(post('7', 'lang=fr', { locale: 'ar' }))).toBe('Marrakech');
    expect(await name(post('7', null, { locale: 'fr' }))).toBe('Marrakech');
    expect(await name(post('7', null))).toBe('مراكش');
  });
});

describe('the widget reading an answer', () => {
  it('reads t2m and truncates it; refuses answers without it', () => {
    const city: WeatherCity = weatherCity(34)!;
    const answer = forecastAnswer(
      city,
      { cityId: 34, today: null, tomorrow: { date: '2026-11-23', tmax: -3.7, tmin: -9, code: 71 }, fetchedAt: 0, stale: true, source: 'x' },
      'fr',
    );
    expect(readForecast(answer)).toMatchObject({ cityId: 34, cityName: 'Fès', degrees: -3, stale: true });
    expect(readForecast(JSON.parse(JSON.stringify(answer)))?.spoken).toBe('Demain à Fès\u202f: -3 degrés, neige');
    expect(readForecast({ header: { status: 'ERROR' }, response: null })).toBeNull();
    expect(readForecast({ response: { data: { city: { id: 1, name: 'x' }, dates: { tomorrow: { data: { t2m: '21' } } } } } })).toBeNull();
  });
});
