/**
 * Freshness on every instance (ADR 015), on PostgreSQL only
 * (the PostgreSQL pass, TEST_DATABASE_URL): a second instance B runs on the
 * test server's database with its own DATA_DIR (its own pre-build); a story
 * published through the newsroom API of the test server A shows on B's home
 * page within 5 s (B follows the same change table), and its withdrawal on A
 * takes it off B's home page; both serve the same VAPID public key (kept in
 * the store, ADR 019). SQLite is one machine's file: no second instance.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { root, startServer, storeEnv, testDatabaseUrl, type RunningServer } from '../../scripts/test-server.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const onPostgres = Boolean(testDatabaseUrl(dataDir));

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let b: RunningServer;
  let bDir: string;
  let token: string;

  beforeAll(async () => {
    bDir = mkdtempSync(path.join(tmpdir(), '2m-test-b-'));
    // A's database given in B's environment, not in B's DATA_DIR/.test-database-url: stopping B
    // (or B failing to start) then never drops the database A still uses.
    b = await startServer({ dataDir: bDir, env: { DATABASE_URL: testDatabaseUrl(dataDir)! } });
    const out = execFileSync(process.execPath, ['scripts/newsroom.ts', 'token', 'create', '--name', `two-instances-${Date.now()}`], {
      cwd: root,
      env: { ...process.env, ...storeEnv(dataDir), NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    token = out.trim().split('\n').at(-1)!;
  }, 240_000);

  afterAll(async () => {
    await b?.stop();
  });

  const onHome = async (server: string, title: string) => (await (await fetch(`${server}/fr`)).text()).includes(title);
  const newsroom = (method: string, url: string, body: unknown) =>
    fetch(`${baseUrl}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a story published on A shows on B within 5 s; withdrawn on A, it leaves B within 5 s', async () => {
    const title = `Deux instances, une base ${Date.now()}`;
    const uri = `urn:test:two-instances:${Date.now()}`;
    expect(await onHome(b.baseUrl, title)).toBe(false);
    const published = await newsroom('POST', '/api/newsroom/articles', {
      uri,
      type: 'text',
      language: 'fr',
      version: '1',
      pubstatus: 'usable',
      headlines: [{ value: title, role: 'main' }],
      bodies: [{ contenttype: 'text/html', value: '<p>Publié sur une instance, lu sur l’autre.</p>' }],
      subjects: [{ uri: 'urn:2m:section:economie' }],
    });
    expect(published.status).toBe(201);
    const shown = Math.round((await within(5, 'published on A, on B', () => onHome(b.baseUrl, title))) * 1000);
    const withdrawn = await newsroom('POST', '/api/newsroom/articles/withdraw', { uri });
    expect(withdrawn.status).toBe(200);
    const gone = Math.round((await within(5, 'withdrawn on A, gone from B', async () => !(await onHome(b.baseUrl, title)))) * 1000);
    console.log(`two instances: published on A, on B's home page after ${shown} ms; withdrawn, gone after ${gone} ms`);
  });

  it('both sign pushes with one VAPID key pair: the one kept in the store (GET /api/push/key)', async () => {
    const key = async (server: string) => ((await (await fetch(`${server}/api/push/key`)).json()) as { response: { publicKey: string } }).response.publicKey;
    const [onA, onB] = await Promise.all([key(baseUrl), key(b.baseUrl)]);
    expect(Buffer.from(onA, 'base64url')).toHaveLength(65);
    expect(onB).toBe(onA);
  });
});
