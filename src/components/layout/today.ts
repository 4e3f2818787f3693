/**
 * The top bar's date line, shared by the server render and the browser
 * script that refreshes it on pre-built pages: "الأحد 22 نونبر 2026" /
 * "Dimanche 22 novembre 2026" (Africa/Casablanca, Moroccan month names),
 * and its short form for phones.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';
import { dayEnd, dayLabel, dayOfMonthLabel, lazyDateFormat, todayInCasablanca } from '../../lib/dates.ts';

export function topbarDate(day: string, lang: Locale): string {
  const label = `${dayLabel(day, lang)} ${day.slice(0, 4)}`;
  return lang === 'fr' ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

/** Made once, on first use: building an Intl formatter costs more than a page's whole shell. */
const shortFrench = lazyDateFormat(LOCALE_CONFIG.fr.bcp47, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The same on a phone, where the weather and account share the bar:
 * "الأربعاء 25 نونبر" / "Mer. 25 nov.", "Mar. 1er déc." (no year; French abbreviated).
 */
export function topbarShortDate(day: string, lang: Locale): string {
  if (lang === 'ar') return dayLabel(day, lang);
  const label = shortFrench()
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .map((p) => (p.type === 'day' ? dayOfMonthLabel(Number(p.value), 'fr') : p.value))
    .join('');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The `data-today-until` of a date line showing `day`: when it stops being right. */
export function todayUntil(day: string): string {
  return dayEnd(day).toISOString();
}

export { todayInCasablanca };
