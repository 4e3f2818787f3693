/** Small helpers shared by the video catalogue queries (docs/product.md, Video API). */
import type { Locale } from '../../../i18n/locales.ts';

/** Items are public once their publication time has passed. */
export const nowIso = (): string => new Date().toISOString();

/**
 * The `_ar` / `_fr` column of a catalogue row in the wanted language, falling
 * back to the other language when the wanted one was left empty.
 */
export function tr<K extends string>(row: { [P in `${K}_ar` | `${K}_fr`]: string }, key: K, lang: Locale): string {
  const ar = row[`${key}_ar` as `${K}_ar`];
  const fr = row[`${key}_fr` as `${K}_fr`];
  return lang === 'ar' ? ar || fr : fr || ar;
}

/** Counts come back as numbers from SQLite and as strings (bigint) from PostgreSQL. */
export const toCount = (v: unknown): number => Number(v ?? 0);

/** Page block shared by the paginated video lists. */
export function pagination(page: number, pageSize: number, total: number) {
  return { page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

/** Unique non-null numbers of a list, for `where id in (…)` batch loads. */
export function ids(values: ReadonlyArray<number | null | undefined>): number[] {
  return [...new Set(values.filter((v): v is number => typeof v === 'number'))];
}
