/**
 * The render pool (src/server/delivery/render-pool.ts, ADR 010): Astro's
 * App runs in worker threads behind the front server, reached by worker
 * messages. A stand-in entry (tests/support/fake-astro-entry.mjs) exports an
 * `app` that echoes what reaches it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf } from '../../src/server/delivery/http-cache.ts';
import { RenderPool } from '../../src/server/delivery/render-pool.ts';
import { createDeliveryHandler } from '../../src/server/delivery/server.ts';
import { captureLog } from '../support/capture-log.ts';

const entry = pathToFileURL(path.resolve(import.meta.dirname, '../support/fake-astro-entry.mjs')).href;

// A worker loads the delivery modules from source when it starts (again): seconds on a busy machine.
describe('the render pool', { timeout: 30_000 }, () => {
  let pool: RenderPool;
  let server: Server;
  let base = '';
  const captured = captureLog();

  beforeAll(async () => {
    pool = new RenderPool({ entry, size: 2, nice: 0, siteUrl: 'http://site.test:8080', log: captured.log });
    await pool.ready();
    server = createServer((req, res) => void pool.handler(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    // Two workers each load the delivery modules from source: seconds on a busy machine.
  }, 60_000);

  afterAll(async () => {
    if (server) await new Promise((r) => server.close(r));
    await pool?.stop(1000);
  });

  it("passes method, path, host and body through, the visitor's address (never a visitor's claim), and each Set-Cookie apart", async () => {
    const res = await fetch(`${base}/api/thing?x=1`, {
      method: 'POST',
      body: 'name=Amal&city=F%C3%A8s',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-2m-front-peer': '203.0.113.9', 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const seen = (await res.json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/thing?x=1', body: 'name=Amal&city=F%C3%A8s', peer: '127.0.0.1', host: new URL(base).host });
  });

  it('renders at the site\'s origin and the path, whatever the Host says (backslashes, a path, @, a port)', async () => {
    for (const host of ['www.2m.ma\\fr\\search?q=x&x=', 'evil.example/fr/search', 'user@evil.example', 'www.2m.ma:1@evil.example', 'evil.example%2Ffr']) {
      const seen = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = request(`${base}/api/thing?x=1`, { method: 'POST', headers: { host, 'content-type': 'text/plain' } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
        });
        req.on('error', reject);
        req.end('x');
      });
      expect(seen, host).toMatchObject({ origin: 'http://site.test:8080', url: '/api/thing?x=1' });
    }
  });

  it('passes a large body in chunks, answers HEAD without a body, and a render that throws with a 500', async () => {
    const big = 'é'.repeat(600_000);
    const res = await fetch(`${base}/api/upload`, { method: 'PUT', body: big, headers: { 'content-type': 'text/plain' } });
    expect(((await res.json()) as { body: string }).body).toBe(big);
    const head = await fetch(`${base}/fr/page`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/html', '']);
    const failed = await fetch(`${base}/throw`);
    expect([failed.status, await failed.text()]).toEqual([500, 'Internal Server Error']);
  });

  it('streams an answer as it comes, and spreads concurrent requests over the workers', async () => {
    const stream = await fetch(`${base}/stream`);
    expect(stream.headers.get('content-type')).toBe('video/mp4');
    expect(await stream.text()).toBe('first last');
    const threads = await Promise.all(Array.from({ length: 4 }, async () => (await fetch(`${base}/slow`)).text()));
    expect(new Set(threads).size).toBe(2);
  });

  it('streams to a visitor who reads slowly without losing a byte, and stops the stream of one who leaves', async () => {
    const slowRead = () =>
      new Promise<Buffer>((resolve, reject) => {
        request(`${base}/big-media`, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            // Reads a chunk, then waits: the socket fills, the worker is asked to pause.
            res.pause();
            setTimeout(() => res.resume(), 2);
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
          .on('error', reject)
          .end();
      });
    const body = await slowRead();
    expect(body.length).toBe(64 * 65536);
    for (let i = 0; i < 64; i++) expect(body[i * 65536]).toBe((63 - i) % 256);
    // A visitor who leaves after the first bytes.
    await new Promise<void>((resolve, reject) => {
      const req = request(`${base}/big-media`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.on('close', resolve);
      setTimeout(() => reject(new Error('no data')), 5000);
      req.end();
    });
    // The pool still answers (the left request's turn ended).
    expect((await fetch(`${base}/slow`)).status).toBe(200);
  });

  it('renders and compresses for the pre-build in a worker (renderSource), and runs jobs there', async () => {
    const source = pool.renderSource();
    const page = await source.renderPage('/fr/page', 5000);
    if (page === 'gone') throw new Error('expected a page');
    expect(page.html.toString()).toContain('site.test:8080 1 xxx');
    expect(gunzipSync(page.gzip).equals(page.html)).toBe(true);
    expect(brotliDecompressSync(page.br).equals(page.html)).toBe(true);
    expect(page.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=60' });
    expect(await source.renderPage('/fr/gone', 5000)).toBe('gone');
    await expect(source.renderPage('/api/thing', 5000)).rejects.toThrow(/status 201/);
    await expect(source.renderPage('/fr/too-slow', 200)).rejects.toThrow(/no answer within 200 ms/);
    await expect(pool.call('no-such-job')).rejects.toThrow(/unknown job/);
  });

  it("empties each render's state once its answer is sent: a visitor's, a streamed one, the pre-build's (ADR 028)", async () => {
    await (await fetch(`${base}/fr/page?release=1`)).text();
    await (await fetch(`${base}/stream?release=2`)).text();
    await pool.renderSource().renderPage('/fr/page?release=3', 5000);
    // Each worker keeps its own list; two requests in a row go to both.
    const lists: string[][] = [];
    for (let i = 0; i < 2; i++) lists.push((await (await fetch(`${base}/released?worker=${i}`)).json()) as string[]);
    expect(lists.flat()).toEqual(expect.arrayContaining(['/fr/page?release=1', '/stream?release=2', '/fr/page?release=3']));
  });

  it("writes the pre-build's pages in the worker (renderTo): the three files, only the headers come back", async () => {
    const pagesDir = mkdtempSync(path.join(tmpdir(), '2m-pool-pages-'));
    try {
      const source = pool.renderSource();
      const headers = await source.renderTo('/fr/page', 5000, pagesDir);
      expect(headers).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=60' });
      const file = path.join(pagesDir, 'fr/page/index.html');
      const html = readFileSync(file);
      expect(html.toString()).toContain('site.test:8080 1 xxx');
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(html)).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(html)).toBe(true);
      expect(readdirSync(path.dirname(file)).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
      expect(await source.renderTo('/fr/gone', 5000, pagesDir)).toBe('gone');
      expect(existsSync(path.join(pagesDir, 'fr/gone'))).toBe(false);
      await expect(source.renderTo('/api/thing', 5000, pagesDir)).rejects.toThrow(/status 201/);
    } finally {
      rmSync(pagesDir, { recursive: true, force: true });
    }
  });

  it("takes an earlier build's files for a page rendered the same (hard links), and renders anew what differs", async () => {
    const dirs = Array.from({ length: 4 }, () => mkdtempSync(path.join(tmpdir(), '2m-pool-reuse-')));
    const [earlier, same, changed, broken] = dirs as [string, string, string, string];
    const file = (dir: string, suffix = '') => path.join(dir, `fr/page/index.html${suffix}`);
    const inode = (f: string) => statSync(f).ino;
    try {
      const source = pool.renderSource();
      await source.renderTo('/fr/page', 5000, earlier, null);
      expect(await source.renderTo('/fr/page', 5000, same, earlier)).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=60' });
      for (const suffix of ['', '.gz', '.br']) expect(inode(file(same, suffix))).toBe(inode(file(earlier, suffix)));
      expect(readdirSync(path.dirname(file(same))).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);

      // Another site (SITE_URL) renders another page: written anew, its twins its own.
      const other = new RenderPool({ entry, size: 1, nice: 0, siteUrl: 'http://other.test' });
      await other.ready();
      await other.renderSource().renderTo('/fr/page', 5000, changed, earlier).finally(() => other.stop(1000));
      const html = readFileSync(file(changed));
      expect(html.toString()).toContain('other.test');
      expect(inode(file(changed))).not.toBe(inode(file(earlier)));
      expect(gunzipSync(readFileSync(file(changed, '.gz'))).equals(html)).toBe(true);
      expect(brotliDecompressSync(readFileSync(file(changed, '.br'))).equals(html)).toBe(true);
      expect(readdirSync(path.dirname(file(changed))).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);

      // An earlier twin that no longer matches its page is never taken.
      writeFileSync(file(earlier, '.br'), brotliCompressSync('<p>something else</p>'));
      await source.renderTo('/fr/page', 5000, broken, earlier);
      const page = readFileSync(file(broken));
      expect(brotliDecompressSync(readFileSync(file(broken, '.br'))).equals(page)).toBe(true);
      expect(gunzipSync(readFileSync(file(broken, '.gz'))).equals(page)).toBe(true);
      expect(readdirSync(path.dirname(file(broken))).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it("compresses in the worker: a page the front server keeps comes in the visitor's encoding, other answers in the encoding asked", async () => {
    const twins: string[] = [];
    const delivery = createDeliveryHandler({
      clientDir: '/nonexistent',
      siteDir: '/nonexistent',
      fallback: pool.handler,
      fallbackCompresses: true,
      compressTwin: (encoding, source, sourceEncoding) => {
        twins.push(`${sourceEncoding}->${encoding}`);
        return pool.compressTwin(encoding, source, sourceEncoding);
      },
    });
    const front = createServer((req, res) => void delivery(req, res));
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    const addr = front.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const raw = (p: string, ae: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(`${url}${p}`, { headers: { 'accept-encoding': ae } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    try {
      const miss = await raw('/fr/page?utm=1', 'gzip, br');
      expect(miss.headers['content-encoding']).toBe('br');
      expect(miss.headers['x-2m-variants']).toBeUndefined();
      const html = brotliDecompressSync(miss.body).toString();
      expect(html).toContain('<!doctype html>');
      const hit = await raw('/fr/page', 'gzip');
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(hit.body).toString()).toBe(html);
      expect((await raw('/fr/page', '')).body.toString()).toBe(html);
      // Only the compressed page crosses from the worker: the ETag is the uncompressed page's, the private headers stay inside.
      expect(hit.headers['etag']).toBe(etagOf(Buffer.from(html)));
      expect(hit.headers['x-2m-etag']).toBeUndefined();
      // A miss for a visitor who accepts no encoding: the page itself.
      const plain = await raw('/fr/page-two', '');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['x-2m-etag']).toBeUndefined();
      expect(plain.headers['etag']).toBe(etagOf(plain.body));
      expect(plain.body.toString()).toContain('<!doctype html>');
      expect((await raw('/fr/page-two', 'br')).headers['x-cache']).toBe('HIT');
      expect(twins).toEqual(['br->gzip', 'identity->br']);

      // Rendered once, each encoding made once (by a worker), whoever asks and however many at once.
      const first = await raw('/fr/counted', 'gzip, deflate, br');
      expect([first.headers['x-cache'], first.headers['content-encoding']]).toEqual([undefined, 'br']);
      const page = brotliDecompressSync(first.body).toString();
      expect(page).toMatch(/render \d+\.1 /);
      const later = await Promise.all([raw('/fr/counted', 'gzip'), raw('/fr/counted?utm=2', 'gzip'), raw('/fr/counted', ''), raw('/fr/counted', 'br')]);
      expect(later.map((r) => [r.headers['x-cache'], r.headers['content-encoding']])).toEqual([
        ['HIT', 'gzip'],
        ['HIT', 'gzip'],
        ['HIT', undefined],
        ['HIT', 'br'],
      ]);
      expect(gunzipSync(later[0]!.body).toString()).toBe(page);
      expect(later[2]!.body.toString()).toBe(page);
      expect((await raw('/fr/counted', 'gzip')).headers['content-encoding']).toBe('gzip');
      expect(twins).toEqual(['br->gzip', 'identity->br', 'br->gzip']);

      // Visitors who miss the same page at once: one render, the others wait for it and get the kept copy.
      const burst = await Promise.all(Array.from({ length: 4 }, () => raw('/fr/counted-slow', 'br')));
      expect(burst.map((r) => r.headers['x-cache'] ?? 'MISS').sort()).toEqual(['HIT', 'HIT', 'HIT', 'MISS']);
      expect(new Set(burst.map((r) => brotliDecompressSync(r.body).toString())).size).toBe(1);
      expect(twins).toEqual(['br->gzip', 'identity->br', 'br->gzip']);

      const api = await raw('/api/big', 'gzip');
      expect(api.headers['content-encoding']).toBe('gzip');
      expect(api.headers['vary']).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(api.body).toString())).toHaveProperty('items');
      expect((await raw('/api/big', 'gzip')).headers['x-cache']).toBeUndefined();
    } finally {
      await new Promise((r) => front.close(r));
    }
  });

  it('answers 502 when a worker dies under a request, and starts it again', async () => {
    const res = await fetch(`${base}/crash`);
    expect(res.status).toBe(502);
    await res.body?.cancel();
    const restarted = () => captured.messages.some((l) => /exited \(3\); starting it again/.test(l));
    for (let i = 0; i < 50 && !restarted(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(restarted()).toBe(true);
    await new Promise((r) => setTimeout(r, 700));
    await pool.ready();
    const threads = await Promise.all(Array.from({ length: 4 }, async () => (await fetch(`${base}/slow`)).status));
    expect(threads).toEqual([200, 200, 200, 200]);
  });

  it('stops gracefully: a request in flight is answered, then the workers end', async () => {
    const own = new RenderPool({ entry, size: 1, nice: 0, siteUrl: 'http://site.test:8080' });
    await own.ready();
    const front = createServer((req, res) => void own.handler(req, res));
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    const addr = front.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    try {
      const inFlight = fetch(`${url}/slow`);
      await new Promise((r) => setTimeout(r, 30));
      await own.stop(2000);
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^\d+$/);
      // Stopped: a new request finds no worker.
      expect((await fetch(`${url}/slow`)).status).toBe(502);
    } finally {
      await new Promise((r) => front.close(r));
    }
  });
});
