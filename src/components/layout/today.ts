/**
 * The top bar's date line, shared by the server render and the browser
 * script that refreshes it on pre-built pages: "الأحد 22 نونبر 2026" /
 * "Dimanche 22 novembre 2026" (Africa/Casablanca, Moroccan month names).
 */
import { dayLabel, todayInCasablanca, type DateLang } from '../../lib/dates.ts';

export function topbarDate(day: string, lang: DateLang): string {
  const label = `${dayLabel(day, lang)} ${day.slice(0, 4)}`;
  return lang === 'fr' ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

export { todayInCasablanca };
