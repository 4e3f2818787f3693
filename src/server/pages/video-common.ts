/**
 * Helpers shared by the video pages' loaders (TV guide, live, shows,
 * replays, Starlight, casting): parameter parsing that never throws (a bad
 * id is a 404, never a 500), the broadcast day, and the Cache-Control
 * values the pages send.
 */
import type { Locale } from '../../lib/paths.ts';
import { LOCALES } from '../../lib/paths.ts';

/** A positive integer id from a path segment or query value, else null. */
export function parseId(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : null;
}

/**
 * A 1-based page number from `?page=`: absent means 1; anything that is not
 * a plain positive integer is null (the page answers 404).
 */
export function parsePage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) return null;
  return Number(value);
}

/** Cache-Control values by freshness (shared caches honour s-maxage). */
export const CACHE = {
  /** The TV guide and the live page: what is on air changes by the minute. */
  live: 'public, max-age=60, s-maxage=60, stale-while-revalidate=120',
  /** Replay lists: new videos arrive a few times an hour. */
  list: 'public, max-age=300, s-maxage=300, stale-while-revalidate=600',
  /** One video or programme: rarely edited once published. */
  detail: 'public, max-age=600, s-maxage=600, stale-while-revalidate=3600',
} as const;

export type CacheKind = keyof typeof CACHE;

/** The same path in both languages, from a builder taking the language. */
export function bothLanguages(build: (lang: Locale) => string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, build(l)])) as Record<Locale, string>;
}

/** Appends a query string built from the defined values of `params`. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
