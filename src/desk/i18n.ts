/**
 * The desk's language (chosen per person, docs/desk.md): the Paraglide
 * messages (messages/*.json, `desk_…`) follow it, `<html lang dir>` too,
 * and the API's messages (the `locale` header). Before signing in, the
 * choice made on the sign-in screen is kept in the `desk_lang` cookie, so
 * the desk's page opens in it (src/server/desk/page.ts).
 */
import { useSyncExternalStore } from 'react';
import { overwriteGetLocale } from '../paraglide/runtime.js';
import { deskDateTime } from '../lib/desk-dates.ts';
import { countText } from '../lib/desk-story.ts';
import { setApiLocale } from './api.ts';
import { LOCALE_CONFIG, toLocale, type Locale } from '../i18n/locales.ts';

let current: Locale = toLocale(document.documentElement.lang);
const listeners = new Set<() => void>();
overwriteGetLocale(() => current);
setApiLocale(current);

export function setDeskLocale(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = LOCALE_CONFIG[locale].dir;
  setApiLocale(locale);
  document.cookie = `desk_lang=${locale}; Path=/desk; Max-Age=31536000; SameSite=Strict`;
  for (const l of listeners) l();
}

/** The desk's language; a component using it renders again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/** A date and time in Casablanca, in the desk's language. */
export function when(iso: string, locale: Locale = current): string {
  return deskDateTime(iso, locale);
}

/** A whole number written the desk's way (Latin digits in both languages, as the site does). */
export function count(n: number): string {
  return countText(n, current);
}
