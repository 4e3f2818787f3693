/**
 * Dates in Morocco's time zone. Offsets come from the runtime's tzdata
 * (Node 24: UTC+0 all year since 2026-09-20), never hard-coded.
 */
export const TIME_ZONE = 'Africa/Casablanca';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wall(d: Date): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const list = parts.formatToParts(d);
  const get = (type: string): number => Number(list.find((x) => x.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** Offset of local Moroccan time from UTC at instant `d`, in minutes. */
export function offsetMinutes(d: Date): number {
  const w = wall(d);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / 60000);
}

/** Local date "YYYY-MM-DD" of instant `d`. */
export function localDay(d: Date): string {
  const w = wall(d);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

/** Add `n` days to a "YYYY-MM-DD" date. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The UTC instant of local time `minutes` after midnight of `day` (may exceed 24 h). */
export function localToUtc(day: string, minutes: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  const first = guess - offsetMinutes(new Date(guess)) * 60000;
  return new Date(guess - offsetMinutes(new Date(first)) * 60000);
}

export const AR_MONTHS = [
  'يناير', 'فبراير', 'مارس', 'أبريل', 'ماي', 'يونيو',
  'يوليوز', 'غشت', 'شتنبر', 'أكتوبر', 'نونبر', 'دجنبر',
] as const;
export const FR_MONTHS = [
  'janvier', 'février', 'mars', 'avril', 'mai', 'juin',
  'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
] as const;
export const AR_WEEKDAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'] as const;
export const FR_WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

function split(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

/** "21 نونبر 2026" */
export function arDate(day: string): string {
  const [y, m, d] = split(day);
  return `${d} ${AR_MONTHS[m - 1] ?? ''} ${y}`;
}

/** "21 novembre 2026" ("1er" for the first of the month). */
export function frDate(day: string): string {
  const [y, m, d] = split(day);
  return `${d === 1 ? '1er' : d} ${FR_MONTHS[m - 1] ?? ''} ${y}`;
}

/** 0 = Sunday … 6 = Saturday, for a "YYYY-MM-DD" date. */
export function weekday(day: string): number {
  const [y, m, d] = split(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export const iso = (d: Date): string => d.toISOString();
export const addMinutes = (d: Date, min: number): Date => new Date(d.getTime() + min * 60000);
