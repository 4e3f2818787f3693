/**
 * The desk API over real HTTP, as the desk calls it (SITE_URL's Origin and
 * the CSRF header on writes), for the API tests: desk people made in the
 * store (password set, two-factor confirmed with a code of the previous
 * step, so the sign-in's code is still unused), their sign-in, and every
 * answer checked against /api/openapi.json and for `no-store`.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeAll, expect } from 'vitest';
import type { DB, Store } from '../../src/server/db/index.ts';
import { hashPassword } from '../../src/server/accounts/password.ts';
import { createDeskUser } from '../../src/server/desk/people.ts';
import { confirmTotp, startTotpSetup } from '../../src/server/desk/two-factor.ts';
import { OpenApiChecker } from './openapi-validator.ts';

export const DESK_PASSWORD = 'une longue phrase de passe pour le test';

export interface Envelope<T = unknown> {
  header: { status: string; code: number; message?: string; errors?: Record<string, string[]> };
  response: T;
}

export interface DeskSessionCookie {
  cookie: string;
  csrf: string;
}
export type DeskSession = DeskSessionCookie;

export interface DeskPersonMade {
  id: number;
  email: string;
  secret: string | null;
}

export interface DeskApi {
  call<T = unknown>(
    method: string,
    docPath: string,
    url: string,
    /** `body` is sent as JSON; `raw` as its bytes with its own type (an XMLTV file). */
    opts?: { session?: DeskSessionCookie | null; body?: unknown; raw?: { type: string; data: Uint8Array | string }; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: Envelope<T> }>;
  person(role: 'journalist' | 'editor' | 'admin', twoFactor: boolean, tag?: string): Promise<DeskPersonMade>;
  signIn(p: { email: string; secret: string | null }): Promise<DeskSessionCookie>;
}

export async function deskApi(baseUrl: string, db: () => DB): Promise<DeskApi> {
  const checker = new OpenApiChecker((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as ConstructorParameters<typeof OpenApiChecker>[0]);
  const call: DeskApi['call'] = async (method, docPath, url, opts = {}) => {
    const headers: Record<string, string> = { locale: 'fr', ...(opts.session ? { cookie: opts.session.cookie } : {}) };
    if (method !== 'GET') {
      headers.origin = baseUrl;
      headers['x-desk-csrf'] = opts.session?.csrf ?? 'sign-in';
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.raw) headers['content-type'] = opts.raw.type;
    const body = opts.raw ? (typeof opts.raw.data === 'string' ? opts.raw.data : new Blob([new Uint8Array(opts.raw.data)])) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
    const res = await fetch(`${baseUrl}${url}`, { method, headers: { ...headers, ...opts.headers }, ...(body !== undefined ? { body } : {}) });
    const answer = (await res.json()) as Envelope<never>;
    expect(checker.check(method, docPath, res.status, res.headers.get('content-type'), answer)).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return { status: res.status, headers: res.headers, body: answer };
  };
  let n = 0;
  const person: DeskApi['person'] = async (role, twoFactor, tag = Date.now().toString(36)) => {
    n += 1;
    const email = `${role}-${tag}-${n}@2m.ma`;
    const user = await createDeskUser(db(), { email, name: `${role} ${tag}`, role, locale: 'fr', createdBy: null });
    await db().updateTable('desk_users').set({ password_hash: await hashPassword(DESK_PASSWORD) }).where('id', '=', user.id).execute();
    let secret: string | null = null;
    if (twoFactor) {
      const row = await db().selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      secret = (await startTotpSetup(db(), row)).secret;
      const fresh = await db().selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      // A code of the previous step: the sign-in's code (this step's) is then still unused.
      const previous = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - 30_000 });
      expect(await confirmTotp(db(), fresh, previous, new Date(Date.now() - 30_000))).toBe(true);
    }
    return { id: user.id, email, secret };
  };
  const signIn: DeskApi['signIn'] = async (p) => {
    const first = await call<{ step: string; csrf: string }>('POST', '/api/desk/session', '/api/desk/session', { body: { email: p.email, password: DESK_PASSWORD } });
    expect(first.status).toBe(200);
    let cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    let csrf = first.body.response.csrf;
    if (p.secret) {
      expect(first.body.response.step).toBe('second-factor');
      const code = new TOTP({ secret: Secret.fromBase32(p.secret) }).generate();
      const second = await call<{ step: string; csrf: string }>('POST', '/api/desk/session/second-factor', '/api/desk/session/second-factor', { session: { cookie, csrf }, body: { code } });
      expect(second.status).toBe(200);
      cookie = second.headers.get('set-cookie')!.split(';')[0]!;
      csrf = second.body.response.csrf;
    }
    return { cookie, csrf };
  };
  return { call, person, signIn };
}

/**
 * The same client for one test file, called at its top level: it reads the
 * OpenAPI document before the file's tests, and names its people with `run`.
 */
export function deskApiClient(baseUrl: string, store: Store, run: string) {
  let api: DeskApi;
  beforeAll(async () => {
    api = await deskApi(baseUrl, () => store.db);
  });
  return {
    desk: <T = unknown>(...args: Parameters<DeskApi['call']>) => api.call<T>(...args),
    person: (role: 'journalist' | 'editor' | 'admin', twoFactor: boolean) => api.person(role, twoFactor, run),
    signIn: (p: { email: string; secret: string | null }) => api.signIn(p),
  };
}
