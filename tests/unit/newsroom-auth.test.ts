import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { createToken, hashNewsroomToken, listTokens, revokeToken, TokenError } from '../../src/server/newsroom/auth.ts';
import { createNewsroomRouter, type NewsroomRoute } from '../../src/server/newsroom/router.ts';

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
    expect(trail.map((r) => [r.token_name, r.action, r.item, r.outcome])).toEqual([['cms', 'echo', '42', 201]]);
  });
});

describe('newsroom JSON bodies', () => {
  it('takes application/json and its +json flavours, refuses other types (415), too large (413), malformed (400)', async () => {
    const { readJsonBody } = await import('../../src/server/newsroom/body.ts');
    const req = (type: string, body: string) => new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body });
    expect(await readJsonBody(req('application/json; charset=utf-8', '{"a":1}'), 100)).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJsonBody(req('application/ninjs+json', '[1]'), 100)).toEqual({ ok: true, value: [1] });
    expect(await readJsonBody(req('text/plain', '{}'), 100)).toMatchObject({ ok: false, status: 415 });
    expect(await readJsonBody(req('application/json', `"${'x'.repeat(200)}"`), 100)).toMatchObject({ ok: false, status: 413 });
    expect(await readJsonBody(req('application/json', '{"a":'), 100)).toMatchObject({ ok: false, status: 400 });
  });
});
