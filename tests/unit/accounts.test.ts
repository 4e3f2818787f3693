/**
 * Accounts (docs/product.md, Accounts and forms):
 * argon2id hashing, session tokens and cookies, the form validation, the
 * sign-in rate-limit window, the endpoints end to end against a temporary
 * store, and the Facebook token verification against a local fake Graph API.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { hashPassword, needsRehash, parseHash, verifyAgainstDummy, verifyPassword } from '../../src/server/accounts/password.ts';
import { hashSessionToken, newSessionToken, SESSION_TOKEN_PATTERN } from '../../src/server/accounts/tokens.ts';
import { ageOn, normalizeEmail, parseFacebookBody, parseSignIn, parseSignUp } from '../../src/server/accounts/validation.ts';
import { LOGIN_PAIR_RULE, SLOW_DOWN_AFTER, slowDownMs } from '../../src/server/accounts/throttle.ts';
import { loadMemberPage } from '../../src/server/pages/user.ts';
import { isCommonPassword } from '../../src/server/accounts/common-passwords.ts';
import {
  clearedSessionCookie,
  closeSession,
  cookieOptionsFrom,
  openSession,
  readSessionToken,
  sessionCookie,
  sessionUser,
} from '../../src/server/accounts/sessions.ts';
import { appSecretProof, FacebookError, facebookConfigFrom, verifyFacebookToken, type FacebookConfig } from '../../src/server/accounts/facebook.ts';
import { createAccountHandler, type AccountAction } from '../../src/server/accounts/handlers.ts';
import { parseConfig } from '../../src/server/config.ts';
import { $nameUser, $token, $userId, $visitorId, hasStoredSession, isLoggedIn, SESSION_MARKER, signInUser, signOutUser } from '../../src/stores/session.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);
const ORIGIN = 'http://127.0.0.1:4516';

/* ---- a local fake of the Graph API ---- */

interface FakeUser {
  token: string;
  id: string;
  name: string;
  email?: string;
  appId?: string;
  valid?: boolean;
  /** /me answers another id than debug_token (a forged pairing). */
  meId?: string;
}

const APP_ID = '1234567890';
const APP_SECRET = 'fakeappsecret0123456789abcdef';

class FakeGraph {
  users: FakeUser[] = [];
  failWith: number | null = null;
  calls: string[] = [];
  private server = http.createServer((req, res) => this.answer(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.calls.push(url.pathname);
    if (this.failWith) return this.json(res, this.failWith, { error: { message: 'down' } });
    if (url.pathname === '/v23.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
        return this.json(res, 400, { error: { message: 'bad app token', code: 190 } });
      }
      const user = this.users.find((u) => u.token === url.searchParams.get('input_token'));
      if (!user) return this.json(res, 200, { data: { is_valid: false, error: { code: 190 } } });
      return this.json(res, 200, {
        data: { app_id: user.appId ?? APP_ID, type: 'USER', is_valid: user.valid ?? true, user_id: user.id, expires_at: NOW / 1000 + 3600 },
      });
    }
    if (url.pathname === '/v23.0/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const user = this.users.find((u) => u.token === token);
      if (!user) return this.json(res, 400, { error: { message: 'Invalid OAuth access token', code: 190 } });
      // Graph refuses calls whose appsecret_proof does not match.
      if (url.searchParams.get('appsecret_proof') !== crypto.createHmac('sha256', APP_SECRET).update(token).digest('hex')) {
        return this.json(res, 400, { error: { message: 'Invalid appsecret_proof', code: 100 } });
      }
      if (url.searchParams.get('fields') !== 'id,name,email') return this.json(res, 400, { error: { message: 'fields' } });
      return this.json(res, 200, { id: user.meId ?? user.id, name: user.name, ...(user.email ? { email: user.email } : {}) });
    }
    this.json(res, 404, { error: { message: 'unknown path' } });
  }
}

/* ---- helpers ---- */

let db: DB;
beforeEach(async () => {
  db = (await openStore({ dataDir: ':memory:' })).db;
});
afterEach(async () => {
  await db.destroy();
});

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

function post(action: string, fields: Record<string, string> | null, opts: { locale?: string; cookie?: string; forwardedFor?: string } = {}): Request {
  const headers: Record<string, string> = { origin: ORIGIN, locale: opts.locale ?? 'fr' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.forwardedFor) headers['x-forwarded-for'] = opts.forwardedFor;
  if (fields) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Request(`${ORIGIN}/api/account/${action}`, { method: 'POST', headers, ...(fields ? { body: form(fields) } : {}) });
}

function get(action: string, cookie?: string): Request {
  return new Request(`${ORIGIN}/api/account/${action}`, { headers: { locale: 'fr', ...(cookie ? { cookie } : {}) } });
}

interface Envelope {
  header: { status: 'OK' | 'ERROR'; code: number; message?: string; errors?: Record<string, string[]> };
  response: unknown;
}

/** `cookie`: the first Set-Cookie (the session's), `cookies`: all of them (with the `signed_in` hint). */
async function answer(res: Response): Promise<{ status: number; body: Envelope; cookie: string | null; cookies: string[]; headers: Headers }> {
  const cookies = res.headers.getSetCookie();
  return { status: res.status, body: (await res.json()) as Envelope, cookie: cookies[0] ?? null, cookies, headers: res.headers };
}

const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0]!;

const SIGN_UP = { date: '1990-05-17', sexe: 'F', name: '  Salma   Bennani ', email: ' Salma.Bennani@Example.MA ', password: 'correct horse battery' };

function handler(over: Partial<Parameters<typeof createAccountHandler>[0]> = {}) {
  let clock = NOW;
  const h = createAccountHandler({
    db: async () => db,
    cookie: { secure: false, days: 30 },
    facebook: null,
    proxyTrust: 1,
    now: () => clock,
    ...over,
  });
  return {
    call: async (action: AccountAction, request: Request) => answer(await h(action, request, '127.0.0.1')),
    advance: (ms: number) => (clock += ms),
  };
}

/* ---- password hashing ---- */

describe('password hashing (argon2id)', () => {
  it('writes a PHC string with OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('mot de passe sûr');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(stored, 'mot de passe sûr')).toBe(true);
    expect(await verifyPassword(stored, 'mot de passe sur')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
    // A fresh salt each time.
    expect(await hashPassword('mot de passe sûr')).not.toBe(stored);
    expect(needsRehash(stored)).toBe(false);
  });

  it('matches an independent argon2id computation (RFC 9106 parameters travel with the hash)', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = crypto.argon2Sync('argon2id', { message: 'pw', nonce: salt, parallelism: 1, tagLength: 32, memory: 8192, passes: 1 });
    const stored = `$argon2id$v=19$m=8192,t=1,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    expect(await verifyPassword(stored, 'pw')).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });

  it('refuses malformed hashes and absurd parameters instead of computing them', async () => {
    expect(await verifyPassword('', 'x')).toBe(false);
    expect(await verifyPassword('$2b$10$abcdefghijklmnopqrstuv', 'x')).toBe(false);
    expect(parseHash('$argon2id$v=19$m=9999999,t=2,p=1$MDEyMzQ1Njc4OWFiY2RlZg$' + 'A'.repeat(43))).toBeNull();
    expect(parseHash('$argon2id$v=19$m=19456,t=0,p=1$MDEyMzQ1Njc4OWFiY2RlZg$' + 'A'.repeat(43))).toBeNull();
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

/* ---- session tokens and cookies ---- */

describe('session tokens', () => {
  it('are 256 random bits in base64url, stored only as their SHA-256', () => {
    const a = newSessionToken();
    const b = newSessionToken();
    expect(a).toMatch(SESSION_TOKEN_PATTERN);
    expect(a).not.toBe(b);
    expect(hashSessionToken(a)).toBe(crypto.createHash('sha256').update(a).digest('hex'));
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(a)).not.toContain(a);
  });

  it('cookie: HttpOnly, SameSite=Lax, Path=/, Max-Age; Secure and __Host- on an https site', () => {
    const token = newSessionToken();
    const plain = cookieOptionsFrom({ SITE_URL: 'http://localhost:4321', SESSION_DAYS: 30 });
    const secure = cookieOptionsFrom({ SITE_URL: 'https://www.2m.ma', SESSION_DAYS: 30 });
    expect(sessionCookie(token, plain)).toBe(`sid=${token}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    expect(sessionCookie(token, secure)).toBe(`__Host-sid=${token}; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax`);
    expect(clearedSessionCookie(secure)).toContain('Max-Age=0');
    const req = (cookie: string) => new Request(ORIGIN, { headers: { cookie } });
    expect(readSessionToken(req(`locale=fr; sid=${token}`), plain)).toBe(token);
    expect(readSessionToken(req(`sid=${token}`), secure)).toBeNull();
    expect(readSessionToken(req(`__Host-sid=${token}`), secure)).toBe(token);
    expect(readSessionToken(req('sid=not-a-token'), plain)).toBeNull();
  });

  it('a session opens, finds its user, ends at its expiry and on sign-out', async () => {
    const user = await db.insertInto('users').values({ email: 'a@b.ma', name: 'Amine', member_id: 'm-amine' }).returning('id').executeTakeFirstOrThrow();
    const opts = { secure: false, days: 1 };
    const { token, expiresAt } = await openSession(db, user.id, opts, NOW);
    expect(expiresAt).toBe(new Date(NOW + 86_400_000).toISOString());
    const rows = await db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashSessionToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await sessionUser(db, token, NOW)).toEqual({ id: user.id, name: 'Amine', email: 'a@b.ma' });
    expect(await sessionUser(db, token, NOW + 86_400_000)).toBeNull();
    expect(await sessionUser(db, newSessionToken(), NOW)).toBeNull();
    await closeSession(db, token);
    expect(await sessionUser(db, token, NOW)).toBeNull();
  });
});

/* ---- validation ---- */

describe('form validation', () => {
  const at = new Date(NOW);

  it('accepts the original sign-up payload, normalised, with sexe H by default', () => {
    const r = parseSignUp({ ...SIGN_UP, sexe: '' }, 'fr', at);
    expect(r).toEqual({
      ok: true,
      value: { date: '1990-05-17', sexe: 'H', name: 'Salma Bennani', email: 'salma.bennani@example.ma', password: 'correct horse battery' },
    });
    expect(parseSignUp({ ...SIGN_UP, sexe: undefined as unknown as string }, 'fr', at).ok).toBe(true);
    expect(parseSignUp(SIGN_UP, 'fr', at)).toMatchObject({ ok: true, value: { sexe: 'F' } });
  });

  it('answers every missing field as required, in the visitor language', () => {
    const fr = parseSignUp({}, 'fr', at);
    const ar = parseSignUp({}, 'ar', at);
    if (fr.ok || ar.ok) return expect.fail('an empty form must not pass');
    expect(Object.keys(fr.errors).sort()).toEqual(['date', 'email', 'name', 'password']);
    expect(fr.errors.email).toEqual(['Ce champ est obligatoire.']);
    expect(ar.errors.email).toEqual(['هذا الحقل إلزامي.']);
  });

  it('refuses unreal dates, ages out of 13-120, a bad sexe, e-mail, name or password', () => {
    const errors = (over: Record<string, string>) => {
      const r = parseSignUp({ ...SIGN_UP, ...over }, 'fr', at);
      return r.ok ? {} : r.errors;
    };
    expect(errors({ date: '1990-02-30' }).date).toEqual(['Indiquez une date de naissance valide.']);
    expect(errors({ date: '17/05/1990' }).date).toBeDefined();
    expect(errors({ date: '2014-01-01' }).date?.[0]).toMatch(/entre 13 et 120 ans/);
    expect(errors({ date: '2013-11-22' }).date).toBeUndefined(); // 13 today
    expect(errors({ date: '2013-11-23' }).date).toBeDefined(); // 13 tomorrow
    expect(errors({ date: '2030-01-01' }).date).toBeDefined();
    expect(errors({ date: '1900-01-01' }).date).toBeDefined();
    expect(errors({ sexe: 'X' }).sexe).toEqual(['Choisissez Homme ou Femme.']);
    expect(errors({ email: 'salma@' }).email).toEqual(['Indiquez une adresse e-mail valide.']);
    expect(errors({ email: `${'a'.repeat(250)}@x.ma` }).email).toBeDefined();
    expect(errors({ name: 'S' }).name?.[0]).toMatch(/de 2 à 80 caractères/);
    expect(errors({ name: 'Salma\u202eBennani' }).name).toBeDefined();
    expect(errors({ password: 'court' }).password).toEqual(['Le mot de passe doit compter au moins 8 caractères.']);
    expect(errors({ password: 'x'.repeat(257) }).password).toBeDefined();
    expect(errors({ password: '        ' }).password).toEqual(['Ce champ est obligatoire.']);
    // Spaces inside a password are characters: never trimmed.
    expect(parseSignUp({ ...SIGN_UP, password: ' pass 12 ' }, 'fr', at)).toMatchObject({ ok: true, value: { password: ' pass 12 ' } });
  });

  it('computes ages in whole years', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('1990-05-17', '2026-05-17')).toBe(36);
  });

  it('sign-in needs username and password; the e-mail is normalised', () => {
    expect(parseSignIn({ username: ' A@B.MA ', password: 'x' }, 'fr')).toEqual({ ok: true, value: { email: 'a@b.ma', password: 'x' } });
    const r = parseSignIn({ username: '' }, 'ar');
    expect(r.ok ? {} : Object.keys(r.errors).sort()).toEqual(['password', 'username']);
    expect(normalizeEmail(' É@X.MA ')).toBe('é@x.ma');
  });

  it('auth-fb needs a plausible access token', () => {
    expect(parseFacebookBody({ accessToken: 'EAAB.x-y_z' }, 'fr')).toEqual({ ok: true, value: { accessToken: 'EAAB.x-y_z' } });
    expect(parseFacebookBody({}, 'fr').ok).toBe(false);
    expect(parseFacebookBody({ accessToken: 'a b' }, 'fr').ok).toBe(false);
  });
});

/* ---- common passwords ---- */

describe('common passwords (zxcvbn-ts)', () => {
  it('refuses the first guesses of an attacker and the visitor\'s own name, accepts a real passphrase', async () => {
    for (const p of ['password1', 'azerty123', '12345678', 'motdepasse', 'bonjour123', 'qwertyuiop']) {
      expect(await isCommonPassword(p), p).toBe(true);
    }
    expect(await isCommonPassword('salma1990', ['Salma Bennani', 'salma.bennani@example.ma'])).toBe(true);
    expect(await isCommonPassword('correct horse battery')).toBe(false);
    expect(await isCommonPassword('k9#mPq2$vX')).toBe(false);
  });
});

/* ---- the endpoints ---- */

describe('account endpoints', () => {
  it('sign-up creates the user (argon2id hash only), opens a session, and me restores it', async () => {
    const h = handler();
    const a = await h.call('registeration', post('registeration', SIGN_UP));
    expect(a.status).toBe(201);
    expect(a.body.header).toEqual({ status: 'OK', code: 201 });
    const user = a.body.response as { id: number; name: string; email: string };
    expect(user).toEqual({ id: expect.any(Number), name: 'Salma Bennani', email: 'salma.bennani@example.ma' });
    expect(a.cookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(a.headers.get('cache-control')).toBe('private, no-store');

    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ birth_date: '1990-05-17', sexe: 'F' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(a.body)).not.toContain('argon2');

    const me = await h.call('me', get('me', cookieOf(a.cookie)));
    expect(me.body).toEqual({ header: { status: 'OK', code: 200 }, response: user });
    expect((await h.call('me', get('me'))).body.response).toBeNull();
  });

  it('a second sign-up with the same e-mail answers 409 with a clear message, and changes nothing', async () => {
    const h = handler();
    await h.call('registeration', post('registeration', SIGN_UP));
    const again = await h.call('registeration', post('registeration', { ...SIGN_UP, email: 'SALMA.BENNANI@example.ma', name: 'Autre' }));
    expect(again.status).toBe(409);
    expect(again.body.header).toMatchObject({ status: 'ERROR', code: 409, message: 'Un compte existe déjà avec cette adresse e-mail\u202f: connectez-vous.' });
    expect(again.body.header.errors?.email).toHaveLength(1);
    expect(again.cookie).toBeNull();
    expect(await db.selectFrom('users').select('name').execute()).toEqual([{ name: 'Salma Bennani' }]);
  });

  it('validation errors answer 422 per field (never 400), in Arabic when asked', async () => {
    const h = handler();
    const a = await h.call('registeration', post('registeration', { ...SIGN_UP, password: 'court', date: '2030-01-01' }, { locale: 'ar' }));
    expect(a.status).toBe(422);
    expect(a.body.header.message).toBe('يرجى التحقق من الحقول المشار إليها.');
    expect(Object.keys(a.body.header.errors ?? {}).sort()).toEqual(['date', 'password']);
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    // Not form data: 415, not 400.
    const json = new Request(`${ORIGIN}/api/account/registeration`, { method: 'POST', headers: { 'content-type': 'application/json', locale: 'fr' }, body: '{}' });
    expect((await h.call('registeration', json)).status).toBe(415);
    expect((await h.call('login', get('login'))).status).toBe(405);
  });

  it('sign-in: 401 with the same message for a wrong password and an unknown e-mail; OK with the right one', async () => {
    const h = handler();
    await h.call('registeration', post('registeration', SIGN_UP));
    const wrong = await h.call('login', post('login', { username: SIGN_UP.email, password: 'not the password' }));
    const unknown = await h.call('login', post('login', { username: 'personne@example.ma', password: 'not the password' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.header.message).toBe('E-mail ou mot de passe incorrect.');
    expect(unknown.body.header.message).toBe(wrong.body.header.message);
    expect(wrong.cookie).toBeNull();
    const ar = await h.call('login', post('login', { username: 'x@y.ma', password: 'nope nope' }, { locale: 'ar', forwardedFor: '198.51.100.2' }));
    expect(ar.body.header.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');

    const ok = await h.call('login', post('login', { username: 'SALMA.bennani@example.ma', password: SIGN_UP.password }));
    expect(ok.status).toBe(200);
    expect(ok.body.header.status).toBe('OK');
    expect(ok.body.response).toMatchObject({ name: 'Salma Bennani' });
    expect(ok.cookie).toMatch(/^sid=/);
    expect((await h.call('login', post('login', { username: '', password: '' }))).status).toBe(422);
  });

  it('a common password is refused at sign-up with a message in the visitor\'s language, and nothing is stored', async () => {
    const h = handler();
    const fr = await h.call('registeration', post('registeration', { ...SIGN_UP, password: 'azerty123' }));
    expect(fr.status).toBe(422);
    expect(fr.body.header.errors?.password).toEqual([
      'Ce mot de passe est trop courant et facile à deviner : choisissez-en un plus long ou moins prévisible.',
    ]);
    const ar = await h.call('registeration', post('registeration', { ...SIGN_UP, password: 'password1' }, { locale: 'ar' }));
    expect(ar.body.header.errors?.password?.[0]).toMatch(/كلمة المرور هذه شائعة/);
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('100 parallel wrong passwords from one address: 5 reach the password check, 95 answer 429', { timeout: 60_000 }, async () => {
    const h = handler();
    await h.call('registeration', post('registeration', SIGN_UP));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        h.call('login', post('login', { username: SIGN_UP.email, password: `wrong ${i}` }, { forwardedFor: '198.51.100.7' })),
      ),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_PAIR_RULE.points);
    expect(codes.filter((c) => c === 429)).toHaveLength(100 - LOGIN_PAIR_RULE.points);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body.header.message).toBe('Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });

  it('a burst of 30 with the right password at position 20 does not sign in; the owner from another address does', { timeout: 60_000 }, async () => {
    const h = handler();
    await h.call('registeration', post('registeration', SIGN_UP));
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.call('login', post('login', { username: SIGN_UP.email, password: i === 19 ? SIGN_UP.password : `guess ${i}` }, { forwardedFor: '203.0.113.9' })),
      ),
    );
    expect(burst[19]!.status).toBe(429);
    expect(burst.filter((a) => a.status === 200)).toHaveLength(0);
    expect(burst.every((a) => a.cookie === null)).toBe(true);
    // The stranger's guesses lock the stranger out, not the owner.
    const owner = await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: '198.51.100.99' }));
    expect(owner.status).toBe(200);
  });

  it('20 wrong sign-ins from 4 addresses lock those addresses, not the owner: from a fifth, the right password signs in after a short slow-down', { timeout: 60_000 }, async () => {
    const waits: number[] = [];
    const h = handler({ sleep: async (ms) => void waits.push(ms) });
    await h.call('registeration', post('registeration', SIGN_UP));
    for (let a = 0; a < 4; a++) {
      for (let i = 0; i < 5; i++) {
        const wrong = await h.call('login', post('login', { username: SIGN_UP.email, password: `wrong ${a}-${i}` }, { forwardedFor: `198.51.100.${a + 10}` }));
        expect(wrong.status).toBe(401);
      }
      // Each of the four is locked for this account (the pair limit).
      const locked = await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: `198.51.100.${a + 10}` }));
      expect(locked.status).toBe(429);
    }
    expect(waits).toEqual([]);
    const owner = await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: '198.51.100.200' }));
    expect(owner.status).toBe(200);
    expect(owner.cookie).toMatch(/^sid=/);
    // Slowed down (20 failures in the hour), never refused.
    expect(waits).toEqual([slowDownMs(SLOW_DOWN_AFTER)]);
    expect(slowDownMs(SLOW_DOWN_AFTER)).toBe(1000);
  });

  it('guesses spread over many addresses are slowed down more with each failure (10 s at most), and forgiven once the owner signs in', { timeout: 60_000 }, async () => {
    const waits: number[] = [];
    const h = handler({ sleep: async (ms) => void waits.push(ms) });
    await h.call('registeration', post('registeration', SIGN_UP));
    for (let i = 0; i < 30; i++) {
      const a = await h.call('login', post('login', { username: SIGN_UP.email, password: `wrong ${i}` }, { forwardedFor: `203.0.113.${i + 1}` }));
      expect(a.status).toBe(401);
    }
    expect(waits).toEqual(Array.from({ length: 10 }, (_, i) => 1000 + i * 250));
    expect(slowDownMs(1000)).toBe(10_000);
    const owner = await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: '203.0.113.200' }));
    expect(owner.status).toBe(200);
    waits.length = 0;
    expect((await h.call('login', post('login', { username: SIGN_UP.email, password: 'wrong again' }, { forwardedFor: '203.0.113.201' }))).status).toBe(401);
    expect(waits).toEqual([]);
  });

  it('successful sign-ins do not use up an address shared by many visitors', { timeout: 60_000 }, async () => {
    const h = handler();
    await h.call('registeration', post('registeration', SIGN_UP));
    for (let i = 0; i < 35; i++) {
      const ok = await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: '196.200.1.1' }));
      expect(ok.status).toBe(200);
    }
  });

  it('the limits end with their window, and a successful sign-in forgives the owner\'s own mistakes', { timeout: 60_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(NOW);
      const h = handler();
      await h.call('registeration', post('registeration', SIGN_UP));
      const from = (password: string) => post('login', { username: SIGN_UP.email, password }, { forwardedFor: '192.0.2.5' });
      for (let i = 0; i < 4; i++) expect((await h.call('login', from(`typo ${i}`))).status).toBe(401);
      expect((await h.call('login', from(SIGN_UP.password))).status).toBe(200);
      // Forgiven: five more tries for the pair.
      for (let i = 0; i < 5; i++) expect((await h.call('login', from(`typo ${i}`))).status).toBe(401);
      expect((await h.call('login', from(SIGN_UP.password))).status).toBe(429);
      vi.setSystemTime(NOW + 15 * 60_000 + 1000);
      expect((await h.call('login', from(SIGN_UP.password))).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sign-out deletes the session and clears the cookie; me then answers null', async () => {
    const h = handler();
    const a = await h.call('registeration', post('registeration', SIGN_UP));
    const cookie = cookieOf(a.cookie);
    const out = await h.call('logout', post('logout', null, { cookie }));
    expect(out.status).toBe(200);
    expect(out.body.header.status).toBe('OK');
    expect(out.cookie).toContain('Max-Age=0');
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const me = await h.call('me', get('me', cookie));
    expect(me.body.response).toBeNull();
    expect(me.cookie).toContain('Max-Age=0');
  });

  it('a sign-in also sets the script-readable signed_in hint (no secret); sign-out and an ended session clear it', async () => {
    const h = handler();
    const a = await h.call('registeration', post('registeration', { ...SIGN_UP, email: 'hint@example.ma' }));
    expect(a.cookies).toHaveLength(2);
    expect(a.cookies[1]).toBe('signed_in=1; Path=/; Max-Age=2592000; SameSite=Lax');
    const cookie = cookieOf(a.cookie);
    const out = await h.call('logout', post('logout', null, { cookie: `${cookie}; signed_in=1` }));
    expect(out.cookies).toEqual([expect.stringMatching(/^sid=; .*Max-Age=0/), 'signed_in=; Path=/; Max-Age=0; SameSite=Lax']);
    // The hint alone (its session cookie gone first): me answers null and clears it.
    const lone = await h.call('me', get('me', 'signed_in=1'));
    expect(lone.body.response).toBeNull();
    expect(lone.cookies).toEqual(['signed_in=; Path=/; Max-Age=0; SameSite=Lax']);
    // Anonymous: nothing set.
    expect((await h.call('me', get('me'))).cookies).toEqual([]);
  });

  it('auth-fb answers 503 "Connexion avec Facebook indisponible" while not configured', async () => {
    const h = handler();
    const a = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAAB123' }));
    expect(a.status).toBe(503);
    expect(a.body.header.message).toBe('Connexion avec Facebook indisponible.');
    const ar = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAAB123' }, { locale: 'ar' }));
    expect(ar.body.header.message).toBe('تسجيل الدخول عبر فيسبوك غير متاح.');
  });
});

/* ---- Facebook verification against a local fake Graph API ---- */

describe('password change, sign out everywhere, member page settings', () => {
  const signIn = async (h: ReturnType<typeof handler>, from: string) =>
    cookieOf((await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: from }))).cookie);
  const me = async (h: ReturnType<typeof handler>, cookie: string) => (await h.call('me', get('me', cookie))).body.response as { email?: string } | null;

  it('changes the password with the current one: the other sessions end, this one stays, the old password no longer signs in', async () => {
    const h = handler();
    const first = cookieOf((await h.call('registeration', post('registeration', SIGN_UP))).cookie);
    const phone = await signIn(h, '196.200.1.2');
    expect((await me(h, phone))?.email).toBe('salma.bennani@example.ma');

    const wrong = await h.call('password', post('password', { current: 'not my password', password: 'une phrase de passe neuve' }, { cookie: first }));
    expect([wrong.status, wrong.body.header.errors?.current]).toEqual([403, ['Le mot de passe actuel est incorrect.']]);
    const common = await h.call('password', post('password', { current: SIGN_UP.password, password: 'azerty123' }, { cookie: first }));
    expect(common.status).toBe(422);
    const short = await h.call('password', post('password', { current: SIGN_UP.password, password: 'court' }, { cookie: first, locale: 'ar' }));
    expect([short.status, Object.keys(short.body.header.errors ?? {})]).toEqual([422, ['password']]);

    const ok = await h.call('password', post('password', { current: SIGN_UP.password, password: 'une phrase de passe neuve' }, { cookie: first }));
    expect(ok.status).toBe(200);
    expect((await me(h, first))?.email).toBe('salma.bennani@example.ma');
    expect(await me(h, phone)).toBeNull();
    const old = await h.call('login', post('login', { username: SIGN_UP.email, password: SIGN_UP.password }, { forwardedFor: '196.200.1.3' }));
    expect(old.status).toBe(401);
    const fresh = await h.call('login', post('login', { username: SIGN_UP.email, password: 'une phrase de passe neuve' }, { forwardedFor: '196.200.1.3' }));
    expect(fresh.status).toBe(200);
    // Signed out: 401, nothing changed.
    expect((await h.call('password', post('password', { current: 'x', password: 'y'.repeat(12) }))).status).toBe(401);
  });

  it('wrong current passwords are limited like sign-ins (a stolen session cannot guess it)', async () => {
    const h = handler();
    const cookie = cookieOf((await h.call('registeration', post('registeration', SIGN_UP, { forwardedFor: '41.250.0.1' }))).cookie);
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await h.call('password', post('password', { current: `guess ${i}`, password: 'une phrase de passe neuve' }, { cookie, forwardedFor: '41.250.0.1' }))).status);
    expect(codes).toEqual([403, 403, 403, 403, 403, 429, 429]);
  });

  it('signs out everywhere: every session of the user ends, the cookie is cleared', async () => {
    const h = handler();
    const first = cookieOf((await h.call('registeration', post('registeration', SIGN_UP))).cookie);
    const phone = await signIn(h, '196.200.1.4');
    const out = await h.call('logout-all', post('logout-all', null, { cookie: first }));
    expect(out.status).toBe(200);
    expect(out.cookies.some((c) => /^sid=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await me(h, first)).toBeNull();
    expect(await me(h, phone)).toBeNull();
    expect((await h.call('logout-all', post('logout-all', null, { cookie: first }))).status).toBe(401);
    expect((await h.call('logout-all', get('logout-all', first))).status).toBe(405);
  });

  it('the member page is private by default, under an opaque id; the owner makes it public and private again', async () => {
    const h = handler();
    const cookie = cookieOf((await h.call('registeration', post('registeration', SIGN_UP))).cookie);
    const read = await h.call('profile', get('profile', cookie));
    const settings = read.body.response as { memberId: string; profilePublic: boolean };
    expect(settings.profilePublic).toBe(false);
    expect(settings.memberId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await loadMemberPage(db, 'fr', { memberId: settings.memberId })).toBeNull();
    const shown = await h.call('profile', post('profile', { public: '1' }, { cookie }));
    expect(shown.body.response).toEqual({ memberId: settings.memberId, profilePublic: true });
    expect((await loadMemberPage(db, 'fr', { memberId: settings.memberId }))?.firstName).toBe('Salma');
    await h.call('profile', post('profile', { public: '0' }, { cookie }));
    expect(await loadMemberPage(db, 'fr', { memberId: settings.memberId })).toBeNull();
    expect((await h.call('profile', post('profile', { public: 'yes' }, { cookie }))).status).toBe(422);
    expect((await h.call('profile', get('profile'))).status).toBe(401);
    // Two accounts never share a member id, and it is not the sequential id.
    const other = await h.call('registeration', post('registeration', { ...SIGN_UP, email: 'karim@example.ma', name: 'Karim' }, { forwardedFor: '41.1.1.1' }));
    const otherId = ((await h.call('profile', get('profile', cookieOf(other.cookie)))).body.response as { memberId: string }).memberId;
    expect(otherId).not.toBe(settings.memberId);
    expect(otherId).not.toMatch(/^\d+$/);
  });
});

describe('Facebook token verification (src/server/accounts/facebook.ts)', () => {
  const graph = new FakeGraph();
  let fb: FacebookConfig;

  beforeAll(async () => {
    await graph.start();
    const config = parseConfig({ FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_GRAPH_URL: graph.url });
    fb = facebookConfigFrom(config)!;
  });
  afterAll(async () => {
    await graph.stop();
  });
  beforeEach(() => {
    graph.failWith = null;
    graph.calls = [];
    graph.users = [
      { token: 'EAAGood', id: '10001', name: 'Youssef Alaoui', email: 'youssef@example.ma' },
      { token: 'EAAOtherApp', id: '10002', name: 'X', email: 'x@example.ma', appId: '999999999' },
      { token: 'EAAExpired', id: '10003', name: 'Y', email: 'y@example.ma', valid: false },
      { token: 'EAAForged', id: '10004', name: 'Z', email: 'z@example.ma', meId: '10001' },
      { token: 'EAANoEmail', id: '10005', name: 'Sans Mail' },
      { token: 'EAASameMail', id: '10006', name: 'Salma FB', email: 'salma.bennani@example.ma' },
    ];
  });

  it('is disabled without both app id and secret (and half a configuration is refused at start)', () => {
    expect(facebookConfigFrom(parseConfig({}))).toBeNull();
    expect(() => parseConfig({ FACEBOOK_APP_ID: APP_ID })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(fb).toEqual({ appId: APP_ID, appSecret: APP_SECRET, graphUrl: graph.url, version: 'v23.0' });
  });

  it('returns the verified profile (debug_token for our app, then /me with appsecret_proof)', async () => {
    const profile = await verifyFacebookToken(fb, 'EAAGood', { now: () => NOW });
    expect(profile).toEqual({ id: '10001', name: 'Youssef Alaoui', email: 'youssef@example.ma' });
    expect(graph.calls).toEqual(['/v23.0/debug_token', '/v23.0/me']);
    expect(appSecretProof('EAAGood', APP_SECRET)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses unknown, invalid, other-app and mismatched tokens', async () => {
    for (const token of ['EAAUnknown', 'EAAExpired', 'EAAOtherApp', 'EAAForged']) {
      const error = await verifyFacebookToken(fb, token, { now: () => NOW }).catch((e: unknown) => e);
      expect(error, token).toBeInstanceOf(FacebookError);
      expect((error as FacebookError).kind, token).toBe('invalid-token');
    }
    // A token for our app but a wrong secret on our side: the app token is refused.
    const wrongSecret = await verifyFacebookToken({ ...fb, appSecret: 'another0secret0value' }, 'EAAGood').catch((e: unknown) => e);
    expect((wrongSecret as FacebookError).kind).toBe('invalid-token');
  });

  it('reports Facebook down or unreachable as such', async () => {
    graph.failWith = 503;
    const down = await verifyFacebookToken(fb, 'EAAGood').catch((e: unknown) => e);
    expect((down as FacebookError).kind).toBe('unreachable');
    const closed = await verifyFacebookToken({ ...fb, graphUrl: 'http://127.0.0.1:9' }, 'EAAGood', { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect((closed as FacebookError).kind).toBe('unreachable');
  });

  it('auth-fb: creates the account once, signs in again to the same one, never trusts a posted profile', async () => {
    const h = handler({ facebook: fb });
    const first = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAAGood', id: '666', name: 'Forged', email: 'forged@example.ma' }));
    expect(first.status).toBe(201);
    expect(first.body.response).toEqual({ id: expect.any(Number), name: 'Youssef Alaoui', email: 'youssef@example.ma' });
    expect(first.cookie).toMatch(/^sid=/);
    const second = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAAGood' }));
    expect(second.status).toBe(200);
    expect(second.body.response).toEqual(first.body.response);
    const rows = await db.selectFrom('users').select(['email', 'social_provider', 'social_id', 'password_hash']).execute();
    expect(rows).toEqual([{ email: 'youssef@example.ma', social_provider: 'facebook', social_id: '10001', password_hash: null }]);
    // No password: signing in with one is the usual 401.
    expect((await h.call('login', post('login', { username: 'youssef@example.ma', password: 'anything1' }))).status).toBe(401);
  });

  it('auth-fb: 401 for a refused token, 502 when Facebook is down, 422 without e-mail, 409 on a password account e-mail', async () => {
    const h = handler({ facebook: fb });
    const bad = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAAOtherApp' }));
    expect(bad.status).toBe(401);
    expect(bad.body.header.message).toBe('La connexion avec Facebook a échoué. Veuillez réessayer.');
    const noMail = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAANoEmail' }));
    expect(noMail.status).toBe(422);
    await h.call('registeration', post('registeration', SIGN_UP));
    const taken = await h.call('auth-fb', post('auth-fb', { accessToken: 'EAASameMail' }));
    expect(taken.status).toBe(409);
    graph.failWith = 500;
    expect((await h.call('auth-fb', post('auth-fb', { accessToken: 'EAAGood' }))).status).toBe(502);
    expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'salma.bennani@example.ma' }]);
  });
});

/* ---- what the browser keeps (src/stores/session.ts) ---- */

describe('browser session store', () => {
  it('keeps name, a non-secret marker and the account id; sign-out gives the anonymous visitor id back', () => {
    $userId.set('1763803800000-a1b2c3d4');
    expect(hasStoredSession()).toBe(false);
    signInUser({ id: 42, name: 'Salma Bennani' });
    expect([$nameUser.get(), $token.get(), $userId.get(), $visitorId.get()]).toEqual(['Salma Bennani', SESSION_MARKER, '42', '1763803800000-a1b2c3d4']);
    expect(isLoggedIn()).toBe(true);
    // Signing in again (another account) keeps the visitor id set aside, not the previous account id.
    signInUser({ id: 43, name: 'Amine' });
    expect($visitorId.get()).toBe('1763803800000-a1b2c3d4');
    signOutUser();
    expect([$nameUser.get(), $token.get(), $userId.get()]).toEqual([undefined, undefined, '1763803800000-a1b2c3d4']);
    expect(isLoggedIn()).toBe(false);
    expect(hasStoredSession()).toBe(false);
  });
});
