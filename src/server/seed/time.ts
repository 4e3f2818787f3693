/**
 * Date helpers the seed needs beyond src/lib/dates.ts (which it re-exports
 * for its own use): local wall-clock times turned into UTC instants, and the
 * bulletin titles' full dates. Offsets come from the runtime's tzdata
 * (Node 24: UTC+0 all year since 2026-09-20), never hard-coded.
 */
import { FRENCH_MONTHS, MOROCCAN_ARABIC_MONTHS, SITE_TIME_ZONE } from '../../lib/dates.ts';

export { addDays, broadcastDay, localDay } from '../../lib/dates.ts';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
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
function offsetMinutes(d: Date): number {
  const w = wall(d);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / 60000);
}

/** The UTC instant of local time `minutes` after midnight of `day` (may exceed 24 h). */
export function localToUtc(day: string, minutes: number): Date {
  const [y, m, d] = split(day);
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  const first = guess - offsetMinutes(new Date(guess)) * 60000;
  return new Date(guess - offsetMinutes(new Date(first)) * 60000);
}

function split(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

/** "21 نونبر 2026" */
export function arDate(day: string): string {
  const [y, m, d] = split(day);
  return `${d} ${MOROCCAN_ARABIC_MONTHS[m - 1] ?? ''} ${y}`;
}

/** "21 novembre 2026" ("1er" for the first of the month). */
export function frDate(day: string): string {
  const [y, m, d] = split(day);
  return `${d === 1 ? '1er' : d} ${FRENCH_MONTHS[m - 1] ?? ''} ${y}`;
}

/** 0 = Sunday … 6 = Saturday, for a "YYYY-MM-DD" date. */
export function weekday(day: string): number {
  const [y, m, d] = split(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
