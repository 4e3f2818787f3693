import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/paths.ts';

export const DIRECTION: Record<Locale, 'rtl' | 'ltr'> = { ar: 'rtl', fr: 'ltr' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
