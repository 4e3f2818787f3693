/**
 * Desk sessions (docs/desk.md, ADR 033): a random token in an HttpOnly,
 * SameSite=Strict cookie (`__Host-desk`, Secure, when SITE_URL is https;
 * `desk_session` otherwise), its SHA-256 in `desk_sessions`
 * (src/server/accounts/tokens.ts makes and hashes tokens for both kinds of
 * session).
 *
 *  - A session ends after 12 hours without a request (`last_seen_at`), and
 *    at most 7 days after it opened.
 *  - A session has a level: `password` (the password was right, the second
 *    factor is due: only the TOTP step answers), `setup` (an editor or admin
 *    without two-factor yet: only its set-up answers), `full`.
 *  - Each session has a CSRF token the desk sends back in the
 *    `X-Desk-CSRF` header with every write (router.ts).
 *  - Disabling a user, a new password or "sign out everywhere" deletes the
 *    user's sessions: the next request of each answers 401.
 */
import crypto from 'node:crypto';
import type { DB } from '../db/index.ts';
import type { DeskSessionLevel, Row } from '../db/schema.ts';
import { hashSessionToken, newSessionToken, tokenFromCookies } from '../accounts/tokens.ts';

export const IDLE_HOURS = 12;
const MAX_DAYS = 7;
/** A session's last_seen_at is written at most this often (one write per minute of use, not per request). */
const TOUCH_MS = 60_000;

function deskCookieName(secure: boolean): string {
  return secure ? '__Host-desk' : 'desk_session';
}

export const secureSite = (siteUrl: string): boolean => new URL(siteUrl).protocol === 'https:';

export function deskSessionCookie(token: string, secure: boolean): string {
  return [`${deskCookieName(secure)}=${token}`, 'Path=/', `Max-Age=${MAX_DAYS * 86_400}`, 'HttpOnly', ...(secure ? ['Secure'] : []), 'SameSite=Strict'].join('; ');
}

export function clearedDeskSessionCookie(secure: boolean): string {
  return [`${deskCookieName(secure)}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', ...(secure ? ['Secure'] : []), 'SameSite=Strict'].join('; ');
}

/** The desk session token of a request's cookies, or null (a malformed value counts as none). */
export function readDeskToken(request: Request, secure: boolean): string | null {
  return tokenFromCookies(request, deskCookieName(secure));
}

export interface DeskSession {
  tokenHash: string;
  level: DeskSessionLevel;
  csrf: string;
  user: Row<'desk_users'>;
}

export async function openDeskSession(db: DB, userId: number, level: DeskSessionLevel, now = new Date()): Promise<{ token: string; csrf: string }> {
  const token = newSessionToken();
  const csrf = crypto.randomBytes(24).toString('base64url');
  const at = now.toISOString();
  await db
    .insertInto('desk_sessions')
    .values({
      token_hash: hashSessionToken(token),
      user_id: userId,
      level,
      csrf_token: csrf,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + MAX_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  // Ended sessions are swept at each sign-in.
  const idleSince = new Date(now.getTime() - IDLE_HOURS * 3_600_000).toISOString();
  await db
    .deleteFrom('desk_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb('last_seen_at', '<=', idleSince)]))
    .execute();
  return { token, csrf };
}

/**
 * The live session of a token, with its user, or null: unknown, idle for 12
 * hours, past its end, or its user disabled (then every session of that
 * user is deleted). Marks it used.
 */
export async function findDeskSession(db: DB, token: string, now = new Date()): Promise<DeskSession | null> {
  const tokenHash = hashSessionToken(token);
  const row = await db.selectFrom('desk_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return null;
  const idle = now.getTime() - Date.parse(row.last_seen_at) >= IDLE_HOURS * 3_600_000;
  if (idle || row.expires_at <= now.toISOString()) {
    await db.deleteFrom('desk_sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  const user = await db.selectFrom('desk_users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user || user.disabled_at) {
    await endUserSessions(db, row.user_id);
    return null;
  }
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_MS) {
    await db.updateTable('desk_sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
  }
  return { tokenHash, level: row.level, csrf: row.csrf_token, user };
}

export async function closeDeskSession(db: DB, tokenHash: string): Promise<void> {
  await db.deleteFrom('desk_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user (all but `keep`, when given); how many ended. */
export async function endUserSessions(db: DB, userId: number, keep?: string): Promise<number> {
  let q = db.deleteFrom('desk_sessions').where('user_id', '=', userId);
  if (keep) q = q.where('token_hash', '!=', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}
