/**
 * Helpers of the API tests that call the desk over HTTP as the desk does
 * (SITE_URL's Origin, the CSRF header), each answer checked against
 * /api/openapi.json: desk people made in the test server's store (with
 * two-factor set up from a code of the previous step), and their sign-in.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeAll, expect } from 'vitest';
import { OpenApiChecker } from './openapi-validator.ts';
import type { Store } from '../../src/server/db/index.ts';
import { hashPassword } from '../../src/server/accounts/password.ts';
import { createDeskUser } from '../../src/server/desk/people.ts';
import { confirmTotp, startTotpSetup } from '../../src/server/desk/two-factor.ts';

export interface Envelope<T = unknown> {
  header: { status: string; code: number; message?: string; errors?: Record<string, string[]> };
  response: T;
}

export interface DeskSession {
  cookie: string;
  csrf: string;
}

const PASSWORD = 'une longue phrase de passe pour le test';

/** The desk's client of one test file (call at its top level: it reads the OpenAPI document before the tests). */
export function deskApiClient(baseUrl: string, store: Store, run: string) {
  let checker: OpenApiChecker;
  beforeAll(async () => {
    checker = new OpenApiChecker((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as ConstructorParameters<typeof OpenApiChecker>[0]);
  });

  /** Calls the desk API, checking the answer against the OpenAPI document (`docPath`: the route's template). */
  async function desk<T = unknown>(method: string, docPath: string, url: string, opts: { session?: DeskSession | null; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { locale: 'fr', ...(opts.session ? { cookie: opts.session.cookie } : {}) };
    if (method !== 'GET') {
      headers.origin = baseUrl;
      headers['x-desk-csrf'] = opts.session?.csrf ?? 'sign-in';
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${url}`, { method, headers: { ...headers, ...opts.headers }, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
    const body = (await res.json()) as Envelope<T>;
    expect(checker.check(method, docPath, res.status, res.headers.get('content-type'), body)).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return { status: res.status, headers: res.headers, body };
  }

  async function person(role: 'journalist' | 'editor' | 'admin', twoFactor: boolean) {
    const email = `${role}-${run}-${Math.floor(Math.random() * 1e6)}@2m.ma`;
    const user = await createDeskUser(store.db, { email, name: `${role} ${run}`, role, locale: 'fr', createdBy: null });
    await store.db.updateTable('desk_users').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', user.id).execute();
    let secret: string | null = null;
    if (twoFactor) {
      const row = await store.db.selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      secret = (await startTotpSetup(store.db, row)).secret;
      const fresh = await store.db.selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      // A code of the previous step: the sign-in's code (this step's) is then still unused.
      const previous = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - 30_000 });
      expect(await confirmTotp(store.db, fresh, previous, new Date(Date.now() - 30_000))).toBe(true);
    }
    return { id: user.id, email, secret };
  }

  async function signIn(p: { email: string; secret: string | null }): Promise<DeskSession> {
    const first = await desk<{ step: string; csrf: string }>('POST', '/api/desk/session', '/api/desk/session', { body: { email: p.email, password: PASSWORD } });
    expect(first.status).toBe(200);
    let cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    let csrf = first.body.response.csrf;
    if (p.secret) {
      expect(first.body.response.step).toBe('second-factor');
      const code = new TOTP({ secret: Secret.fromBase32(p.secret) }).generate();
      const second = await desk<{ step: string; csrf: string }>('POST', '/api/desk/session/second-factor', '/api/desk/session/second-factor', { session: { cookie, csrf }, body: { code } });
      expect(second.status).toBe(200);
      cookie = second.headers.get('set-cookie')!.split(';')[0]!;
      csrf = second.body.response.csrf;
    }
    return { cookie, csrf };
  }

  return { desk, person, signIn };
}
