/**
 * The visitor's identity as the browser keeps it (docs/product.md, Content "User session":
 * name, token, id, each under its own localStorage key).
 *
 * - `nameUser`: the signed-in user's display name. "Logged in" (docs/product.md, States)
 *   means a user with a name is stored.
 * - `token`: the session marker. docs/product.md, Accounts and forms: the credential itself is an
 *   HttpOnly cookie; script-readable storage never holds the secret, so
 *   whatever the account code puts here must be a non-secret value (it only
 *   tells "a session exists, restore it at start").
 * - `userID`: the account id when signed in, else an anonymous visitor id
 *   generated from the current time plus randomness (docs/product.md, Content) the
 *   first time someone asks for it. It survives sign-out (only the name and
 *   the token are removed).
 *
 * - `visitorID`: the anonymous id, set aside while an account id occupies
 *   `userID`, and put back at sign-out, so statistics keep one visitor id
 *   across sign-ins and never carry the account id once signed out.
 *
 * Browser only: on the server localStorage is absent, the atoms keep their
 * empty initial values, and nothing here must be set during SSR (nanostores
 * are module singletons on the server). Accounts sign in and out
 * through `signInUser` / `signOutUser` (src/islands/auth/); the credential
 * never passes through here: `token` only ever holds SESSION_MARKER.
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

/** localStorage keys (docs/product.md, Content). */
const SESSION_KEYS = {
  token: 'token',
  name: 'nameUser',
  id: 'userID',
  visitor: 'visitorID',
} as const;

/**
 * What `token` holds while signed in: a non-secret marker meaning "a session
 * cookie was issued, restore it at start" (docs/product.md, States). The secret itself is the
 * HttpOnly cookie, out of reach of scripts (docs/product.md, Accounts and forms).
 */
export const SESSION_MARKER = 'httponly-cookie';

export const $token = persistentAtom<string | undefined>(SESSION_KEYS.token, undefined);
export const $nameUser = persistentAtom<string | undefined>(SESSION_KEYS.name, undefined);
export const $userId = persistentAtom<string | undefined>(SESSION_KEYS.id, undefined);
export const $visitorId = persistentAtom<string | undefined>(SESSION_KEYS.visitor, undefined);

export interface SessionUser {
  name: string;
  token: string;
  id: string;
}

/** The signed-in user, or null for an anonymous visitor (no stored name). */
export const $user = computed([$nameUser, $token, $userId], (name, token, id): SessionUser | null =>
  name ? { name, token: token ?? '', id: id ?? '' } : null,
);

/** True when a user with a name is stored (docs/product.md, States "Logged in"). */
export function isLoggedIn(): boolean {
  return Boolean($nameUser.get());
}

/** A fresh anonymous id: the current time in ms, then 8 random hex digits. */
function generateVisitorId(now: number = Date.now()): string {
  let random = '';
  try {
    const bytes = new Uint8Array(4);
    crypto.getRandomValues(bytes);
    random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    random = Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  }
  return `${now}-${random}`;
}

/** What an id may look like (the tracking endpoint refuses anything else). */
const USER_ID_PATTERN = /^[A-Za-z0-9_.:@-]{1,100}$/;

/**
 * The stored user id, or a new one generated from the current time and stored
 * (docs/product.md, Content); a stored value that is not a valid id is replaced. Browser only:
 * on the server it returns an id without storing it.
 */
export function userId(): string {
  const stored = $userId.get();
  if (stored && USER_ID_PATTERN.test(stored)) return stored;
  const id = generateVisitorId();
  if (typeof window !== 'undefined') $userId.set(id);
  return id;
}

/** Store a signed-in user (name, non-secret token marker, account id). */
function setUser(user: SessionUser): void {
  $nameUser.set(user.name);
  $token.set(user.token);
  if (user.id) $userId.set(user.id);
}

/** Sign-out (docs/product.md, States): remove the stored name and token; the id stays. */
function clearUser(): void {
  $nameUser.set(undefined);
  $token.set(undefined);
}

/** The account fields the browser keeps (id and name only: docs/product.md, Accounts and forms). */
export interface AccountIdentity {
  id: number | string;
  name: string;
}

/**
 * A signed-in account: its name, the token marker and its id are stored;
 * the anonymous visitor id, if `userID` held one, is set aside first.
 */
export function signInUser(account: AccountIdentity): void {
  const current = $userId.get();
  if (!$nameUser.get() && current && USER_ID_PATTERN.test(current)) $visitorId.set(current);
  setUser({ name: account.name, token: SESSION_MARKER, id: String(account.id) });
}

/**
 * Sign-out (docs/product.md, States): the stored name, token marker and account id go; the
 * anonymous visitor id comes back (or a new one is made when next needed).
 */
export function signOutUser(): void {
  const signedIn = Boolean($nameUser.get() || $token.get());
  clearUser();
  if (signedIn) $userId.set($visitorId.get());
}

/** True when the browser holds a sign-in to restore at start (docs/product.md, States). */
export function hasStoredSession(): boolean {
  return Boolean($token.get() || $nameUser.get());
}
