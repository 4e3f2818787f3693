/**
 * The account endpoints (docs/product.md, Accounts and forms),
 * each answering the envelope `{ header: { status, code, message? },
 * response }` with messages in the request's language (`locale` header):
 *
 *  - POST /api/account/registeration (sic, the original site's spelling), form data date,
 *    sexe (H by default), name, email, password → 201 OK + the user + the
 *    session cookie; 422 errors per field (also a common password:
 *    common-passwords.ts); 409 e-mail already used; 429 past 10 attempts an
 *    hour from one address.
 *  - POST /api/account/login, form data username (the e-mail), password →
 *    200 OK + user + cookie; 401 one message whether the account exists or
 *    not (a dummy hash is checked when it does not, so both take about the
 *    same time); 422 a field missing; 429 + Retry-After past the limits of
 *    throttle.ts (5 attempts in 15 minutes per account and address, 30 in
 *    15 minutes per address), each attempt counted before the password is
 *    checked; past 20 failures of the account in an hour, from anywhere,
 *    the answer is slowed down, never refused (ADR 029).
 *  - POST /api/account/logout → 200 OK, the session deleted, the cookie cleared.
 *  - POST /api/account/logout-all → 200 OK, every session of the user
 *    deleted ("sign out everywhere"), the cookie cleared; 401 signed out.
 *  - POST /api/account/password, form data current, password → 200 OK, the
 *    new password stored and every other session of the user ended; 401
 *    signed out; 403 wrong current password (counted like a sign-in
 *    attempt); 409 an account without a password (Facebook); 422 a new
 *    password too short, too long or too common.
 *  - POST /api/account/profile, form data public (1 or 0) → 200 OK + the
 *    member settings; GET → the member settings (member id, whether the
 *    member page is public); 401 signed out.
 *  - GET /api/account/me → 200 OK, `response` the signed-in user or null.
 *  - POST /api/account/auth-fb, form data accessToken → verified with the
 *    Graph API (facebook.ts), then the linked account or a new one; 503 while
 *    the app is not configured; 401 token refused; 502 Facebook unreachable;
 *    422 no e-mail shared; 409 e-mail of a password account.
 *
 * Never 400 (docs/product.md, Errors sends the visitor home on 400). Every answer is
 * private, no-store. CSRF: see sessions.ts (cross-site guard + SameSite=Lax).
 */
import { apiMessage } from '../api/messages.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { addressKey, clientAddress, readForm, readLocale, type BodyRefusal, type ProxyTrust } from '../http/index.ts';
import { featureLogger, type Log } from '../log.ts';
import * as m from '../../paraglide/messages.js';
import { FacebookError, verifyFacebookToken, type FacebookConfig } from './facebook.ts';
import { errorResponse, okResponse } from './http.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';
import {
  closeUserSessions,
  clearedSessionCookies,
  clearedSessionHintCookie,
  closeSession,
  hasSessionHint,
  openSession,
  readSessionToken,
  sessionCookies,
  sessionUser,
  type CookieOptions,
} from './sessions.ts';
import { isCommonPassword } from './common-passwords.ts';
import { accountLimits, countFailure, countSignIn, forgiveSignIn, type AccountLimits } from './throttle.ts';
import {
  createUser,
  EmailTakenError,
  findOrCreateFacebookUser,
  findUserByEmail,
  memberSettings,
  passwordHashOf,
  setProfilePublic,
  updatePasswordHash,
  type PublicUser,
} from './users.ts';
import { parseFacebookBody, parsePasswordChange, parseSignIn, parseSignUp } from './validation.ts';

/**
 * 16 KB: the largest account form is a few hundred bytes. Form data only
 * (docs/product.md, Accounts and forms sends form data): other types are
 * refused, which also keeps every account POST under the cross-site guard
 * (src/server/http/origin-check.ts checks form content types).
 */
const MAX_ACCOUNT_FORM_BYTES = 16 * 1024;

export type AccountAction = 'registeration' | 'login' | 'logout' | 'logout-all' | 'password' | 'profile' | 'me' | 'auth-fb';

const METHODS: Record<AccountAction, readonly ('GET' | 'POST')[]> = {
  registeration: ['POST'],
  login: ['POST'],
  logout: ['POST'],
  'logout-all': ['POST'],
  password: ['POST'],
  profile: ['GET', 'POST'],
  me: ['GET'],
  'auth-fb': ['POST'],
};

export interface AccountDeps {
  db: () => Promise<DB>;
  cookie: CookieOptions;
  /** Null: social login disabled. */
  facebook: FacebookConfig | null;
  proxyTrust: ProxyTrust;
  /** Default: the limits of throttle.ts, counted in the store. */
  limits?: AccountLimits;
  now?: () => number;
  /** Waits (the account's slow-down, throttle.ts); default a timer. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Default: the `accounts` feature's logger. */
  log?: Log;
}

/** What the API answers for a user: never the hash, birth date or social ids. */
const publicUser = (u: PublicUser): PublicUser => ({ id: u.id, name: u.name, email: u.email });

export function createAccountHandler(deps: AccountDeps) {
  const now = deps.now ?? Date.now;
  const limits = deps.limits ?? accountLimits(deps.db);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = deps.log ?? featureLogger('accounts');

  async function withSession(db: DB, userId: number, request: Request, code: 200 | 201, user: PublicUser): Promise<Response> {
    // Signing in (again, or as someone else) ends the session the browser had.
    const previous = readSessionToken(request, deps.cookie);
    if (previous) await closeSession(db, previous);
    const { token } = await openSession(db, userId, deps.cookie, now());
    return okResponse(code, publicUser(user), sessionCookies(token, deps.cookie));
  }

  function bodyProblem({ reason }: BodyRefusal, locale: Locale): Response {
    if (reason === 'too-large') return errorResponse(413, m.account_error_too_large({}, { locale }));
    if (reason === 'unsupported') return errorResponse(415, m.account_error_unsupported_body({}, { locale }));
    return errorResponse(422, m.account_error_invalid_form({}, { locale }), { errors: { form: [m.account_error_unsupported_body({}, { locale })] } });
  }

  const invalid = (errors: Record<string, string[]>, locale: Locale) =>
    errorResponse(422, m.account_error_invalid_form({}, { locale }), { errors });

  const tooMany = (seconds: number, message: string) => errorResponse(429, message, { headers: { 'retry-after': String(seconds) } });

  async function register(request: Request, locale: Locale, address: string): Promise<Response> {
    const body = await readForm(request, MAX_ACCOUNT_FORM_BYTES);
    if (!body.ok) return bodyProblem(body, locale);
    const parsed = parseSignUp(body.value, locale, new Date(now()));
    if (!parsed.ok) return invalid(parsed.errors, locale);
    if (await isCommonPassword(parsed.value.password, [parsed.value.name, parsed.value.email])) {
      return invalid({ password: [m.harden_password_common({}, { locale })] }, locale);
    }
    const db = await deps.db();
    // Counted before the e-mail check: probing which addresses have an account is limited too.
    const wait = await limits.signup.take(address);
    if (wait > 0) return tooMany(wait, m.account_error_signup_rate_limited({}, { locale }));
    const taken = () =>
      errorResponse(409, m.account_error_email_taken({}, { locale }), { errors: { email: [m.account_error_email_taken({}, { locale })] } });
    if (await findUserByEmail(db, parsed.value.email)) return taken();
    try {
      const user = await createUser(db, parsed.value, await hashPassword(parsed.value.password));
      return await withSession(db, user.id, request, 201, user);
    } catch (error) {
      if (error instanceof EmailTakenError) return taken();
      throw error;
    }
  }

  async function login(request: Request, locale: Locale, address: string): Promise<Response> {
    const body = await readForm(request, MAX_ACCOUNT_FORM_BYTES);
    if (!body.ok) return bodyProblem(body, locale);
    const parsed = parseSignIn(body.value, locale);
    if (!parsed.ok) return invalid(parsed.errors, locale);
    const { email, password } = parsed.value;
    // Counted atomically before the password is checked: no burst gets past the limit.
    const { wait, delayMs } = await countSignIn(limits, email, address);
    if (wait > 0) return tooMany(wait, m.account_error_rate_limited({}, { locale }));
    // An account many strangers guess at is slowed down, never locked (throttle.ts, ADR 029).
    if (delayMs > 0) await sleep(delayMs);

    const db = await deps.db();
    const user = await findUserByEmail(db, email);
    const ok = user?.password_hash ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) {
      await countFailure(limits, email);
      return errorResponse(401, m.account_error_credentials({}, { locale }));
    }
    await forgiveSignIn(limits, email, address);
    if (needsRehash(user.password_hash!)) await updatePasswordHash(db, user.id, await hashPassword(password));
    return withSession(db, user.id, request, 200, user);
  }

  async function logout(request: Request): Promise<Response> {
    const token = readSessionToken(request, deps.cookie);
    if (token) await closeSession(await deps.db(), token);
    return okResponse(200, null, clearedSessionCookies(deps.cookie));
  }

  /** The signed-in user and their session token, or null. */
  async function signedIn(request: Request): Promise<{ token: string; user: { id: number; name: string; email: string } } | null> {
    const token = readSessionToken(request, deps.cookie);
    if (!token) return null;
    const user = await sessionUser(await deps.db(), token, now());
    return user ? { token, user } : null;
  }

  const notSignedIn = (locale: Locale) => errorResponse(401, m.account_error_not_signed_in({}, { locale }));

  /** "Sign out everywhere": every session of the user ends, this one too. */
  async function logoutAll(request: Request, locale: Locale): Promise<Response> {
    const session = await signedIn(request);
    if (!session) return notSignedIn(locale);
    await closeUserSessions(await deps.db(), session.user.id);
    return okResponse(200, null, clearedSessionCookies(deps.cookie));
  }

  /** A password change: the current password (counted like a sign-in), the new one checked as at sign-up; other sessions end. */
  async function changePassword(request: Request, locale: Locale, address: string): Promise<Response> {
    const session = await signedIn(request);
    if (!session) return notSignedIn(locale);
    const body = await readForm(request, MAX_ACCOUNT_FORM_BYTES);
    if (!body.ok) return bodyProblem(body, locale);
    const parsed = parsePasswordChange(body.value, locale);
    if (!parsed.ok) return invalid(parsed.errors, locale);
    const db = await deps.db();
    const hash = await passwordHashOf(db, session.user.id);
    if (!hash) return errorResponse(409, m.account_password_social({}, { locale }));
    const { wait } = await countSignIn(limits, session.user.email, address);
    if (wait > 0) return tooMany(wait, m.account_error_rate_limited({}, { locale }));
    if (!(await verifyPassword(hash, parsed.value.current))) {
      return errorResponse(403, m.account_error_current_password({}, { locale }), { errors: { current: [m.account_error_current_password({}, { locale })] } });
    }
    if (await isCommonPassword(parsed.value.password, [session.user.name, session.user.email])) {
      return invalid({ password: [m.harden_password_common({}, { locale })] }, locale);
    }
    await forgiveSignIn(limits, session.user.email, address);
    await updatePasswordHash(db, session.user.id, await hashPassword(parsed.value.password));
    // Whoever else had the old password (or a session opened with it) is signed out.
    await closeUserSessions(db, session.user.id, session.token);
    return okResponse(200, publicUser(session.user));
  }

  /** The member page's settings; a POST with `public` = 1 or 0 changes who sees it. */
  async function profile(request: Request, locale: Locale): Promise<Response> {
    const session = await signedIn(request);
    if (!session) return notSignedIn(locale);
    const db = await deps.db();
    if (request.method === 'POST') {
      const body = await readForm(request, MAX_ACCOUNT_FORM_BYTES);
      if (!body.ok) return bodyProblem(body, locale);
      const value = typeof body.value.public === 'string' ? body.value.public : '';
      if (value !== '0' && value !== '1') return invalid({ public: [m.account_field_required({}, { locale })] }, locale);
      await setProfilePublic(db, session.user.id, value === '1');
    }
    return okResponse(200, await memberSettings(db, session.user.id));
  }

  async function me(request: Request): Promise<Response> {
    const token = readSessionToken(request, deps.cookie);
    // A hint without its session cookie (expired first) is forgotten too.
    if (!token) return okResponse(200, null, hasSessionHint(request) ? [['set-cookie', clearedSessionHintCookie(deps.cookie)]] : {});
    const user = await sessionUser(await deps.db(), token, now());
    // A cookie whose session ended (or was deleted) is forgotten by the browser too.
    if (!user) return okResponse(200, null, clearedSessionCookies(deps.cookie));
    return okResponse(200, publicUser(user));
  }

  async function authFacebook(request: Request, locale: Locale, address: string): Promise<Response> {
    if (!deps.facebook) return errorResponse(503, m.account_facebook_disabled({}, { locale }));
    const body = await readForm(request, MAX_ACCOUNT_FORM_BYTES);
    if (!body.ok) return bodyProblem(body, locale);
    const parsed = parseFacebookBody(body.value, locale);
    if (!parsed.ok) return invalid(parsed.errors, locale);
    const db = await deps.db();
    const wait = await limits.address.take(address);
    if (wait > 0) return tooMany(wait, m.account_error_rate_limited({}, { locale }));

    let profile;
    try {
      profile = await verifyFacebookToken(deps.facebook, parsed.value.accessToken, { fetch: deps.fetch, now });
    } catch (error) {
      if (!(error instanceof FacebookError)) throw error;
      if (error.kind === 'unreachable') {
        log.warn(`Facebook verification failed: ${error.message}`);
        return errorResponse(502, m.account_facebook_unreachable({}, { locale }));
      }
      return errorResponse(401, m.account_facebook_invalid({}, { locale }));
    }
    const outcome = await findOrCreateFacebookUser(db, profile);
    if (!outcome.ok) {
      if (outcome.problem === 'no-email') {
        return errorResponse(422, m.account_facebook_no_email({}, { locale }), { errors: { email: [m.account_facebook_no_email({}, { locale })] } });
      }
      return errorResponse(409, m.account_facebook_email_taken({}, { locale }));
    }
    return withSession(db, outcome.user.id, request, outcome.created ? 201 : 200, outcome.user);
  }

  return async function handleAccount(action: AccountAction, request: Request, peer?: string): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    try {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (!(METHODS[action] as readonly string[]).includes(method)) return errorResponse(405, apiMessage(405, locale), { headers: { allow: METHODS[action].join(', ') } });
      const address = addressKey(clientAddress(request, peer, deps.proxyTrust));
      switch (action) {
        case 'registeration':
          return await register(request, locale, address);
        case 'login':
          return await login(request, locale, address);
        case 'logout':
          return await logout(request);
        case 'logout-all':
          return await logoutAll(request, locale);
        case 'password':
          return await changePassword(request, locale, address);
        case 'profile':
          return await profile(request, locale);
        case 'me':
          return await me(request);
        case 'auth-fb':
          return await authFacebook(request, locale, address);
      }
    } catch (error) {
      log.error({ err: error }, `${request.method} ${url.pathname} failed`);
      return errorResponse(500, apiMessage(500, locale));
    }
  };
}
