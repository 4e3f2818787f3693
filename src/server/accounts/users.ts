/**
 * Account rows. The public shape of a user (what the API answers and the
 * browser may keep) is id, name and e-mail: never the password hash, the
 * birth date or the social ids.
 */
import { randomBytes } from 'node:crypto';
import type { DB } from '../db/index.ts';
import type { FacebookProfile } from './facebook.ts';
import type { SignUpInput } from './validation.ts';
import { normalizeEmail } from './validation.ts';

export interface PublicUser {
  id: number;
  name: string;
  email: string;
}

/** A member page's opaque id: 96 random bits, base64url (ADR 029: never the sequential id). */
const newMemberId = (): string => randomBytes(12).toString('base64url');

/** What the account page shows its owner about their member page. */
export interface MemberSettings {
  memberId: string;
  profilePublic: boolean;
}

export async function memberSettings(db: DB, userId: number): Promise<MemberSettings | null> {
  const row = await db.selectFrom('users').select(['member_id', 'profile_public']).where('id', '=', userId).executeTakeFirst();
  return row ? { memberId: row.member_id, profilePublic: row.profile_public === 1 } : null;
}

export async function setProfilePublic(db: DB, userId: number, visible: boolean): Promise<void> {
  await db.updateTable('users').set({ profile_public: visible ? 1 : 0 }).where('id', '=', userId).execute();
}

export async function passwordHashOf(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}

export class EmailTakenError extends Error {
  constructor() {
    super('an account already uses this e-mail');
  }
}

/** True for a unique-constraint violation, in SQLite and PostgreSQL. */
function isUniqueViolation(error: unknown): boolean {
  const e = (error ?? {}) as { code?: unknown; errcode?: unknown; message?: unknown };
  // PostgreSQL: SQLSTATE 23505; node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) / _PRIMARYKEY (1555).
  return e.code === '23505' || e.errcode === 2067 || e.errcode === 1555 || /UNIQUE constraint failed/i.test(String(e.message ?? ''));
}

export async function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** Creates a password account; EmailTakenError when the e-mail is in use. */
export async function createUser(db: DB, input: SignUpInput, passwordHash: string): Promise<PublicUser> {
  try {
    const row = await db
      .insertInto('users')
      .values({
        email: input.email,
        name: input.name,
        password_hash: passwordHash,
        birth_date: input.date,
        sexe: input.sexe,
        member_id: newMemberId(),
      })
      .returning(['id', 'name', 'email'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, email: row.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function updatePasswordHash(db: DB, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export type SocialOutcome =
  | { ok: true; user: PublicUser; created: boolean }
  | { ok: false; problem: 'no-email' | 'email-taken' };

/**
 * The account of a verified Facebook profile: the one already linked to it,
 * else a new one. An existing password account with the same e-mail is NOT
 * linked: sign-up does not verify e-mails, so whoever registered that address
 * first (maybe not its owner) would otherwise get the Facebook user's
 * account; its owner signs in with the password instead.
 */
export async function findOrCreateFacebookUser(db: DB, profile: FacebookProfile): Promise<SocialOutcome> {
  const linked = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('social_provider', '=', 'facebook')
    .where('social_id', '=', profile.id)
    .executeTakeFirst();
  if (linked) return { ok: true, user: linked, created: false };
  if (!profile.email) return { ok: false, problem: 'no-email' };
  const email = normalizeEmail(profile.email);
  const name = profile.name || email.split('@')[0]!;
  try {
    const row = await db
      .insertInto('users')
      .values({ email, name, password_hash: null, social_provider: 'facebook', social_id: profile.id, member_id: newMemberId() })
      .returning(['id', 'name', 'email'])
      .executeTakeFirstOrThrow();
    return { ok: true, user: row, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two first sign-ins at once: the other one created it.
    const again = await db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('social_provider', '=', 'facebook')
      .where('social_id', '=', profile.id)
      .executeTakeFirst();
    if (again) return { ok: true, user: again, created: false };
    return { ok: false, problem: 'email-taken' };
  }
}
