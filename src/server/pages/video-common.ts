/**
 * Helpers shared by the video pages' loaders (TV guide, live, shows,
 * replays, Starlight, casting): parameter parsing that never throws (a bad
 * id is a 404, never a 500; from params.ts), the Cache-Control values the
 * pages send, and link helpers.
 */
import { type Locale, LOCALES } from '../../i18n/locales.ts';

export { parseId, parsePage } from './params.ts';

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

export { withQuery } from '../../lib/routes.ts';
