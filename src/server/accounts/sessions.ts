/**
 * Sessions (docs/product.md, Accounts and forms): a random token in an HttpOnly cookie,
 * its SHA-256 in `sessions`. The cookie is SameSite=Lax, Path=/, Max-Age
 * SESSION_DAYS days, and Secure whenever the public site is https
 * (SITE_URL); then its name carries the `__Host-` prefix, which browsers
 * accept only from a secure origin, for the whole host, without Domain, so
 * no sibling sub-domain can plant or shadow it.
 *
 * CSRF: every write path is a POST that the cross-site guard
 * (src/server/http/origin-check.ts) refuses when
 * its Origin is not the site's (form content types), and the cookie is
 * SameSite=Lax, so a cross-site page can neither send it with a POST nor read
 * an answer. Nothing else is needed.
 */
import type { DB } from '../db/index.ts';
import { hashSessionToken, newSessionToken, tokenFromCookies } from './tokens.ts';

export interface CookieOptions {
  /** True when the public site is https. */
  secure: boolean;
  /** Lifetime of a session, in days. */
  days: number;
}

function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

export function cookieOptionsFrom(config: { SITE_URL: string; SESSION_DAYS: number }): CookieOptions {
  return { secure: new URL(config.SITE_URL).protocol === 'https:', days: config.SESSION_DAYS };
}

export function sessionCookie(token: string, opts: CookieOptions): string {
  const maxAge = Math.round(opts.days * 86_400);
  return [`${sessionCookieName(opts.secure)}=${token}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', ...(opts.secure ? ['Secure'] : []), 'SameSite=Lax'].join('; ');
}

/**
 * The session cookie is HttpOnly: scripts cannot see it. This second cookie,
 * `signed_in=1`, readable by scripts and holding no secret, tells the
 * account island that a session may be there, so it asks `/api/account/me`
 * even when nothing is stored in the browser (storage cleared, another tab's
 * sign-in, a restored profile), while anonymous visitors (most of them)
 * cost no request. It lives and dies with the session cookie.
 */
const SESSION_HINT_COOKIE = 'signed_in';

function sessionHintCookie(opts: CookieOptions): string {
  const maxAge = Math.round(opts.days * 86_400);
  return [`${SESSION_HINT_COOKIE}=1`, 'Path=/', `Max-Age=${maxAge}`, ...(opts.secure ? ['Secure'] : []), 'SameSite=Lax'].join('; ');
}

export function clearedSessionHintCookie(opts: CookieOptions): string {
  return [`${SESSION_HINT_COOKIE}=`, 'Path=/', 'Max-Age=0', ...(opts.secure ? ['Secure'] : []), 'SameSite=Lax'].join('; ');
}

/** True when the request carries the hint cookie. */
export function hasSessionHint(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** The Set-Cookie headers that open a session: the HttpOnly token, then the script-readable hint. */
export function sessionCookies(token: string, opts: CookieOptions): [string, string][] {
  return [
    ['set-cookie', sessionCookie(token, opts)],
    ['set-cookie', sessionHintCookie(opts)],
  ];
}

/** The Set-Cookie headers that forget a session: the token and the hint. */
export function clearedSessionCookies(opts: CookieOptions): [string, string][] {
  return [
    ['set-cookie', clearedSessionCookie(opts)],
    ['set-cookie', clearedSessionHintCookie(opts)],
  ];
}

/** The Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(opts: CookieOptions): string {
  return [`${sessionCookieName(opts.secure)}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', ...(opts.secure ? ['Secure'] : []), 'SameSite=Lax'].join('; ');
}

/** The session token of a request's Cookie header, or null (a malformed value counts as none). */
export function readSessionToken(request: Request, opts: CookieOptions): string | null {
  return tokenFromCookies(request, sessionCookieName(opts.secure));
}

export interface SessionUserRow {
  id: number;
  name: string;
  email: string;
}

/** Opens a session for a user: the token for the cookie, and when it ends. */
export async function openSession(db: DB, userId: number, opts: CookieOptions, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const token = newSessionToken();
  const expiresAt = new Date(now + opts.days * 86_400_000).toISOString();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashSessionToken(token), user_id: userId, created_at: new Date(now).toISOString(), expires_at: expiresAt })
    .execute();
  // Sweep ended sessions now and then (indexed on expires_at): each sign-in is a good moment.
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date(now).toISOString()).execute();
  return { token, expiresAt };
}

/** The user of a live session, or null (unknown or ended token). */
export async function sessionUser(db: DB, token: string, now = Date.now()): Promise<SessionUserRow | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as id', 'users.name as name', 'users.email as email', 'sessions.expires_at as expires_at'])
    .where('sessions.token_hash', '=', hashSessionToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= new Date(now).toISOString()) return null;
  return { id: row.id, name: row.name, email: row.email };
}

/** Ends every session of a user but `keepToken`'s (a password change), or all of them ("sign out everywhere"). */
export async function closeUserSessions(db: DB, userId: number, keepToken?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('token_hash', '!=', hashSessionToken(keepToken));
  await query.execute();
}

export async function closeSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashSessionToken(token)).execute();
}
