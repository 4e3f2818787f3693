/**
 * What the prayer widget shows at a given instant, from the API's answers
 * (src/server/prayer/index.ts PrayerDay): pure functions, shared by the
 * island's server render and the browser. Only instants are compared (the
 * answers carry them), so the browser needs no tzdata of its own.
 */
import type { PrayerDay, PrayerKey } from '../../server/prayer/index.ts';
import { siteFetch } from '../../lib/api-client.ts';

export type { PrayerKey };

/** The six rows, in the day's order. */
export const PRAYER_ROWS: readonly PrayerKey[] = ['fajr', 'chorouq', 'dhuhr', 'asr', 'maghrib', 'isha'];

/** The five prayers (Chorouq, sunrise, is a time, not a prayer: it is never "next"). */
const SALAT: readonly PrayerKey[] = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'];

export interface PrayerPair {
  /** The city's times for the server's "today". */
  today: PrayerDay;
  /** The day after. */
  tomorrow: PrayerDay;
}

export interface PrayerView {
  /** The day shown: today until Isha, then tomorrow. */
  day: PrayerDay;
  /** The next prayer in that day, or null once even tomorrow's Fajr has passed (the pair is stale). */
  next: PrayerKey | null;
}

const at = (day: PrayerDay, key: PrayerKey) => Date.parse(day.instants[key]);

/** The day to show at `now` (ms) and its next prayer: after Isha the next is tomorrow's Fajr. */
export function prayerView(pair: PrayerPair, now: number): PrayerView {
  const nextIn = (day: PrayerDay) => SALAT.find((k) => at(day, k) > now) ?? null;
  if (now < at(pair.today, 'isha')) return { day: pair.today, next: nextIn(pair.today) };
  return { day: pair.tomorrow, next: nextIn(pair.tomorrow) };
}

/** True when the pair no longer covers `now` (tomorrow's Fajr has passed): fetch a new today. */
export function isStale(pair: PrayerPair, now: number): boolean {
  return now >= at(pair.tomorrow, 'fajr');
}

/** The calendar day after "YYYY-MM-DD". */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The API's answer, or an error: the envelope checked. */
async function fetchPrayerDay(ville: number, date: string | null, signal: AbortSignal): Promise<PrayerDay> {
  const query = new URLSearchParams({ ville: String(ville) });
  if (date) query.set('date', date);
  const res = await siteFetch(`/prieres/horaire-api.php?${query.toString()}`, { signal, headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { header?: { status?: string }; response?: PrayerDay | null } | null;
  if (!res.ok || body?.header?.status !== 'OK' || !body.response || body.response.ville !== ville) {
    throw new Error(`prayer times for ${ville}: HTTP ${res.status}`);
  }
  return body.response;
}

/** Today's and tomorrow's times of a city (today as the server sees it in Casablanca). */
export async function fetchPrayerPair(ville: number, signal: AbortSignal): Promise<PrayerPair> {
  const today = await fetchPrayerDay(ville, null, signal);
  const tomorrow = await fetchPrayerDay(ville, nextDay(today.date), signal);
  return { today, tomorrow };
}
