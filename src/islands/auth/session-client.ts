/**
 * The browser side of the session (docs/product.md, States):
 *
 *  - restore at start: when the browser holds a sign-in (token marker or
 *    name) or the server's `signed_in=1` hint cookie (the session cookie
 *    itself is HttpOnly, invisible here; src/server/accounts/sessions.ts),
 *    `/api/account/me` is asked once per page load; the answer syncs the
 *    stores (the user, or sign-out when the cookie is gone). An anonymous
 *    visitor costs no request. If the server cannot be reached the
 *    stored name stays (offline is not a sign-out).
 *  - signed in / signed out: the stores and what the browser keeps.
 */
import type { Locale } from '../../i18n/locales.ts';
import { $account, type Account } from '../../stores/auth.ts';
import { hasStoredSession, signInUser, signOutUser } from '../../stores/session.ts';
import { callAccount } from './api.ts';

export function applySignedIn(user: Account): void {
  signInUser(user);
  $account.set(user);
}

export function applySignedOut(): void {
  signOutUser();
  $account.set(null);
}

/** The server's script-readable hint that a session cookie may be there (no secret). */
function hasSessionHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim() === 'signed_in=1');
}

let restoring: Promise<void> | undefined;

/** Checks the stored sign-in with the server, once per page load. */
export function restoreSession(locale: Locale): Promise<void> {
  restoring ??= (async () => {
    if (!hasStoredSession() && !hasSessionHint()) {
      $account.set(null);
      return;
    }
    const answer = await callAccount('me', locale);
    if (!answer.ok) return; // server unreachable or failing: keep what is stored
    if (answer.user) applySignedIn(answer.user);
    else applySignedOut();
  })();
  return restoring;
}
