/**
 * The render pool (src/server/delivery/render-pool.ts, ADR 010) on the real
 * built Astro app, not the stand-in of render-pool.test.ts: the worker
 * re-implements what the node adapter's handler does with Astro's App
 * (`app.match`, `app.render` with cookies in the answer, the visitor's
 * address, the pre-rendered error pages) against an interface written by
 * hand, and the build exposes that App (src/build/expose-app-plugin.ts).
 * An Astro or adapter upgrade that breaks that contract fails here, in the
 * unit suite.
 *
 * It needs a build: made here when there is none (TEST_BUILD=missing by
 * default; TEST_BUILD=auto rebuilds a stale one, as the API suite does), on
 * an empty, migrated store in a temporary folder (with TEST_DATABASE_URL, a
 * scratch PostgreSQL database, which the worker reaches by DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root } from '../../scripts/test-server.ts';
import { openStore } from '../../src/server/db/index.ts';
import { etagOf } from '../../src/server/delivery/http-cache.ts';
import { RenderPool } from '../../src/server/delivery/render-pool.ts';
import { createDeliveryHandler } from '../../src/server/delivery/server.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from '../support/pg-scratch.ts';
import { captureLog } from '../support/capture-log.ts';

const SITE_URL = 'http://site.test:8080';
/** What the worker threads see of the environment (they copy it when they start). */
const ENV = { NODE_ENV: 'production', SITE_URL, SEED_ON_START: 'false', LOG_LEVEL: 'warn' };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('the render pool on the built Astro app', () => {
  let pool: RenderPool;
  let server: Server;
  let base = '';
  let dataDir = '';
  const saved: Record<string, string | undefined> = {};
  const captured = captureLog();

  beforeAll(async () => {
    // The build, once (several minutes on two cores when there is none).
    ensureBuild('missing');
    dataDir = mkdtempSync(path.join(tmpdir(), '2m-pool-astro-'));
    const databaseUrl = TEST_DATABASE_URL ? await createScratchDatabase() : undefined;
    for (const [k, v] of Object.entries({ ...ENV, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    // Migrated here, once, as serve.ts does before any worker opens the store.
    const store = await openStore({ dataDir, databaseUrl });
    await store.db.destroy();
    const entry = pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href;
    pool = new RenderPool({ entry, size: 1, nice: 0, siteUrl: SITE_URL, log: captured.log });
    await pool.ready();
    // The front server in front of it, as serve.ts makes it (its page cache keeps what the worker says may be kept).
    const delivery = createDeliveryHandler({
      clientDir: path.join(root, 'dist/client'),
      siteDir: path.join(dataDir, 'site'),
      fallback: pool.handler,
      fallbackCompresses: true,
      compressTwin: (encoding, source, sourceEncoding) => pool.compressTwin(encoding, source, sourceEncoding),
    });
    server = createServer((req, res) => void delivery(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, 900_000);

  afterAll(async () => {
    if (server) await new Promise((r) => server.close(r));
    await pool?.stop(2000);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function get(p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(`${base}${p}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  const text = (a: Answer) => (a.headers['content-encoding'] === 'br' ? brotliDecompressSync(a.body) : a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString();

  it('renders a page through the middleware, at SITE_URL, compressed in the worker and kept by the front server', async () => {
    const first = await get('/fr/search', { 'accept-encoding': 'gzip, br' });
    expect(first.status, text(first)).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['content-encoding']).toBe('br');
    const html = text(first);
    expect(html).toMatch(/<html[^>]* lang="fr"/);
    expect(html).toMatch(/<html[^>]* dir="ltr"/);
    // Absolute URLs come from SITE_URL, never from the request's address.
    expect(html).toContain(`${SITE_URL}/fr/search`);
    expect(html).not.toContain(base);
    // The worker named the uncompressed page's ETag; the second visitor gets the kept copy.
    expect(first.headers['etag']).toBe(etagOf(Buffer.from(html)));
    const second = await get('/fr/search', { 'accept-encoding': 'gzip' });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(text(second)).toBe(html);
    const arabic = text(await get('/ar/search'));
    expect(arabic).toMatch(/<html[^>]* lang="ar"/);
    expect(arabic).toMatch(/<html[^>]* dir="rtl"/);
  });

  it("passes the middleware's redirects and its cookies (Astro's cookies in the answer)", async () => {
    const redirect = await get('/ar/shows');
    expect(redirect.status).toBeGreaterThanOrEqual(300);
    expect(redirect.status).toBeLessThan(400);
    expect(redirect.headers['location']).toBe(`${SITE_URL}/shows`);
    expect(redirect.headers['set-cookie']?.some((c) => c.startsWith('locale=ar'))).toBe(true);
    // A member page nobody may keep: the middleware keeps the visitor's language with context.cookies.
    const member = await get('/fr/user/u/nobody');
    expect(member.status).toBe(404);
    expect(member.headers['cache-control']).toContain('no-store');
    expect(member.headers['set-cookie']?.some((c) => c.startsWith('locale=fr'))).toBe(true);
  });

  it("gives a route the visitor's address (Astro.clientAddress), and a cross-site form post the guard's 403", async () => {
    const ip = await get('/ip/?format=json');
    expect(ip.status).toBe(200);
    expect(JSON.parse(text(ip))).toEqual({ ip: '127.0.0.1' });
    const forged = await new Promise<Answer>((resolve, reject) => {
      const req = request(`${base}/fr/contact`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end('name=x');
    });
    expect(forged.status).toBe(403);
  });

  it('answers an unknown page with the localised not-found page, and an API path with its envelope', async () => {
    const missing = await get('/fr/no-such-page/at-all');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(text(missing)).toMatch(/<html[^>]* lang="fr"/);
    const api = await get('/api/postdetails/999999', { locale: 'fr' });
    expect(api.status).toBe(404);
    expect(JSON.parse(text(api))).toMatchObject({ header: { status: 'ERROR', code: 404 }, response: null });
  });

  it('renders for the pre-build in the worker (renderSource): the page, its twins, its headers', async () => {
    const page = await pool.renderSource().renderPage('/fr/search', 30_000);
    if (page === 'gone') throw new Error('expected a page');
    expect(page.html.toString()).toMatch(/<html[^>]* lang="fr"/);
    expect(gunzipSync(page.gzip).equals(page.html)).toBe(true);
    expect(brotliDecompressSync(page.br).equals(page.html)).toBe(true);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toMatch(/s-maxage=/);
    expect(await pool.renderSource().renderPage('/fr/no-such-page/at-all', 30_000)).toBe('gone');
    expect(captured.messages.filter((l) => /exited|failed/.test(l))).toEqual([]);
  });
});
