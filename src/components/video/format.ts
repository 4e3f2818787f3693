/** Display helpers of the video components. Pure functions. */
import type { Locale } from '../../i18n/locales.ts';
import { formatLongDate } from '../../lib/dates.ts';

/** 3723 → "1:02:03", 245 → "4:05"; 0 or less → "" (no badge). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  if (s === 0) return '';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A publication date as shown on cards, safe on bad input (empty string). */
export function cardDate(iso: string, locale: Locale): string {
  try {
    return formatLongDate(iso, locale);
  } catch {
    return '';
  }
}

/** Default `sizes` of a card thumbnail in a VideoGrid. */
export const CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 700px) 30vw, 50vw';
