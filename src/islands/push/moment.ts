/**
 * When the push prompt may appear (ADR 007: "a subscribe prompt at
 * a sensible moment, never on first paint"): to a reader who stays. It
 * appears on the second page (or a later one) of a visit, once the visitor
 * has been on that page PROMPT_DELAY_MS, and only if they did not answer
 * "not now" in the last DISMISS_DAYS days, where push works
 * (`pushSupported`). (The shell's gate, src/components/layout/behaviour/
 * push-gate.ts, also requires a permission not yet asked and no
 * subscription.)
 *
 *  - pages of the visit: sessionStorage (`pushPromptPages`: the count and
 *    the last path, so a reload or a hash change is not a new page);
 *  - "not now": localStorage (`pushPromptDismissedAt`, ms since the epoch).
 *
 * Pure functions over a Storage-like object. A storage that throws (storage
 * disabled) reads as empty: the count stays at one page, so the prompt does
 * not show where a "not now" could not be remembered.
 */
export const PROMPT_MIN_PAGES = 2;
export const PROMPT_DELAY_MS = 30_000;
export const DISMISS_DAYS = 30;
const PAGES_KEY = 'pushPromptPages';
const DISMISSED_KEY = 'pushPromptDismissedAt';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** Service workers, PushManager and Notification exist, in a secure context. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext !== false
  );
}

function read(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: StorageLike, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage refused: nothing remembered.
  }
}

/** Counts a page view of `path` in this visit (the same path again is not a new page); answers the pages so far. */
export function countPage(session: StorageLike, path: string): number {
  let state: { n: number; last: string } = { n: 0, last: '' };
  try {
    const parsed = JSON.parse(read(session, PAGES_KEY) ?? 'null') as {
      n?: unknown;
      last?: unknown;
    } | null;
    if (parsed && typeof parsed.n === 'number' && typeof parsed.last === 'string') state = { n: parsed.n, last: parsed.last };
  } catch {
    // A damaged value starts the count again.
  }
  if (state.last !== path) {
    state = { n: state.n + 1, last: path };
    write(session, PAGES_KEY, JSON.stringify(state));
  }
  return state.n;
}

/** True when "not now" was answered less than DISMISS_DAYS ago. */
export function dismissedRecently(local: StorageLike, now: number): boolean {
  const at = Number(read(local, DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < DISMISS_DAYS * 24 * 3600_000;
}

export function rememberDismissal(local: StorageLike, now: number): void {
  write(local, DISMISSED_KEY, String(now));
}
