/**
 * Prayer times computed with `adhan` (docs/product.md, Widgets), Morocco's way:
 *
 *  - Fajr: the sun 19° below the horizon; Isha: 17°;
 *  - Dhuhr: the sun's transit + 5 min;
 *  - Asr: shadow = object + its noon shadow (shadow factor 1, Shafi'i);
 *  - sunrise (Chorouq) and Maghrib: the sun's centre `depression` degrees
 *    below the horizon, an angle that grows with the town's altitude (the
 *    dip of the horizon grows with √altitude; the Ministry's published fit
 *    is about 1.5°/1.6° at sea level, 1.8°/1.9° at Marrakech, 2.0°/2.1° at
 *    Erfoud, 2.3°/2.4° at Ifrane). One formula for every town:
 *
 *        sunrise depression = 1.46° + 0.0195° × √(elevation in m)
 *        sunset  depression = sunrise depression + 0.1°
 *
 *    (a least-squares line through those four published points, with the
 *    elevations of cities.ts; never fitted to the official timetables). It
 *    replaces the usual "sunrise −3 min, Maghrib +5 min" offsets, which
 *    approximate the same horizon at sea level: no minute offset is added.
 *
 * Every time is rounded to the nearest minute (adhan's Rounding.Nearest) and
 * shown as a local HH:MM in Africa/Casablanca with the runtime's tzdata
 * (src/lib/dates.ts), so the Ramadan and post-2026 offsets come from tzdata,
 * never from this file.
 */
import { CalculationParameters, Coordinates, Madhab, PrayerTimes, Rounding } from 'adhan';
import { formatTime } from '../../lib/dates.ts';
import type { PrayerCity } from './cities.ts';

/** The six times, in the day's order (the API's field names). */
export const PRAYER_KEYS = ['fajr', 'chorouq', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type PrayerKey = (typeof PRAYER_KEYS)[number];

export type PrayerInstants = Record<PrayerKey, Date>;
export type PrayerClock = Record<PrayerKey, string>;

/** Morocco's parameters (docs/product.md, Widgets), checked against the Habous 2020 tables (tests/unit/prayer.test.ts). */
const MOROCCO_PARAMETERS = {
  fajrAngle: 19,
  ishaAngle: 17,
  dhuhrMinutes: 5,
  /** Asr shadow factor 1 (Shafi'i). */
  asrShadowFactor: 1,
  /** Horizon of sunrise and Maghrib: intercept (degrees) and slope (degrees per √m). */
  horizonAtSeaLevel: 1.46,
  horizonPerSqrtMetre: 0.0195,
  /** Maghrib's horizon is this much lower than sunrise's. */
  sunsetExtra: 0.1,
} as const;

/** Depression of the sun's centre below the horizon (degrees) at sunrise and at Maghrib, for an elevation in metres. */
export function horizonDepression(elevation: number): { sunrise: number; sunset: number } {
  const p = MOROCCO_PARAMETERS;
  const sunrise = p.horizonAtSeaLevel + p.horizonPerSqrtMetre * Math.sqrt(Math.max(0, elevation));
  return { sunrise, sunset: sunrise + p.sunsetExtra };
}

function baseParameters(): CalculationParameters {
  const params = new CalculationParameters('Other', MOROCCO_PARAMETERS.fajrAngle, MOROCCO_PARAMETERS.ishaAngle);
  params.madhab = Madhab.Shafi;
  params.rounding = Rounding.Nearest;
  return params;
}

/** "YYYY-MM-DD" → the Date adhan expects (it reads the local year, month and day). */
function adhanDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * The six instants of a calendar day ("YYYY-MM-DD", a valid day: callers
 * check) for a city.
 */
export function prayerInstants(city: Pick<PrayerCity, 'lat' | 'lng' | 'elevation'>, day: string): PrayerInstants {
  const coordinates = new Coordinates(city.lat, city.lng);
  const date = adhanDay(day);
  const horizon = horizonDepression(city.elevation);

  const params = baseParameters();
  params.methodAdjustments = { ...params.methodAdjustments, dhuhr: MOROCCO_PARAMETERS.dhuhrMinutes };
  // adhan's Maghrib at an angle below the horizon (used when it falls between sunset and Isha).
  params.maghribAngle = horizon.sunset;
  const times = new PrayerTimes(coordinates, date, params);

  // adhan's sunrise is fixed at 0.833° below the horizon; its Fajr is "the
  // sun `fajrAngle` below the horizon before transit", so a second run with
  // fajrAngle = the sunrise depression gives sunrise at our horizon.
  const sunriseParams = baseParameters();
  sunriseParams.fajrAngle = horizon.sunrise;
  const sunrise = new PrayerTimes(coordinates, date, sunriseParams).fajr;

  return {
    fajr: times.fajr,
    chorouq: sunrise,
    dhuhr: times.dhuhr,
    asr: times.asr,
    maghrib: times.maghrib,
    isha: times.isha,
  };
}

/** Local wall-clock times (HH:MM, Africa/Casablanca) of instants. */
export function toClock(instants: PrayerInstants): PrayerClock {
  const out = {} as PrayerClock;
  for (const key of PRAYER_KEYS) out[key] = formatTime(instants[key]);
  return out;
}

/** The six times of a day for a city, as local HH:MM. */
export function prayerClock(city: Pick<PrayerCity, 'lat' | 'lng' | 'elevation'>, day: string): PrayerClock {
  return toClock(prayerInstants(city, day));
}
