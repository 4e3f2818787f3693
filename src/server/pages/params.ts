/**
 * Page parameters parsed without throwing: a bad value is null, and the page
 * answers 404 (never a 500). Shared by the editorial and video pages.
 */

/** A positive integer id ("12") that fits the store's ids; null for "abc", "0", "012", "1.5", overflow. */
export function parseId(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * The ?page=N of a listing: 1 when absent or empty, null when malformed
 * (the page then answers 404, like a page past the last one).
 */
export function parsePage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) return null;
  return Number(value);
}
