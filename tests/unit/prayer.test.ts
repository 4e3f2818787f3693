/**
 * Prayer times (docs/product.md, Widgets): the computation against the official Habous
 * 2020 timetables of 17 cities (tests/fixtures/habous-2020, source and
 * licence in its README), the clock of Africa/Casablanca from tzdata, the city table and the
 * `/prieres/horaire-api.php` handler.
 *
 * The oracle's clock (its README): 2020 was UTC+1 except during Ramadan
 * (UTC+0 from 2020-04-19 to 2020-05-30). The files switch back to UTC+1 a
 * week early: 2020-05-24 to 2020-05-30 are written in UTC+1 while the real
 * clock was UTC+0, so one hour is taken off those 7 days before comparing
 * with our times, which are the real local clock (tzdata).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRAYER_CITIES, DEFAULT_PRAYER_CITY_ID } from '../../src/server/prayer/cities.ts';
import { handlePrayerTimes, secondsUntilLocalMidnight } from '../../src/server/prayer/handler.ts';
import { prayerCity, prayerCityOptions, prayerDay } from '../../src/server/prayer/index.ts';
import { PRAYER_KEYS, horizonDepression, prayerClock, type PrayerKey } from '../../src/server/prayer/times.ts';
import { isStale, nextDay, prayerView } from '../../src/islands/prayer/schedule.ts';

const ORACLE_DIR = path.resolve(import.meta.dirname, '../fixtures/habous-2020');

/** Oracle file → Habous ville id. */
const ORACLE_CITIES: Record<string, number> = {
  Agadir: 117,
  Arfoud: 130,
  Assila: 17,
  Berkane: 32,
  Boujdour: 158,
  Casablanca: 58,
  Dakhla: 165,
  Errachidia: 128,
  Feguig: 33,
  Fes: 81,
  Guersif: 35,
  Ifrane: 100,
  Khenifra: 70,
  Marrakech: 104,
  Oujda: 31,
  Rabat: 1,
  Tanger: 14,
};

/** The oracle's field for each of our keys. */
const ORACLE_FIELD: Record<PrayerKey, string> = {
  fajr: 'fajr',
  chorouq: 'sunrise',
  dhuhr: 'dhuhr',
  asr: 'asr',
  maghrib: 'maghrib',
  isha: 'isha',
};

interface OracleFile {
  params: { latitude: number; longitude: number; timezone: string };
  times: Array<Record<string, string> & { date: string }>;
}

/** "7:04 AM" → minutes after midnight. */
function oracleMinutes(clock: string): number {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(clock);
  if (!m) throw new Error(`unexpected oracle time ${clock}`);
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}

/** "HH:MM" → minutes after midnight. */
const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The week the oracle labels UTC+1 while Morocco was on UTC+0 (its README). */
const isMislabelled = (day: string) => day >= '2020-05-24' && day <= '2020-05-30';

const pct = (n: number, d: number) => (d === 0 ? 0 : (100 * n) / d);

describe('accuracy against the Habous 2020 timetables', () => {
  it('puts at least 99% of official times within ±1 minute (per city and prayer printed)', () => {
    const files = readdirSync(ORACLE_DIR).filter((f) => f.endsWith('-Morocco.json'));
    expect(files.length).toBe(17);

    const perPrayer = Object.fromEntries(PRAYER_KEYS.map((k) => [k, { n: 0, ok: 0 }])) as Record<PrayerKey, { n: number; ok: number }>;
    const rows: string[] = [];
    let worst = { delta: 0, where: '' };

    for (const file of files.sort()) {
      const name = file.replace('-Morocco.json', '');
      const id = ORACLE_CITIES[name];
      expect(id, `${file} has a ville id`).toBeDefined();
      const city = prayerCity(id!);
      expect(city, `ville ${id} is in the city table`).toBeDefined();
      const oracle = JSON.parse(readFileSync(path.join(ORACLE_DIR, file), 'utf8')) as OracleFile;
      expect(oracle.params.timezone).toBe('Africa/Casablanca');
      expect(oracle.times.length).toBe(366);
      // The right town: our position is GeoNames', not the oracle's (whose own
      // positions are rough: Ifrane's is 23 km south of the town).
      expect(Math.abs(oracle.params.latitude - city!.lat)).toBeLessThan(0.25);
      expect(Math.abs(oracle.params.longitude - city!.lng)).toBeLessThan(0.25);

      const cityCount = Object.fromEntries(PRAYER_KEYS.map((k) => [k, 0])) as Record<PrayerKey, number>;
      for (const entry of oracle.times) {
        const ours = prayerClock(city!, entry.date);
        for (const key of PRAYER_KEYS) {
          const official = oracleMinutes(entry[ORACLE_FIELD[key]]!) - (isMislabelled(entry.date) ? 60 : 0);
          const delta = clockMinutes(ours[key]) - official;
          perPrayer[key].n++;
          if (Math.abs(delta) <= 1) {
            perPrayer[key].ok++;
            cityCount[key]++;
          }
          if (Math.abs(delta) > Math.abs(worst.delta)) worst = { delta, where: `${name} ${entry.date} ${key}` };
        }
      }
      rows.push(
        `${name.padEnd(11)} ${String(city!.elevation).padStart(5)} m  ` +
          PRAYER_KEYS.map((k) => `${k} ${pct(cityCount[k], oracle.times.length).toFixed(1).padStart(5)}%`).join('  '),
      );
    }

    const total = PRAYER_KEYS.reduce((s, k) => s + perPrayer[k].n, 0);
    const ok = PRAYER_KEYS.reduce((s, k) => s + perPrayer[k].ok, 0);
    const overall = pct(ok, total);
    console.log(
      [
        'Share of official times within ±1 min, per city (elevation) and prayer:',
        ...rows,
        `${'all cities'.padEnd(20)}` + PRAYER_KEYS.map((k) => `${k} ${pct(perPrayer[k].ok, perPrayer[k].n).toFixed(2)}%`).join('  '),
        `overall: ${overall.toFixed(2)}% of ${total} times; largest difference ${worst.delta} min (${worst.where})`,
      ].join('\n'),
    );

    expect(overall).toBeGreaterThanOrEqual(99);
    for (const key of PRAYER_KEYS) expect(pct(perPrayer[key].ok, perPrayer[key].n), key).toBeGreaterThanOrEqual(98);
    expect(Math.abs(worst.delta)).toBeLessThanOrEqual(3);
  });

  it('reads the mislabelled week right: Casablanca Dhuhr on 2020-05-23 and 05-24 is about 12:32 local both days', () => {
    const casablanca = prayerCity(58)!;
    // Oracle: 2020-05-23 "12:32 PM" (UTC+0, right), 2020-05-24 "1:33 PM" (UTC+1, mislabelled).
    expect(Math.abs(clockMinutes(prayerClock(casablanca, '2020-05-23').dhuhr) - (12 * 60 + 32))).toBeLessThanOrEqual(1);
    expect(Math.abs(clockMinutes(prayerClock(casablanca, '2020-05-24').dhuhr) - (13 * 60 + 33 - 60))).toBeLessThanOrEqual(1);
    // From 2020-05-31 the clock is UTC+1 again: Dhuhr is back after 13:30.
    expect(clockMinutes(prayerClock(casablanca, '2020-05-31').dhuhr)).toBeGreaterThan(13 * 60 + 30);
  });
});

describe('the local clock (tzdata)', () => {
  const casablanca = prayerCity(58)!;

  it('shows UTC+0 times after 2026-09-20 (Morocco left UTC+1)', () => {
    for (const day of ['2026-10-05', '2027-01-15', '2027-07-01']) {
      const d = prayerDay(casablanca, day);
      for (const key of PRAYER_KEYS) expect(d.times[key], `${day} ${key}`).toBe(d.instants[key].slice(11, 16));
    }
  });

  it('shows UTC+1 times in the summer of 2026, before the change', () => {
    const d = prayerDay(casablanca, '2026-07-01');
    const utc = clockMinutes(d.instants.dhuhr.slice(11, 16));
    expect(clockMinutes(d.times.dhuhr)).toBe(utc + 60);
  });

  it('counts the seconds to the next local midnight, never past it on a day with a clock change', () => {
    expect(secondsUntilLocalMidnight(new Date('2026-11-22T23:00:00Z'))).toBe(3600);
    expect(secondsUntilLocalMidnight(new Date('2026-07-01T21:30:00Z'))).toBe(5400); // 22:30 local (UTC+1)
    // 2020-05-31: clocks went forward at 02:00 UTC; local midnight of 06-01 was 23:00 UTC.
    expect(secondsUntilLocalMidnight(new Date('2020-05-31T00:00:00Z'))).toBe(23 * 3600);
  });
});

describe('the horizon of sunrise and Maghrib', () => {
  it('is one formula of √elevation, close to the published fit', () => {
    const published: Array<[number, number, number]> = [
      [0, 1.5, 1.6],
      [457, 1.8, 1.9], // Marrakech
      [809, 2.0, 2.1], // Erfoud
      [1648, 2.3, 2.4], // Ifrane
    ];
    for (const [h, rise, set] of published) {
      const d = horizonDepression(h);
      expect(Math.abs(d.sunrise - rise)).toBeLessThan(0.08);
      expect(Math.abs(d.sunset - set)).toBeLessThan(0.08);
    }
    expect(horizonDepression(-20)).toEqual(horizonDepression(0));
    expect(horizonDepression(2000).sunrise).toBeGreaterThan(horizonDepression(1000).sunrise);
  });

  it('makes the day shorter at altitude, all else equal', () => {
    const base = { lat: 33.5, lng: -5.1 };
    const low = prayerClock({ ...base, elevation: 0 }, '2026-06-21');
    const high = prayerClock({ ...base, elevation: 1600 }, '2026-06-21');
    expect(clockMinutes(high.chorouq)).toBeLessThan(clockMinutes(low.chorouq));
    expect(clockMinutes(high.maghrib)).toBeGreaterThan(clockMinutes(low.maghrib));
    expect(high.dhuhr).toBe(low.dhuhr);
  });
});

describe('the city table', () => {
  it('has unique Habous ids, both names, a position in Morocco (or Ceuta, Melilla) and an elevation', () => {
    const ids = new Set<number>();
    for (const c of PRAYER_CITIES) {
      expect(ids.has(c.id), `duplicate id ${c.id}`).toBe(false);
      ids.add(c.id);
      expect(c.fr.trim(), `${c.id} fr`).not.toBe('');
      expect(c.ar.trim(), `${c.id} ar`).toMatch(/[\u0600-\u06FF]/);
      expect(c.lat).toBeGreaterThan(20.5);
      expect(c.lat).toBeLessThan(36);
      expect(c.lng).toBeGreaterThan(-17.2);
      expect(c.lng).toBeLessThan(-1);
      expect(c.elevation).toBeGreaterThanOrEqual(0);
      expect(c.elevation).toBeLessThan(3000);
    }
    expect(PRAYER_CITIES.length).toBeGreaterThan(170);
  });

  it('has Casablanca as the default city (docs/product.md, Limits: 58)', () => {
    expect(DEFAULT_PRAYER_CITY_ID).toBe(58);
    expect(prayerCity(58)).toMatchObject({ fr: 'Casablanca', ar: 'الدار البيضاء' });
  });

  it('sorts the chooser by each language, once per place', () => {
    for (const locale of ['ar', 'fr'] as const) {
      const options = prayerCityOptions(locale);
      const collator = new Intl.Collator(locale === 'ar' ? 'ar-MA' : 'fr-FR', { sensitivity: 'base', ignorePunctuation: true });
      for (let i = 1; i < options.length; i++) expect(collator.compare(options[i - 1]!.name, options[i]!.name)).toBeLessThanOrEqual(0);
      expect(options.filter((o) => o.id === 94 || o.id === 303)).toHaveLength(1);
      expect(options.find((o) => o.id === 58)?.name).toBe(locale === 'ar' ? 'الدار البيضاء' : 'Casablanca');
    }
    const fr = prayerCityOptions('fr').map((o) => o.name);
    // French collation: accents do not send a name to the end of the list.
    expect(fr.indexOf('Ifrane')).toBeLessThan(fr.indexOf('Khémissat'));
    expect(fr.indexOf('Khémissat')).toBeLessThan(fr.indexOf('Marrakech'));
  });
});

describe('GET /prieres/horaire-api.php', () => {
  const NOW = new Date('2026-11-22T10:00:00Z');
  const get = (query: string, headers: Record<string, string> = {}) =>
    handlePrayerTimes(new Request(`http://localhost/prieres/horaire-api.php${query}`, { headers }), NOW);

  it('answers Casablanca today by default, in the envelope, cached until local midnight', async () => {
    const res = get('');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=50400, s-maxage=50400');
    expect(res.headers.get('vary')).toBe('locale');
    const body = (await res.json()) as { header: { status: string; code: number }; response: ReturnType<typeof prayerDay> };
    expect(body.header).toEqual({ status: 'OK', code: 200 });
    expect(body.response.ville).toBe(58);
    expect(body.response.name).toEqual({ ar: 'الدار البيضاء', fr: 'Casablanca' });
    expect(body.response.date).toBe('2026-11-22');
    expect(Object.keys(body.response.times)).toEqual([...PRAYER_KEYS]);
    for (const key of PRAYER_KEYS) expect(body.response.times[key]).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    const minutes = PRAYER_KEYS.map((k) => clockMinutes(body.response.times[k]));
    expect([...minutes].sort((a, b) => a - b)).toEqual(minutes);
  });

  it('answers another city and day', async () => {
    const body = (await get('?ville=104&date=2020-06-01').json()) as { response: { ville: number; name: { fr: string }; date: string } };
    expect(body.response).toMatchObject({ ville: 104, name: { fr: 'Marrakech' }, date: '2020-06-01' });
  });

  it.each([
    ['?ville=abc', 'ville', 'ar', {}],
    ['?ville=1.5', 'ville', 'ar', {}],
    ['?ville=-3', 'ville', 'ar', {}],
    ['?ville=058', 'ville', 'ar', {}],
    ['?ville=999', 'ville', 'fr', { locale: 'fr' }],
    ['?ville=322', 'ville', 'fr', { cookie: 'locale=fr' }],
    ['?date=2026-02-30', 'date', 'fr', {}],
    ['?date=22-11-2026', 'date', 'ar', {}],
    ['?date=2026-13-01', 'date', 'ar', {}],
    ['?date=1899-12-31', 'date', 'ar', {}],
    ['?date=2101-01-01', 'date', 'fr', { locale: 'fr' }],
  ] as const)('%s → 422 on %s, message in %s', async (query, field, lang, headers) => {
    const q = lang === 'fr' && Object.keys(headers).length === 0 ? `${query}&lang=fr` : query;
    const res = get(q, headers);
    expect(res.status).toBe(422);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { header: { status: string; code: number; message: string; errors: Record<string, string[]> }; response: null };
    expect(body.header.status).toBe('ERROR');
    expect(body.header.code).toBe(422);
    expect(body.response).toBeNull();
    expect(Object.keys(body.header.errors)).toEqual([field]);
    if (lang === 'ar') expect(body.header.message).toMatch(/[\u0600-\u06FF]/);
    else expect(body.header.message).toMatch(/^(Identifiant|Cette ville|Date)/);
  });

  it('distinguishes a day that does not exist from a day out of range', async () => {
    const bad = (await get('?date=2026-02-30&lang=fr').json()) as { header: { message: string } };
    const far = (await get('?date=2300-01-01&lang=fr').json()) as { header: { message: string } };
    expect(bad.header.message).toMatch(/^Date invalide/);
    expect(far.header.message).toMatch(/^Date hors/);
  });

  it('answers 405 to other methods', () => {
    const res = handlePrayerTimes(new Request('http://localhost/prieres/horaire-api.php', { method: 'POST' }), NOW);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('the widget schedule (src/islands/prayer/schedule.ts)', () => {
  const casablanca = prayerCity(58)!;
  const pair = { today: prayerDay(casablanca, '2026-11-22'), tomorrow: prayerDay(casablanca, '2026-11-23') };
  const at = (iso: string, deltaMs = 0) => Date.parse(iso) + deltaMs;

  it('marks the first prayer still to come, never Chorouq', () => {
    expect(prayerView(pair, at(pair.today.instants.fajr, -60_000))).toEqual({ day: pair.today, next: 'fajr' });
    // Between Fajr and sunrise, and between sunrise and Dhuhr, the next prayer is Dhuhr.
    expect(prayerView(pair, at(pair.today.instants.fajr, 60_000)).next).toBe('dhuhr');
    expect(prayerView(pair, at(pair.today.instants.chorouq, 60_000)).next).toBe('dhuhr');
    expect(prayerView(pair, at(pair.today.instants.maghrib, 1)).next).toBe('isha');
  });

  it("after Isha shows tomorrow's times with Fajr next", () => {
    const view = prayerView(pair, at(pair.today.instants.isha, 60_000));
    expect(view.day.date).toBe('2026-11-23');
    expect(view.next).toBe('fajr');
    expect(isStale(pair, at(pair.today.instants.isha, 60_000))).toBe(false);
    expect(isStale(pair, at(pair.tomorrow.instants.fajr))).toBe(true);
  });

  it('steps calendar days across months and leap years', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
