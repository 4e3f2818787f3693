import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { createToken, hashNewsroomToken, listTokens, revokeToken, TokenError } from '../../src/server/newsroom/auth.ts';
import { createNewsroomRouter, type NewsroomRoute } from '../../src/server/newsroom/router.ts';
import { storeLimiter } from '../../src/server/http/rate-limit.ts';

const echo: NewsroomRoute = {
  method: 'POST',
  path: '/api/newsroom/echo/{id}',
  action: 'echo',
  handler: async (ctx) => ({ status: 201, response: { id: ctx.params.id, token: ctx.tokenName }, item: ctx.params.id ?? null }),
};

describe('newsroom tokens', () => {
  it('stores only the hash, authenticates live tokens, refuses wrong and revoked ones with 401, audits calls', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    const token = await createToken(db, 'cms');
    expect(token).toMatch(/^nr_[A-Za-z0-9_-]{43}$/);
    const row = await db.selectFrom('newsroom_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashNewsroomToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    await expect(createToken(db, 'cms')).rejects.toBeInstanceOf(TokenError);
    await expect(createToken(db, 'bad name')).rejects.toBeInstanceOf(TokenError);

    const handle = createNewsroomRouter([echo], async () => db);
    const call = (auth?: string) =>
      handle(new Request('http://x/api/newsroom/echo/42', { method: 'POST', headers: auth ? { authorization: auth } : {} }));

    const none = await call();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ header: { status: 'ERROR', code: 401 }, response: null });
    expect((await call(`Bearer ${token.slice(0, -1)}x`)).status).toBe(401);

    const ok = await call(`Bearer ${token}`);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ header: { status: 'OK', code: 201 }, response: { id: '42', token: 'cms' } });
    expect((await listTokens(db))[0]!.lastUsedAt).not.toBeNull();

    const wrongMethod = await handle(new Request('http://x/api/newsroom/echo/1', { method: 'GET', headers: { authorization: `Bearer ${token}` } }));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');

    expect(await revokeToken(db, 'cms')).toBe('revoked');
    expect(await revokeToken(db, 'cms')).toBe('already-revoked');
    expect(await revokeToken(db, 'nobody')).toBe('unknown');
    expect((await call(`Bearer ${token}`)).status).toBe(401);

    const trail = await db.selectFrom('newsroom_audit').selectAll().orderBy('id').execute();
    expect(trail.map((r) => [r.token_name, r.action, r.item, r.outcome])).toEqual([
      ['', 'auth.refused', null, 401],
      ['', 'auth.refused', `${token.slice(0, 8)}…`, 401],
      ['cms', 'echo', '42', 201],
      ['', 'auth.refused', `${token.slice(0, 8)}…`, 401],
    ]);
    // The audit trail never holds a token, only its first characters.
    expect(JSON.stringify(trail)).not.toContain(token.slice(0, 12));
    expect(trail.map((r) => JSON.parse(r.detail ?? '{}').reason)).toEqual(['no Authorization header', 'unknown or revoked token', undefined, 'unknown or revoked token']);
  });

  it('limits failed authentications per address (429 with Retry-After, audited once per block), never slowing a live token', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    const token = await createToken(db, 'wire');
    const limiter = storeLimiter(async () => db, { name: 'newsroom-auth', points: 5, durationSec: 60, blockSec: 300 });
    const handle = createNewsroomRouter([echo], async () => db, { limiter, proxyTrust: 1 });
    const call = (auth: string, from: string) =>
      handle(new Request('http://x/api/newsroom/echo/7', { method: 'POST', headers: { authorization: auth, 'x-forwarded-for': from } }), '127.0.0.1');

    const statuses: number[] = [];
    let blocked: Response | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await call(`Bearer guess-${i}-${'x'.repeat(20)}`, '203.0.113.9');
      statuses.push(res.status);
      if (res.status === 429) blocked ??= res;
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect(Number(blocked!.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await blocked!.json()).toMatchObject({ header: { code: 429 } });
    // Another address is not blocked; a live token from the blocked address still works, and counts nothing.
    expect((await call('Bearer nope-nope-nope', '198.51.100.7')).status).toBe(401);
    const rows = await db.selectFrom('rate_limits').selectAll().execute();
    expect((await call(`Bearer ${token}`, '203.0.113.9')).status).toBe(201);
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual(rows);

    const refused = await db.selectFrom('newsroom_audit').selectAll().where('action', '=', 'auth.refused').orderBy('id').execute();
    expect(refused.map((r) => r.outcome)).toEqual([401, 401, 401, 401, 401, 429, 401]);
    expect(refused.map((r) => r.item)).toEqual(['guess-0-…', 'guess-1-…', 'guess-2-…', 'guess-3-…', 'guess-4-…', 'guess-5-…', 'nope-no…']);
    expect(refused.every((r) => JSON.parse(r.detail!).address)).toBe(true);
  });
});
