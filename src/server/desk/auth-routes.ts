/**
 * Signing in to the desk (docs/desk.md "Signing in"), endpoints of the desk
 * router:
 *
 *  - GET    /api/desk/session                    who is signed in, at which step, the CSRF token
 *  - POST   /api/desk/session                    e-mail and password (429 past the limits, throttle.ts)
 *  - POST   /api/desk/session/second-factor      a TOTP code or a recovery code
 *  - DELETE /api/desk/session                    sign out
 *  - POST   /api/desk/session/end-others         sign out everywhere else
 *  - POST   /api/desk/link/check                 what a sign-in link is for (and whether it still works)
 *  - POST   /api/desk/link                       follow a sign-in link: choose a password
 *  - POST   /api/desk/two-factor/setup           a new TOTP secret (QR code)
 *  - POST   /api/desk/two-factor/confirm         its first code: two-factor on, ten recovery codes
 *  - POST   /api/desk/two-factor/recovery-codes  ten new recovery codes (with a TOTP code)
 *  - PUT    /api/desk/me                         one's own desk language
 *  - POST   /api/desk/me/password                change one's password
 *
 * The session's token changes whenever its level rises (after the second
 * factor or the set-up), so a token seen before cannot inherit the rights.
 */
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import type { DeskSessionLevel, Row } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../accounts/password.ts';
import { isCommonPassword } from '../accounts/common-passwords.ts';
import * as m from '../../paraglide/messages.js';
import { readInput } from './input.ts';
import { checkLink, findDeskUserByEmail, needsTwoFactor, personOf, useLink, type DeskPerson } from './people.ts';
import type { DeskContext, DeskOutcome, DeskRoute } from './router.ts';
import { personOf as signedIn } from './router.ts';
import { closeDeskSession, deskSessionCookie, endUserSessions, openDeskSession, clearedDeskSessionCookie } from './sessions.ts';
import { countDeskSignIn, deskLimits, forgiveDeskSignIn, type DeskLimits } from './throttle.ts';
import { confirmTotp, newRecoveryCodes, spendRecoveryCode, spendTotp, startTotpSetup, unusedRecoveryCodes } from './two-factor.ts';

/** The limits of a store (one set per store: counted in it). */
const limitsOf = new WeakMap<DB, DeskLimits>();
function limitsFor(db: DB): DeskLimits {
  let l = limitsOf.get(db);
  if (!l) {
    const store = async () => db;
    l = deskLimits(store);
    limitsOf.set(db, l);
  }
  return l;
}

const PASSWORD_MIN = 12;
const PASSWORD_MAX = 256;

type SessionStep = 'signed-out' | 'second-factor' | 'setup' | 'signed-in';

interface SessionAnswer {
  step: SessionStep;
  person: DeskPerson | null;
  /** Sent back in X-Desk-CSRF with every write. */
  csrf: string | null;
  /** Recovery codes not used yet (signed in with two-factor). */
  recoveryCodesLeft: number | null;
}

const STEP: Record<DeskSessionLevel, SessionStep> = { password: 'second-factor', setup: 'setup', full: 'signed-in' };

async function sessionAnswer(db: DB, user: Row<'desk_users'> | null, level: DeskSessionLevel | null, csrf: string | null): Promise<SessionAnswer> {
  if (!user || !level) return { step: 'signed-out', person: null, csrf: null, recoveryCodesLeft: null };
  return {
    step: STEP[level],
    person: personOf(user),
    csrf,
    recoveryCodesLeft: level === 'full' && user.totp_enabled_at ? await unusedRecoveryCodes(db, user.id) : null,
  };
}

const sessionSchema = {
  type: 'object',
  required: ['step', 'person', 'csrf', 'recoveryCodesLeft'],
  properties: {
    step: { enum: ['signed-out', 'second-factor', 'setup', 'signed-in'] },
    person: { oneOf: [{ $ref: '#/components/schemas/DeskPerson' }, { type: 'null' }] },
    csrf: { type: ['string', 'null'], description: 'Send it back in the X-Desk-CSRF header with every write' },
    recoveryCodesLeft: { type: ['integer', 'null'] },
  },
};

/** Opens a session at `level` in place of the request's own (ended), as the answer's cookie. */
async function signIn(ctx: DeskContext, user: Row<'desk_users'>, level: DeskSessionLevel): Promise<DeskOutcome> {
  if (ctx.session) await closeDeskSession(ctx.db, ctx.session.tokenHash);
  const { token, csrf } = await openDeskSession(ctx.db, user.id, level);
  let current = user;
  if (level === 'full') {
    current = await ctx.db
      .updateTable('desk_users')
      .set({ last_sign_in_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  ctx.locale = current.locale;
  return { status: 200, response: await sessionAnswer(ctx.db, current, level, csrf), cookies: [deskSessionCookie(token, ctx.secure)] };
}

/** The level a person reaches with a right password. */
function levelAfterPassword(user: Row<'desk_users'>): DeskSessionLevel {
  if (user.totp_enabled_at) return 'password';
  return needsTwoFactor(user.role) ? 'setup' : 'full';
}

async function passwordProblems(password: string, user: Pick<Row<'desk_users'>, 'name' | 'email'>, locale: Locale): Promise<string[]> {
  const o = { locale };
  if (password.length < PASSWORD_MIN) return [m.desk_err_password_short({ min: String(PASSWORD_MIN) }, o)];
  if (password.length > PASSWORD_MAX) return [m.desk_err_field_long({ max: String(PASSWORD_MAX) }, o)];
  if (await isCommonPassword(password, [user.name, user.email])) return [m.desk_err_password_common({}, o)];
  return [];
}

const tooMany = (seconds: number): DeskOutcome => ({ status: 429, headers: { 'retry-after': String(seconds) } });

const personRef = { $ref: '#/components/schemas/DeskPerson' };
const codeBody = { type: 'object', properties: { code: { type: 'string', description: 'The 6-digit TOTP code' }, recoveryCode: { type: 'string' } } };

export const authRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/session',
    access: 'public',
    doc: { summary: 'Who is signed in to the desk, at which step, and the CSRF token', response: sessionSchema, codes: { '200': 'The session (step signed-out without one)' } },
    async handler(ctx) {
      const s = ctx.session;
      return { status: 200, response: await sessionAnswer(ctx.db, s?.user ?? null, s?.level ?? null, s?.csrf ?? null) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/session',
    access: 'public',
    doc: {
      summary: 'Sign in with e-mail and password (the second factor follows for editors and admins)',
      body: { 'application/json': { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } } },
      response: sessionSchema,
      codes: { '200': 'Signed in, or the next step', '401': 'Wrong e-mail or password', '422': 'A field is missing', '429': 'Too many attempts (Retry-After)' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(PASSWORD_MAX) }));
      if (!input.ok) return input.outcome;
      const email = input.value.email.toLowerCase();
      const wait = await countDeskSignIn(limitsFor(ctx.db), email, ctx.address);
      if (wait > 0) return tooMany(wait);
      const user = await findDeskUserByEmail(ctx.db, email);
      const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.value.password) : await verifyAgainstDummy(input.value.password);
      if (!user || !ok || user.disabled_at) {
        await ctx.audit({ user: user ?? null, actor: email, action: 'session.sign-in-refused', summary: user?.disabled_at ? 'disabled' : 'credentials' });
        return { status: 401, message: m.desk_err_credentials({}, { locale: ctx.locale }) };
      }
      await forgiveDeskSignIn(limitsFor(ctx.db), email, ctx.address);
      if (needsRehash(user.password_hash!)) await ctx.db.updateTable('desk_users').set({ password_hash: await hashPassword(input.value.password) }).where('id', '=', user.id).execute();
      const level = levelAfterPassword(user);
      await ctx.audit({ user, action: level === 'full' ? 'session.sign-in' : 'session.password', after: { step: STEP[level] } });
      return signIn(ctx, user, level);
    },
  },
  {
    method: 'POST',
    path: '/api/desk/session/second-factor',
    access: 'second-factor',
    doc: {
      summary: 'The second factor: a TOTP code or a recovery code',
      body: { 'application/json': codeBody },
      response: sessionSchema,
      codes: { '200': 'Signed in', '422': 'Wrong or used code', '429': 'Too many attempts (Retry-After)' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      const input = await readInput(ctx, z.object({ code: z.string().max(20).optional(), recoveryCode: z.string().max(40).optional() }));
      if (!input.ok) return input.outcome;
      const wait = await limitsFor(ctx.db).secondFactor.take(String(user.id));
      if (wait > 0) return tooMany(wait);
      const { code, recoveryCode } = input.value;
      const ok = recoveryCode ? await spendRecoveryCode(ctx.db, user.id, recoveryCode) : await spendTotp(ctx.db, user, code ?? '');
      if (!ok) {
        await ctx.audit({ action: 'session.second-factor-refused', summary: recoveryCode ? 'recovery code' : 'totp' });
        return { status: 422, errors: { [recoveryCode ? 'recoveryCode' : 'code']: [m.desk_err_code_wrong({}, { locale: ctx.locale })] } };
      }
      await limitsFor(ctx.db).secondFactor.reset(String(user.id));
      await ctx.audit({ action: 'session.sign-in', after: { secondFactor: recoveryCode ? 'recovery code' : 'totp' } });
      return signIn(ctx, user, 'full');
    },
  },
  {
    method: 'DELETE',
    path: '/api/desk/session',
    access: 'public',
    doc: { summary: 'Sign out (this browser)', response: sessionSchema, codes: { '200': 'Signed out' } },
    async handler(ctx) {
      if (ctx.session) {
        await ctx.audit({ action: 'session.sign-out' });
        await closeDeskSession(ctx.db, ctx.session.tokenHash);
      }
      return { status: 200, response: await sessionAnswer(ctx.db, null, null, null), cookies: [clearedDeskSessionCookie(ctx.secure)] };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/session/end-others',
    access: 'signed-in',
    doc: {
      summary: "End every other session of one's own (other browsers and devices)",
      response: { type: 'object', required: ['ended'], properties: { ended: { type: 'integer' } } },
      codes: { '200': 'Ended' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      const ended = await endUserSessions(ctx.db, user.id, ctx.session!.tokenHash);
      await ctx.audit({ action: 'session.end-others', itemType: 'person', itemId: user.id, after: { ended } });
      return { status: 200, response: { ended } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/link/check',
    access: 'public',
    doc: {
      summary: 'What a sign-in link is for, and whether it still works',
      body: { 'application/json': { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } },
      response: {
        type: 'object',
        required: ['name', 'email', 'locale', 'purpose', 'twoFactor'],
        properties: {
          name: { type: 'string' },
          email: { type: 'string' },
          locale: { enum: LOCALES, description: 'The language of their desk' },
          purpose: { enum: ['first', 'invite', 'reset'] },
          twoFactor: { type: 'boolean', description: 'Two-factor will be required' },
        },
      },
      codes: { '200': 'The link works', '410': 'Used, expired or unknown', '429': 'Too many attempts' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, z.object({ token: z.string().max(100) }));
      if (!input.ok) return input.outcome;
      const limits = limitsFor(ctx.db);
      const wait = await limits.link.take(ctx.address);
      if (wait > 0) return tooMany(wait);
      const link = await checkLink(ctx.db, input.value.token);
      if (!link.ok) return { status: 410, message: linkMessage(link.reason, ctx.locale) };
      // Only links that do not work count against an address: a newsroom
      // behind one address may follow many good ones (a guessed token fails).
      await limits.link.refund(ctx.address);
      ctx.locale = link.user.locale;
      return {
        status: 200,
        response: { name: link.user.name, email: link.user.email, locale: link.user.locale, purpose: link.purpose, twoFactor: needsTwoFactor(link.user.role) || link.user.totp_enabled_at !== null },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/link',
    access: 'public',
    doc: {
      summary: 'Follow a sign-in link: choose a password (then set up two-factor when the role needs it)',
      body: { 'application/json': { type: 'object', required: ['token', 'password'], properties: { token: { type: 'string' }, password: { type: 'string', minLength: PASSWORD_MIN } } } },
      response: sessionSchema,
      codes: { '200': 'Signed in, or the next step', '410': 'Used, expired or unknown', '422': 'The password is refused', '429': 'Too many attempts' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, z.object({ token: z.string().max(100), password: z.string().max(PASSWORD_MAX + 1) }));
      if (!input.ok) return input.outcome;
      const limits = limitsFor(ctx.db);
      const wait = await limits.link.take(ctx.address);
      if (wait > 0) return tooMany(wait);
      const link = await checkLink(ctx.db, input.value.token);
      if (!link.ok) return { status: 410, message: linkMessage(link.reason, ctx.locale) };
      // Only links that do not work count against an address: a newsroom
      // behind one address may follow many good ones (a guessed token fails).
      await limits.link.refund(ctx.address);
      const user = link.user;
      ctx.locale = user.locale;
      const problems = await passwordProblems(input.value.password, user, ctx.locale);
      if (problems.length) return { status: 422, errors: { password: problems } };
      if (!(await useLink(ctx.db, input.value.token, user.id, await hashPassword(input.value.password)))) {
        return { status: 410, message: linkMessage('used', ctx.locale) };
      }
      await ctx.audit({ user, action: 'person.password-set', itemType: 'person', itemId: user.id, summary: link.purpose });
      return signIn(ctx, user, levelAfterPassword(user));
    },
  },
  {
    method: 'POST',
    path: '/api/desk/two-factor/setup',
    access: 'setup',
    doc: {
      summary: 'Start setting up two-factor: a new TOTP secret, as a QR code and as text',
      response: {
        type: 'object',
        required: ['secret', 'uri', 'qrSvg'],
        properties: { secret: { type: 'string', description: 'base32' }, uri: { type: 'string', description: 'otpauth:// URI' }, qrSvg: { type: 'string', description: 'The URI as an SVG QR code' } },
      },
      codes: { '200': 'A new secret (not required until confirmed)', '409': 'Two-factor is already on' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      if (user.totp_enabled_at) return { status: 409, message: m.desk_err_two_factor_on({}, { locale: ctx.locale }) };
      return { status: 200, response: await startTotpSetup(ctx.db, user) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/two-factor/confirm',
    access: 'setup',
    doc: {
      summary: 'Confirm two-factor with a first code: on from now, with ten recovery codes (shown once)',
      body: { 'application/json': { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } },
      response: { type: 'object', required: ['session', 'recoveryCodes'], properties: { session: sessionSchema, recoveryCodes: { type: 'array', items: { type: 'string' } } } },
      codes: { '200': 'Two-factor on', '409': 'No set-up started, or already on', '422': 'Wrong code', '429': 'Too many attempts' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      if (user.totp_enabled_at || !user.totp_secret) return { status: 409, message: m.desk_err_two_factor_on({}, { locale: ctx.locale }) };
      const input = await readInput(ctx, z.object({ code: z.string().max(20) }));
      if (!input.ok) return input.outcome;
      const wait = await limitsFor(ctx.db).secondFactor.take(String(user.id));
      if (wait > 0) return tooMany(wait);
      if (!(await confirmTotp(ctx.db, user, input.value.code))) return { status: 422, errors: { code: [m.desk_err_code_wrong({}, { locale: ctx.locale })] } };
      const codes = await newRecoveryCodes(ctx.db, user.id);
      await ctx.audit({ action: 'person.two-factor-on', itemType: 'person', itemId: user.id, before: { twoFactor: false }, after: { twoFactor: true } });
      const fresh = (await ctx.db.selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow());
      const signedInNow = await signIn(ctx, fresh, 'full');
      return { ...signedInNow, response: { session: signedInNow.response, recoveryCodes: codes } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/two-factor/recovery-codes',
    access: 'signed-in',
    doc: {
      summary: 'Ten new recovery codes (the old ones stop working); needs a current TOTP code',
      body: { 'application/json': { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } },
      response: { type: 'object', required: ['recoveryCodes'], properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } } },
      codes: { '200': 'New codes', '409': 'Two-factor is off', '422': 'Wrong code', '429': 'Too many attempts' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      if (!user.totp_enabled_at) return { status: 409, message: m.desk_err_two_factor_off({}, { locale: ctx.locale }) };
      const input = await readInput(ctx, z.object({ code: z.string().max(20) }));
      if (!input.ok) return input.outcome;
      const wait = await limitsFor(ctx.db).secondFactor.take(String(user.id));
      if (wait > 0) return tooMany(wait);
      if (!(await spendTotp(ctx.db, user, input.value.code))) return { status: 422, errors: { code: [m.desk_err_code_wrong({}, { locale: ctx.locale })] } };
      const codes = await newRecoveryCodes(ctx.db, user.id);
      await ctx.audit({ action: 'person.recovery-codes', itemType: 'person', itemId: user.id });
      return { status: 200, response: { recoveryCodes: codes } };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/me',
    access: 'signed-in',
    doc: {
      summary: "One's own desk language",
      body: { 'application/json': { type: 'object', required: ['locale'], properties: { locale: { enum: LOCALES } } } },
      response: personRef,
      codes: { '200': 'Changed', '422': 'Not ar or fr' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      const input = await readInput(ctx, z.object({ locale: z.enum(LOCALES) }));
      if (!input.ok) return input.outcome;
      const row = await ctx.db.updateTable('desk_users').set({ locale: input.value.locale }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
      await ctx.audit({ action: 'person.locale', itemType: 'person', itemId: user.id, before: { locale: user.locale }, after: { locale: row.locale } });
      ctx.locale = row.locale;
      return { status: 200, response: personOf(row) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/me/password',
    access: 'signed-in',
    doc: {
      summary: "Change one's password (every other session ends)",
      body: { 'application/json': { type: 'object', required: ['current', 'password'], properties: { current: { type: 'string' }, password: { type: 'string', minLength: PASSWORD_MIN } } } },
      response: { type: 'object', required: ['ended'], properties: { ended: { type: 'integer' } } },
      codes: { '200': 'Changed', '422': 'Wrong current password, or the new one is refused', '429': 'Too many attempts' },
    },
    async handler(ctx) {
      const user = signedIn(ctx);
      const input = await readInput(ctx, z.object({ current: z.string().max(PASSWORD_MAX), password: z.string().max(PASSWORD_MAX + 1) }));
      if (!input.ok) return input.outcome;
      const wait = await countDeskSignIn(limitsFor(ctx.db), user.email, ctx.address);
      if (wait > 0) return tooMany(wait);
      if (!user.password_hash || !(await verifyPassword(user.password_hash, input.value.current))) {
        return { status: 422, errors: { current: [m.desk_err_password_wrong({}, { locale: ctx.locale })] } };
      }
      const problems = await passwordProblems(input.value.password, user, ctx.locale);
      if (problems.length) return { status: 422, errors: { password: problems } };
      await ctx.db.updateTable('desk_users').set({ password_hash: await hashPassword(input.value.password) }).where('id', '=', user.id).execute();
      const ended = await endUserSessions(ctx.db, user.id, ctx.session!.tokenHash);
      await ctx.audit({ action: 'person.password-change', itemType: 'person', itemId: user.id, after: { endedSessions: ended } });
      return { status: 200, response: { ended } };
    },
  },
];

function linkMessage(reason: 'unknown' | 'expired' | 'used' | 'disabled', locale: Locale): string {
  const o = { locale };
  if (reason === 'expired') return m.desk_err_link_expired({}, o);
  if (reason === 'used') return m.desk_err_link_used({}, o);
  return m.desk_err_link_unknown({}, o);
}

