/**
 * `GET /prieres/horaire-api.php?ville=N[&date=YYYY-MM-DD]` (docs/product.md, Widgets):
 * the six prayer times of a Habous city for a day, in the API envelope
 * (docs/product.md, Widgets).
 *
 *  - `ville`: a Habous id (cities.ts), default 58 (Casablanca, docs/product.md, Limits);
 *  - `date`: a calendar day from 1900 to 2100, default today in
 *    Africa/Casablanca;
 *  - 200: `response` is a PrayerDay (index.ts); cached until the end of the
 *    current day in Casablanca at most (the default day changes then);
 *  - 422: a `ville` that is not a positive integer or not a known city, a
 *    `date` that is not a real day or is out of range; the message is in the
 *    request's language (locale header, `lang` query, locale cookie, else
 *    Arabic: src/server/api/dispatch.ts). Never 400 (docs/product.md, Errors: a 400 sends
 *    the visitor home);
 *  - 405 for a method other than GET or HEAD.
 */
import { errorEnvelope, okEnvelope, readLocale } from '../http/index.ts';
import * as m from '../../paraglide/messages.js';
import { isValidDay, localDay, todayInCasablanca } from '../../lib/dates.ts';
import { apiMessage } from '../api/messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { DEFAULT_PRAYER_CITY_ID } from './cities.ts';
import { dayInRange, prayerCity, prayerDay } from './index.ts';

/** A positive integer without leading zeros, at most 6 digits. */
const VILLE = /^[1-9][0-9]{0,5}$/;
/** The shape of a day; whether it exists is checked after. */
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

function invalid(field: 'ville' | 'date', message: string): Response {
  return errorEnvelope(422, message, { errors: { [field]: [message] } });
}

/** Seconds from `now` until the next midnight in Africa/Casablanca (never more, even on a day with a clock change). */
export function secondsUntilLocalMidnight(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Africa/Casablanca',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const num = (t: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  // Some ICU versions print midnight as "24" even with h23.
  const elapsed = (num('hour') % 24) * 3600 + num('minute') * 60 + num('second');
  let left = 86_400 - elapsed;
  // A clock change later today makes the day an hour shorter: never overshoot midnight.
  const today = localDay(now);
  if (localDay(new Date(now.getTime() + (left - 1) * 1000)) !== today) left -= 3600;
  return Math.max(1, left);
}

export function handlePrayerTimes(request: Request, now: Date = new Date()): Response {
  const url = new URL(request.url);
  const locale: Locale = readLocale(request, url);
  const o = { locale };

  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorEnvelope(405, apiMessage(405, locale), { headers: { allow: 'GET, HEAD' } });
  }

  const rawVille = url.searchParams.get('ville');
  let ville = DEFAULT_PRAYER_CITY_ID;
  if (rawVille !== null && rawVille.trim() !== '') {
    const v = rawVille.trim();
    if (!VILLE.test(v)) return invalid('ville', m.prayer_invalid_city({}, o));
    ville = Number(v);
  }
  const city = prayerCity(ville);
  if (!city) return invalid('ville', m.prayer_unknown_city({}, o));

  const rawDate = url.searchParams.get('date');
  let day = todayInCasablanca(now);
  if (rawDate !== null && rawDate.trim() !== '') {
    const d = rawDate.trim();
    if (!DAY_SHAPE.test(d) || !isValidDay(d)) return invalid('date', m.prayer_invalid_date({}, o));
    if (!dayInRange(d)) return invalid('date', m.prayer_date_out_of_range({}, o));
    day = d;
  }

  const seconds = secondsUntilLocalMidnight(now);
  return okEnvelope(prayerDay(city, day), { cacheControl: `public, max-age=${seconds}, s-maxage=${seconds}` });
}
