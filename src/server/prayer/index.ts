/**
 * Prayer times for the site: the city table, the day's six times of a city,
 * and what the widget needs to render (src/components/widgets/PrayerTimesCard.astro).
 */
import { isValidDay } from '../../lib/dates.ts';
import { PRAYER_CITIES, type PrayerCity } from './cities.ts';
import { PRAYER_KEYS, prayerInstants, toClock, type PrayerClock, type PrayerKey } from './times.ts';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

export { DEFAULT_PRAYER_CITY_ID, type PrayerCity } from './cities.ts';
export { PRAYER_KEYS, type PrayerKey } from './times.ts';

/** Days the API computes: a generous but bounded range (tzdata and the solar model are meant for it). */
const PRAYER_FIRST_DAY = '1900-01-01';
const PRAYER_LAST_DAY = '2100-12-31';

const BY_ID = new Map(PRAYER_CITIES.map((c) => [c.id, c]));

export function prayerCity(id: number): PrayerCity | undefined {
  return BY_ID.get(id);
}

/** A day the API accepts: a real calendar day within the range. */
export function dayInRange(day: string): boolean {
  return isValidDay(day) && day >= PRAYER_FIRST_DAY && day <= PRAYER_LAST_DAY;
}

/** The API's answer (inside the envelope's `response`). */
export interface PrayerDay {
  /** Habous `ville` id. */
  ville: number;
  name: { ar: string; fr: string };
  /** The calendar day, "YYYY-MM-DD" (Africa/Casablanca). */
  date: string;
  timezone: 'Africa/Casablanca';
  /** Local wall-clock times, "HH:MM". */
  times: PrayerClock;
  /** The same times as instants (ISO 8601, UTC), so a browser needs no tzdata to compare them with now. */
  instants: Record<PrayerKey, string>;
}

/** The six times of a known city on a valid day. */
export function prayerDay(city: PrayerCity, day: string): PrayerDay {
  const instants = prayerInstants(city, day);
  const iso = {} as Record<PrayerKey, string>;
  for (const key of PRAYER_KEYS) iso[key] = instants[key].toISOString();
  return {
    ville: city.id,
    name: { ar: city.ar, fr: city.fr },
    date: day,
    timezone: 'Africa/Casablanca',
    times: toClock(instants),
    instants: iso,
  };
}

/** One entry of the widget's city chooser. */
export interface PrayerCityOption {
  id: number;
  name: string;
}

/**
 * The chooser's cities in a language: the local name, sorted the way that
 * language sorts (Arabic or French collation), one entry per place (Habous
 * lists Tahla twice, as 94 and 303: the lower id is kept).
 */
export function prayerCityOptions(locale: Locale): PrayerCityOption[] {
  const seen = new Set<string>();
  const options: PrayerCityOption[] = [];
  for (const c of [...PRAYER_CITIES].sort((a, b) => a.id - b.id)) {
    const key = `${c.fr}|${c.ar}|${c.lat}|${c.lng}`;
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({ id: c.id, name: locale === 'ar' ? c.ar : c.fr });
  }
  const collator = new Intl.Collator(LOCALE_CONFIG[locale].bcp47, { sensitivity: 'base', ignorePunctuation: true });
  return options.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
