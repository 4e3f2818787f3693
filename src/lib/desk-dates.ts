/**
 * Dates as the desk writes and reads them, in Casablanca's time whatever
 * the browser's: a date and time for lists and messages, and the
 * "YYYY-MM-DDTHH:MM" of the schedule's datetime-local field. The desk's own
 * (Intl only), apart from dates.ts, so that no public page's chunk carries
 * what only the desk uses.
 */
import { LOCALE_CONFIG, type Locale } from '../i18n/locales.ts';

const ZONE = 'Africa/Casablanca';

const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const shown = {
  ar: new Intl.DateTimeFormat(LOCALE_CONFIG.ar.bcp47, { timeZone: ZONE, dateStyle: 'long', timeStyle: 'short', numberingSystem: 'latn' }),
  fr: new Intl.DateTimeFormat(LOCALE_CONFIG.fr.bcp47, { timeZone: ZONE, dateStyle: 'long', timeStyle: 'short' }),
};

/** The same, of a wall-clock time "YYYY-MM-DDTHH:MM" read as Casablanca's: no time-zone data needed (written as UTC, shown as UTC). */
const wallClock = {
  ar: new Intl.DateTimeFormat(LOCALE_CONFIG.ar.bcp47, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short', numberingSystem: 'latn' }),
  fr: new Intl.DateTimeFormat(LOCALE_CONFIG.fr.bcp47, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' }),
};

/** A datetime-local field's "YYYY-MM-DDTHH:MM" (Casablanca's wall clock) as deskDateTime writes it, whatever the browser's time-zone data. */
export function deskWallClock(local: string, lang: Locale): string {
  const at = Date.parse(`${local}:00Z`);
  return Number.isNaN(at) ? local : wallClock[lang].format(at);
}

/** "22 novembre 2026 à 10:00" / "22 نونبر 2026 10:00", in Casablanca. */
export function deskDateTime(instant: Date | string | number, lang: Locale): string {
  return shown[lang].format(new Date(instant));
}

/** An instant as the wall-clock date and time in Casablanca, "YYYY-MM-DDTHH:MM". */
export function casablancaLocalDateTime(instant: Date | string | number): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

/** The instant of a Casablanca wall-clock date and time "YYYY-MM-DDTHH:MM", or null when malformed. */
export function fromCasablancaLocal(local: string): Date | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/.test(local)) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== local) return null;
  // The zone's offset at about that time, taken back off.
  const offset = Date.parse(`${casablancaLocalDateTime(asUtc)}:00Z`) - asUtc;
  return new Date(asUtc - offset);
}
