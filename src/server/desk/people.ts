/**
 * The desk's people (docs/desk.md "Roles"): journalists, editors and
 * admins, in their own table (`desk_users`), apart from visitors' accounts.
 *
 * Nobody has a password until they follow a one-time sign-in link (valid
 * 24 hours): the first admin's comes from the CLI (`npm run desk -- user
 * create … --role admin`), everyone else's from an admin's invitation
 * (mailed through the mail queue); an admin can send a new one (a lost
 * password). Link tokens are 32 random bytes; only their SHA-256 is kept,
 * as for sessions (src/server/accounts/tokens.ts).
 */
import type { DB } from '../db/index.ts';
import type { DeskRole, Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { hashSessionToken, newSessionToken, SESSION_TOKEN_PATTERN } from '../accounts/tokens.ts';

export const DESK_ROLES: readonly DeskRole[] = ['journalist', 'editor', 'admin'];
/** A sign-in link lasts 24 hours. */
export const LINK_HOURS = 24;

export type DeskUserRow = Row<'desk_users'>;

/** What the desk shows of a person (never the hashes or the secret). */
export interface DeskPerson {
  id: number;
  email: string;
  name: string;
  role: DeskRole;
  locale: Locale;
  twoFactor: boolean;
  /** Has a password (followed their link). */
  active: boolean;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export function personOf(u: DeskUserRow): DeskPerson {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    locale: u.locale,
    twoFactor: u.totp_enabled_at !== null,
    active: u.password_hash !== null,
    disabled: u.disabled_at !== null,
    createdAt: u.created_at,
    lastSignInAt: u.last_sign_in_at,
  };
}

/** Editors and admins must use a second factor (TOTP). */
export const needsTwoFactor = (role: DeskRole): boolean => role !== 'journalist';

export class DeskPeopleError extends Error {
  readonly code: 'email-taken' | 'invalid';
  constructor(code: 'email-taken' | 'invalid', message: string) {
    super(message);
    this.code = code;
  }
}

const EMAIL = /^[^\s@<>()",;]{1,64}@[^\s@<>()",;]{1,190}\.[A-Za-z]{2,24}$/;

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function validPerson(input: { email: string; name: string; role: string; locale?: string }): string[] {
  const problems: string[] = [];
  if (!EMAIL.test(normalizeEmail(input.email))) problems.push('email');
  const name = input.name.trim();
  if (name.length < 2 || name.length > 80) problems.push('name');
  if (!(DESK_ROLES as readonly string[]).includes(input.role)) problems.push('role');
  if (input.locale !== undefined && input.locale !== 'ar' && input.locale !== 'fr') problems.push('locale');
  return problems;
}

export async function createDeskUser(
  db: DB,
  input: { email: string; name: string; role: DeskRole; locale: Locale; createdBy: number | null },
  now = new Date(),
): Promise<DeskUserRow> {
  const problems = validPerson(input);
  if (problems.length) throw new DeskPeopleError('invalid', `invalid ${problems.join(', ')}`);
  const email = normalizeEmail(input.email);
  if (await findDeskUserByEmail(db, email)) throw new DeskPeopleError('email-taken', `a desk user with e-mail ${email} already exists`);
  try {
    return await db
      .insertInto('desk_users')
      .values({
        email,
        name: input.name.trim(),
        role: input.role,
        locale: input.locale,
        password_hash: null,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        disabled_at: null,
        created_at: now.toISOString(),
        created_by: input.createdBy,
        last_sign_in_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (/unique|duplicate/i.test(String((error as Error).message))) throw new DeskPeopleError('email-taken', `a desk user with e-mail ${email} already exists`);
    throw error;
  }
}

export function findDeskUserByEmail(db: DB, email: string): Promise<DeskUserRow | undefined> {
  return db.selectFrom('desk_users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findDeskUser(db: DB, id: number): Promise<DeskUserRow | undefined> {
  return db.selectFrom('desk_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDeskUsers(db: DB): Promise<DeskPerson[]> {
  const rows = await db.selectFrom('desk_users').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(personOf);
}

/** A new one-time sign-in link for a user: the token (for the URL), never stored. Earlier unused links of the user stop working. */
export async function issueLink(
  db: DB,
  userId: number,
  purpose: Row<'desk_links'>['purpose'],
  createdBy: number | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + LINK_HOURS * 3_600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('desk_links').set({ used_at: now.toISOString() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('desk_links')
      .values({ token_hash: hashSessionToken(token), user_id: userId, purpose, created_at: now.toISOString(), created_by: createdBy, expires_at: expiresAt, used_at: null })
      .execute();
  });
  return { token, expiresAt };
}

/** The address a link opens: the desk's welcome screen, the token in the fragment (never sent to a server or a Referer). */
export function linkUrl(siteUrl: string, token: string): string {
  return new URL(`/desk/welcome#${token}`, siteUrl).href;
}

export type LinkCheck = { ok: true; user: DeskUserRow; purpose: Row<'desk_links'>['purpose'] } | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'disabled' };

/** What a link token is worth now, without using it. */
export async function checkLink(db: DB, token: string, now = new Date()): Promise<LinkCheck> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'unknown' };
  const link = await db.selectFrom('desk_links').selectAll().where('token_hash', '=', hashSessionToken(token)).executeTakeFirst();
  if (!link) return { ok: false, reason: 'unknown' };
  if (link.used_at) return { ok: false, reason: 'used' };
  if (link.expires_at <= now.toISOString()) return { ok: false, reason: 'expired' };
  const user = await findDeskUser(db, link.user_id);
  if (!user) return { ok: false, reason: 'unknown' };
  if (user.disabled_at) return { ok: false, reason: 'disabled' };
  return { ok: true, user, purpose: link.purpose };
}

/**
 * Uses a link once: sets the user's password (a new link also ends their
 * sessions elsewhere). False when someone used it first (two tabs racing).
 */
export async function useLink(db: DB, token: string, userId: number, passwordHash: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('desk_links')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashSessionToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx.updateTable('desk_users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await trx.deleteFrom('desk_sessions').where('user_id', '=', userId).execute();
    return true;
  });
}
