/**
 * Date helpers for everything the site shows: every date and time is
 * formatted in Africa/Casablanca with the runtime's tzdata (ADR 003:
 * since 2026-09-20 Morocco stays on UTC+0 all year; Node 24 knows it).
 * Pure functions, shared by the API and the pages.
 */
import { LOCALE_CONFIG, type Locale } from '../i18n/locales.ts';

export const SITE_TIME_ZONE = 'Africa/Casablanca';

/** A calendar day "YYYY-MM-DD". */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Moroccan Arabic month names (يناير … دجنبر), as used by Moroccan media. */
export const MOROCCAN_ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'ماي',
  'يونيو',
  'يوليوز',
  'غشت',
  'شتنبر',
  'أكتوبر',
  'نونبر',
  'دجنبر',
] as const;

/** French month names. */
export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/**
 * A formatter made on its first use, then kept. Each Intl.DateTimeFormat
 * loads its locale's and the time zone's data when made: four made when
 * this module loads cost a phone's browser some 170 ms of main thread on
 * every page (docs/performance.md), where a page uses one at most. In the
 * site's time zone unless `options` names another.
 */
export function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options }));
}

const dayParts = lazyDateFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
const timeParts = lazyDateFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const weekdayFormat: Record<Locale, () => Intl.DateTimeFormat> = {
  ar: lazyDateFormat(LOCALE_CONFIG.ar.bcp47, { weekday: 'long' }),
  fr: lazyDateFormat(LOCALE_CONFIG.fr.bcp47, { weekday: 'long' }),
};

function toDate(instant: Date | string | number): Date {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid instant: ${String(instant)}`);
  return d;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** True for a real calendar day "YYYY-MM-DD" (rejects 2026-02-30). */
export function isValidDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The local (Casablanca) calendar day of an instant, "YYYY-MM-DD". */
export function localDay(instant: Date | string | number): string {
  const parts = dayParts().formatToParts(toDate(instant));
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/** Today in Casablanca, "YYYY-MM-DD". */
export function todayInCasablanca(now: Date = new Date()): string {
  return localDay(now);
}

/**
 * The instant a Casablanca calendar day ends: the first minute of the next
 * day, whatever the offset that night (the time zone's data decides).
 * Lets a page say until when its date line is right, so the browser checks
 * it without a formatter of its own (src/components/layout/behaviour/shell.ts).
 */
export function dayEnd(day: string): Date {
  const next = addDays(day, 1);
  const [y, m, d] = next.split('-').map(Number) as [number, number, number];
  const QUARTER_HOUR = 15 * 60_000;
  // Offsets run from UTC-12 to UTC+14, in quarter hours.
  let t = Date.UTC(y, m - 1, d) - 14 * 60 * 60_000;
  while (localDay(t) < next) t += QUARTER_HOUR;
  return new Date(t);
}

/** The local (Casablanca) wall-clock time of an instant, "HH:MM" (24 h). */
export function formatTime(instant: Date | string | number): string {
  const parts = timeParts().formatToParts(toDate(instant));
  // Some ICU versions print midnight as "24" even with h23; normalise.
  const hour = part(parts, 'hour') === '24' ? '00' : part(parts, 'hour');
  return `${hour}:${part(parts, 'minute')}`;
}

/** The calendar day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  if (!isValidDay(day)) throw new RangeError(`invalid day: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Noon UTC of a calendar day: the same date in Casablanca whatever its offset. */
function noonOf(day: string): Date {
  if (!isValidDay(day)) throw new RangeError(`invalid day: ${day}`);
  return new Date(`${day}T12:00:00Z`);
}

/** The day of month as written before a month name: French writes the first "1er" ("1er décembre"). */
export function dayOfMonthLabel(dom: number, lang: Locale): string {
  return lang === 'fr' && dom === 1 ? '1er' : String(dom);
}

/** Localized day of month and month name: "22 نونبر" / "22 novembre", "1er décembre". */
export function dayMonthLabel(day: string, lang: Locale): string {
  noonOf(day);
  const month = Number(day.slice(5, 7)) - 1;
  const dom = Number(day.slice(8, 10));
  const name = lang === 'ar' ? MOROCCAN_ARABIC_MONTHS[month] : FRENCH_MONTHS[month];
  return `${dayOfMonthLabel(dom, lang)} ${name}`;
}

/** Localized weekday name: "الأحد" / "dimanche". */
export function weekdayLabel(day: string, lang: Locale): string {
  return weekdayFormat[lang]().format(noonOf(day));
}

/** A grid or guide day label: "الأحد 22 نونبر" / "dimanche 22 novembre". */
export function dayLabel(day: string, lang: Locale): string {
  return `${weekdayLabel(day, lang)} ${dayMonthLabel(day, lang)}`;
}

/** A publication date as shown under a title: "22 نونبر 2026" / "22 novembre 2026". */
export function formatLongDate(instant: Date | string | number, lang: Locale): string {
  const day = localDay(instant);
  return `${dayMonthLabel(day, lang)} ${day.slice(0, 4)}`;
}

/** Date and time: "22 نونبر 2026 - 12:00" / "22 novembre 2026 - 12:00". */
export function formatDateTime(instant: Date | string | number, lang: Locale): string {
  return `${formatLongDate(instant, lang)} - ${formatTime(instant)}`;
}

/**
 * The grid's days run from 06:00 to 06:00 the next morning, local time:
 * before 06:00, the broadcast day in progress is still the previous
 * calendar day (the night between the two).
 */
const BROADCAST_DAY_STARTS_AT_HOUR = 6;

/** The broadcast day (YYYY-MM-DD, Africa/Casablanca) an instant belongs to. */
export function broadcastDay(now: Date = new Date()): string {
  const today = todayInCasablanca(now);
  const hour = Number(formatTime(now).slice(0, 2));
  return hour < BROADCAST_DAY_STARTS_AT_HOUR ? addDays(today, -1) : today;
}

/**
 * The broadcast day in progress when it is night (00:00 to 06:00 local),
 * else null: the calendar says the next day, the grid still the previous.
 */
export function broadcastNight(now: Date = new Date()): string | null {
  const day = broadcastDay(now);
  return day === todayInCasablanca(now) ? null : day;
}

/**
 * The night after broadcast day `day` named by its two days: "Nuit du
 * vendredi 27 au samedi 28 novembre", "Nuit du lundi 30 novembre au mardi
 * 1er décembre"; "الليلة الفاصلة بين الجمعة 27 والسبت 28 نونبر".
 */
export function nightLabel(day: string, lang: Locale): string {
  const next = addDays(day, 1);
  const sameMonth = day.slice(0, 7) === next.slice(0, 7);
  const first = sameMonth ? dayOfMonthLabel(Number(day.slice(8, 10)), lang) : dayMonthLabel(day, lang);
  const second = dayMonthLabel(next, lang);
  return lang === 'ar'
    ? `الليلة الفاصلة بين ${weekdayLabel(day, lang)} ${first} و${weekdayLabel(next, lang)} ${second}`
    : `Nuit du ${weekdayLabel(day, lang)} ${first} au ${weekdayLabel(next, lang)} ${second}`;
}

/** The two dates of a night, short: "27–28 novembre", "30 novembre – 1er décembre". */
export function nightDatesLabel(day: string, lang: Locale): string {
  const next = addDays(day, 1);
  return day.slice(0, 7) === next.slice(0, 7)
    ? `${dayOfMonthLabel(Number(day.slice(8, 10)), lang)}–${dayMonthLabel(next, lang)}`
    : `${dayMonthLabel(day, lang)} – ${dayMonthLabel(next, lang)}`;
}
