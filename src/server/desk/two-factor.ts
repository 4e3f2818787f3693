/**
 * Two-factor sign-in for the desk (docs/desk.md "Two-factor"): TOTP (RFC
 * 6238: 6 digits, 30 s, SHA-1, what every authenticator app reads) through
 * the maintained `otpauth` library, and ten one-time recovery codes.
 *
 *  - Set-up: a new secret is kept on the user (not yet required) and shown
 *    as a QR code (uqr, SVG) and as text; the first right code confirms it.
 *  - A code is accepted one step either side of now (clock drift), and
 *    never twice: the step it was accepted for is kept, and a code of that
 *    step or an earlier one is refused.
 *  - Recovery codes (10 × 10 characters, shown once) are kept as SHA-256;
 *    each signs in once in place of a TOTP code. Making new ones voids the old.
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';

const ISSUER = '2M Desk';
const PERIOD = 30;
const RECOVERY_CODES = 10;
/** No 0/O, 1/I/L: read aloud or typed from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

export interface TotpSetup {
  secret: string;
  uri: string;
  /** The otpauth:// URI as an SVG QR code. */
  qrSvg: string;
}

/** A new secret for a user (kept on them unconfirmed): what the set-up screen shows. */
export async function startTotpSetup(db: DB, user: Row<'desk_users'>): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await db.updateTable('desk_users').set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null }).where('id', '=', user.id).execute();
  const uri = totpOf(secret, user.email).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The time step a code matches (one step of drift either way), or null. */
function matchingStep(secret: string, email: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/**
 * Checks a TOTP code for a user with a secret, and spends it: true once,
 * false for a wrong code or one already used (atomic: two requests with one
 * code cannot both pass).
 */
export async function spendTotp(db: DB, user: Row<'desk_users'>, code: string, now = Date.now()): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = matchingStep(user.totp_secret, user.email, code.replace(/\s+/g, ''), now);
  if (step === null) return false;
  const r = await db
    .updateTable('desk_users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Confirms the secret being set up with a first code; it is required from now on. */
export async function confirmTotp(db: DB, user: Row<'desk_users'>, code: string, now = new Date()): Promise<boolean> {
  if (!(await spendTotp(db, user, code, now.getTime()))) return false;
  await db.updateTable('desk_users').set({ totp_enabled_at: now.toISOString() }).where('id', '=', user.id).execute();
  return true;
}

const hashCode = (code: string) => crypto.createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, ''), 'utf8').digest('hex');

function recoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Ten new recovery codes (the old ones stop working): shown once, kept hashed. */
export async function newRecoveryCodes(db: DB, userId: number, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('desk_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('desk_recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: hashCode(c), created_at: now.toISOString(), used_at: null })))
      .execute();
  });
  return codes;
}

/** Spends a recovery code: true once per code. */
export async function spendRecoveryCode(db: DB, userId: number, code: string, now = new Date()): Promise<boolean> {
  if (code.replace(/[^A-Za-z0-9]/g, '').length !== 10) return false;
  const r = await db
    .updateTable('desk_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function unusedRecoveryCodes(db: DB, userId: number): Promise<number> {
  const r = await db
    .selectFrom('desk_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** An admin resets a user's second factor (a lost phone and codes): set up again at the next sign-in. */
export async function resetTwoFactor(db: DB, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('desk_users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', userId).execute();
    await trx.deleteFrom('desk_recovery_codes').where('user_id', '=', userId).execute();
  });
}
