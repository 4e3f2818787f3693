/**
 * The front server's page lookup (src/server/delivery): which request paths
 * can name a pre-built page, and that anything else, a path escaping the
 * build folder above all, goes to the on-demand handler.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryHandler } from '../../src/server/delivery/server.ts';
import { acceptedHosts } from '../../src/server/http/request-policy.ts';
import { acceptsEncoding, preferredEncoding } from '../../src/server/delivery/http-cache.ts';
import { PageCache } from '../../src/server/delivery/page-cache.ts';
import { pageKey } from '../../src/server/delivery/site-dir.ts';
import { hasLanguagePrefix } from '../../src/server/delivery/prebuild-paths.ts';
import { CdnPurger, type PurgeBody } from '../../src/server/delivery/cdn-purge.ts';
import { captureLog } from '../support/capture-log.ts';

/** Serves `handler` on a free loopback port; returns its base URL and server. */
async function listen(handler: ReturnType<typeof createDeliveryHandler>): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return { server, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}

describe('hasLanguagePrefix (what may be pre-built)', () => {
  it('keeps /ar and /fr pages, leaves the cookie-dependent unprefixed ones on demand', () => {
    for (const p of ['/ar', '/fr', '/ar/replay', '/fr/navigationlinks/conditions']) expect(hasLanguagePrefix(p)).toBe(true);
    for (const p of ['/shows', '/casting', '/castings', '/talents', '/', '/arabic', '/fresh/page']) expect(hasLanguagePrefix(p)).toBe(false);
  });
});

describe('pageKey', () => {
  it.each([
    ['/ar', '/ar'],
    ['/ar/', '/ar'],
    ['/fr/sport//', '/fr/sport'],
    ['/ar/news/%D8%AE%D8%A8%D8%B1', '/ar/news/خبر'],
    ['/fr/replay/single/12', '/fr/replay/single/12'],
  ])('%s → %s', (input, expected) => {
    expect(pageKey(input)).toBe(expected);
  });

  it.each(['/', '', 'ar', '/ar/../etc', '/ar/%2e%2e/x', '/ar//x', '/ar/%00', '/ar/%E0%A4%A', '/ar\\x', '/favicon.svg', '/fr/rss.xml'])(
    'rejects %j',
    (input) => {
      expect(pageKey(input)).toBeNull();
    },
  );
});

describe('createDeliveryHandler', () => {
  let dir = '';
  let server: Server;
  let base = '';
  const fallbackHits: string[] = [];
  const origins: (string | null)[] = [];
  let handler: ReturnType<typeof createDeliveryHandler>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), '2m-delivery-'));
    const siteDir = path.join(dir, 'site');
    const pages = path.join(siteDir, 'builds', 'b1', 'pages');
    mkdirSync(path.join(pages, 'fr'), { recursive: true });
    const html = '<!doctype html><html lang="fr"><title>Accueil</title></html>';
    writeFileSync(path.join(pages, 'fr', 'index.html'), html);
    writeFileSync(path.join(pages, 'fr', 'index.html.gz'), gzipSync(html));
    writeFileSync(
      path.join(siteDir, 'builds', 'b1', 'manifest.json'),
      JSON.stringify({ id: 'b1', builtAt: new Date().toISOString(), pages: { '/fr': { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=300' } } }),
    );
    // A file outside the pages folder that a traversal would reach.
    writeFileSync(path.join(siteDir, 'builds', 'b1', 'secret'), 'no');
    symlinkSync(path.join('builds', 'b1'), path.join(siteDir, 'current'));
    mkdirSync(path.join(dir, 'client', '_astro'), { recursive: true });
    writeFileSync(path.join(dir, 'client', '_astro', 'app.Ab12.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);

    handler = createDeliveryHandler({
      clientDir: path.join(dir, 'client'),
      siteDir,
      fallback: (req, res) => {
        fallbackHits.push(req.url ?? '');
        origins.push(req.headers.origin ?? null);
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('on demand');
      },
    });
    ({ server, base } = await listen(handler));
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  function get(p: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = request(`${base}${p}`, { method, headers }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a pre-built page with its headers, and HEAD without a body', async () => {
    const res = await get('/fr/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Accueil');
    expect(res.headers['x-prebuilt']).toBe('b1');
    expect(res.headers['cache-control']).toBe('public, s-maxage=300');
    const head = await get('/fr', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  });

  it('sends the gzip twin when accepted, identity otherwise (no brotli twin here)', async () => {
    expect((await get('/fr', { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/fr', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    // q=0 refuses an encoding, on pre-built pages as on every other answer.
    for (const ae of ['gzip;q=0', 'gzip; q=0.000, br', 'GZIP ; Q=0', '*;q=0', 'identity, *;q=0']) {
      expect((await get('/fr', { 'accept-encoding': ae })).headers['content-encoding'], ae).toBeUndefined();
    }
    expect((await get('/fr', { 'accept-encoding': 'gzip;q=0.5' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/fr', { 'accept-encoding': '*' })).headers['content-encoding']).toBe('gzip');
  });

  it('reads Accept-Encoding once for every answer (RFC 9110): q=0 refuses, * stands in for the rest', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(acceptsEncoding('x-gzip', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=nonsense', 'gzip')).toBe(false);
    expect(acceptsEncoding('brotli', 'br')).toBe(false);
  });

  it('answers a pre-built page whatever query parameters it does not read', async () => {
    const res = await get(`/fr?utm_source=x&page=${Date.now()}`);
    expect(res.headers['x-prebuilt']).toBe('b1');
  });

  it('hands queries, POSTs, unknown and escaping paths to the on-demand handler', async () => {
    fallbackHits.length = 0;
    for (const p of ['/fr/search?q=maroc', '/ar', '/fr/%2e%2e/secret', '/fr/..%2fsecret', '/_astro/../secret', '/_astro/missing.js']) {
      const res = await get(p);
      expect(res.body, p).toBe('on demand');
    }
    const post = await get('/fr/contact', {}, 'POST');
    expect(post.body).toBe('on demand');
    expect(fallbackHits).toHaveLength(7);
  });

  it('refuses before any cache or render: a method a page does not answer (405 with Allow), TRACE and unknown methods, a path over 2,048 bytes (414)', async () => {
    fallbackHits.length = 0;
    for (const method of ['POST', 'PUT', 'DELETE', 'PROPFIND', 'TRACE']) {
      const res = await get('/fr', {}, method);
      expect([res.status, res.headers['allow']], method).toEqual([405, 'GET, HEAD']);
    }
    expect((await get('/api/thing', {}, 'PROPFIND')).status).toBe(405);
    const long = await get(`/shows/${'a'.repeat(3000)}`);
    expect([long.status, long.headers['location']]).toEqual([414, undefined]);
    expect(fallbackHits).toEqual([]);
  });

  it("answers only SITE_URL's host and its aliases (400 otherwise), /healthz whatever the Host, and hands on SITE_URL's host", async () => {
    const seen: (string | undefined)[] = [];
    const strict = createDeliveryHandler({
      clientDir: path.join(dir, 'client'),
      siteDir: path.join(dir, 'site'),
      hosts: acceptedHosts('https://www.2m.ma', ['2m.ma']),
      siteHost: 'www.2m.ma',
      fallback: (req, res) => {
        seen.push(req.headers.host);
        res.end('on demand');
      },
    });
    const other = await listen(strict);
    const raw = (p: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        request(`${other.base}${p}`, { headers: { host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
    try {
      for (const host of ['www.2m.ma\\fr\\search?q=x&x=', 'www.2m.ma@evil.example', 'www.2m.ma:8080', 'www.2m.ma%2Ffr', '127.0.0.1']) {
        expect(await raw('/fr/sport', host), host).toBe(400);
      }
      expect(await raw('/healthz', '10.0.0.9:4321')).toBe(200);
      expect(await raw('/fr/sport', '2m.ma')).toBe(200);
      expect(await raw('/fr', 'WWW.2M.MA:443')).toBe(200);
      expect(seen).toEqual(['www.2m.ma']);
    } finally {
      await new Promise((r) => other.server.close(r));
    }
  });

  it('lets only this machine ask for a render past the pre-built copy (x-prebuild-render)', async () => {
    expect((await get('/fr', { 'x-prebuild-render': '1' })).body).toBe('on demand');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (!outside) return;
    const open = createServer((req, res) => void handler(req, res));
    await new Promise<void>((r) => open.listen(0, '0.0.0.0', r));
    const addr = open.address();
    try {
      const res = await fetch(`http://${outside}:${typeof addr === 'object' && addr ? addr.port : 0}/fr`, { headers: { 'x-prebuild-render': '1' } });
      expect(res.headers.get('x-prebuilt')).toBe('b1');
      await res.body?.cancel();
    } finally {
      await new Promise((r) => open.close(r));
    }
  });

  it('hands a one-click unsubscribe POST on as it came: no Origin is made up from the Host (the cross-site guard lets a cookieless POST through)', async () => {
    origins.length = 0;
    await get('/fr/newsletter/unsubscribe?token=abc', {}, 'POST');
    await get('/fr/newsletter/unsubscribe?token=abc', { origin: 'https://evil.example' }, 'POST');
    expect(origins).toEqual([null, 'https://evil.example']);
  });

  it('says it is ready (/healthz) once a pre-built site exists', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', build: 'b1' });
    const empty = createDeliveryHandler({ clientDir: dir, siteDir: path.join(dir, 'nothing-yet'), fallback: () => {} });
    const other = await listen(empty);
    try {
      const starting = await fetch(`${other.base}/healthz`);
      expect(starting.status).toBe(503);
      expect(await starting.json()).toEqual({ status: 'starting', build: null });
      expect(starting.headers.get('cache-control')).toBe('no-store');
    } finally {
      await new Promise((r) => other.server.close(r));
    }
  });

  it('serves hashed assets compressed and immutable', async () => {
    const res = await get('/_astro/app.Ab12.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });
});

describe('the cache of pages rendered on demand', () => {
  let dir = '';
  let server: Server;
  let base = '';
  let clock = 1_800_000_000_000;
  let handler: ReturnType<typeof createDeliveryHandler>;
  const hits: string[] = [];
  /** What the fake Astro answers per path. */
  const answers: Record<string, { status?: number; headers: Record<string, string | string[]>; body?: string }> = {
    '/fr/sport': { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=60' } },
    '/fr/sport/nouvel-article': { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60, s-maxage=300' } },
    '/ar/sport/new': { headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=120', 'set-cookie': 'locale=ar; Path=/; Max-Age=31536000; SameSite=Lax' } },
    '/fr/private': { headers: { 'content-type': 'text/html', 'cache-control': 'private, max-age=60' } },
    '/fr/no-shared': { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' } },
    '/shows': { headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300', vary: 'Cookie' } },
    '/fr/session': { headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300', 'set-cookie': 'sid=1; HttpOnly' } },
    '/fr/missing': { status: 404, headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300' } },
    '/fr/error': { status: 500, headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300' } },
    '/media/thing': { headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300' } },
    '/api/thing': { headers: { 'content-type': 'application/json', 'cache-control': 'public, s-maxage=300' } },
    '/fr/slow-burst': { headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300' } },
    '/fr/slow-private': { headers: { 'content-type': 'text/html', 'cache-control': 'private, max-age=60' } },
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), '2m-pagecache-'));
    handler = createDeliveryHandler({
      clientDir: path.join(dir, 'client'),
      siteDir: path.join(dir, 'site'),
      pageCache: new PageCache({ now: () => clock }),
      fallback: (req, res) => {
        const p = (req.url ?? '').split('?')[0]!;
        hits.push(req.url ?? '');
        const a = answers[p] ?? { headers: { 'content-type': 'text/plain' } };
        const n = hits.length;
        // Astro's node adapter: headers first, then the body in pieces (a while later for the slow- pages).
        const write = () => {
          res.writeHead(a.status ?? 200, a.headers);
          res.write(`<!doctype html><p>${p}</p>`);
          res.end(`<p>${'x'.repeat(3000)} #${n}</p>`);
        };
        if (p.startsWith('/fr/slow-')) setTimeout(write, 100);
        else write();
      },
    });
    ({ server, base } = await listen(handler));
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  async function get(p: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${p}`, { headers });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }
  const countOf = (p: string) => hits.filter((h) => h === p).length;

  it('renders a new page once, then answers it from memory until its s-maxage runs out', async () => {
    const first = await get('/fr/sport/nouvel-article');
    expect(first.headers.get('x-cache')).toBeNull();
    const second = await get('/fr/sport/nouvel-article', { 'accept-encoding': 'gzip' });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(countOf('/fr/sport/nouvel-article')).toBe(1);
    // Revalidation by ETag.
    const etag = second.headers.get('etag')!;
    expect((await get('/fr/sport/nouvel-article', { 'if-none-match': etag })).status).toBe(304);
    clock += 301_000;
    expect((await get('/fr/sport/nouvel-article')).headers.get('x-cache')).toBeNull();
    expect(countOf('/fr/sport/nouvel-article')).toBe(2);
  });

  it('renders once for visitors who miss the same page at once (single flight), each on its own when it cannot be kept', async () => {
    const burst = await Promise.all(Array.from({ length: 3 }, () => get('/fr/slow-burst')));
    expect(countOf('/fr/slow-burst')).toBe(1);
    expect(burst.map((r) => r.headers.get('x-cache') ?? 'MISS').sort()).toEqual(['HIT', 'HIT', 'MISS']);
    expect(new Set(burst.map((r) => r.body)).size).toBe(1);
    const own = await Promise.all(Array.from({ length: 3 }, () => get('/fr/slow-private')));
    expect(countOf('/fr/slow-private')).toBe(3);
    expect(own.every((r) => r.status === 200 && r.headers.get('x-cache') === null)).toBe(true);
  });

  it('never keeps an answer that sets a cookie, the locale cookie included (nobody gets another visitor\'s Set-Cookie)', async () => {
    await get('/ar/sport/new');
    const again = await get('/ar/sport/new', { cookie: 'locale=fr' });
    expect(again.headers.get('x-cache')).toBeNull();
    expect(countOf('/ar/sport/new')).toBe(2);
  });

  it('keeps a 404 briefly (30 s at most), and API answers per locale header', async () => {
    await get('/fr/missing');
    expect((await get('/fr/missing')).headers.get('x-cache')).toBe('HIT');
    clock += 31_000;
    expect((await get('/fr/missing')).headers.get('x-cache')).toBeNull();
    expect(countOf('/fr/missing')).toBe(2);

    await get('/api/thing', { locale: 'fr' });
    expect((await get('/api/thing', { locale: 'fr' })).headers.get('x-cache')).toBe('HIT');
    expect((await get('/api/thing', { locale: 'ar' })).headers.get('x-cache')).toBeNull();
    // No header, the cookie decides the language: never from the shared cache.
    expect((await get('/api/thing', { cookie: 'locale=fr' })).headers.get('x-cache')).toBeNull();
    expect(countOf('/api/thing')).toBe(3);
    expect(handler.forgetListings()).toBeGreaterThanOrEqual(2);
    expect((await get('/api/thing', { locale: 'fr' })).headers.get('x-cache')).toBeNull();
  });

  it('never keeps private, unshared, cookie-dependent, errors, other cookies, or non-pages', async () => {
    for (const p of ['/fr/private', '/fr/no-shared', '/shows', '/fr/session', '/fr/error', '/media/thing']) {
      await get(p);
      await get(p);
      expect(countOf(p), p).toBe(2);
    }
  });

  it('forgets every cached copy of a changed path, whatever its query (the change feed)', async () => {
    await get('/fr/sport?page=5');
    await get('/fr/sport?page=6&utm=x');
    const before = hits.length;
    expect(handler.forgetPaths(['/fr/sport', '/fr/other'])).toBe(2);
    await get('/fr/sport?page=5');
    expect(hits.length).toBe(before + 1);
  });

  it('keys on the query parameters the page reads, and on those only', async () => {
    await get('/fr/sport?page=2');
    await get('/fr/sport?page=2&utm_source=x');
    await get('/fr/sport?page=3');
    expect(countOf('/fr/sport?page=2')).toBe(1);
    expect(countOf('/fr/sport?page=2&utm_source=x')).toBe(0);
    expect(countOf('/fr/sport?page=3')).toBe(1);
    // An article reads none: a random query string is a hit of the clean URL.
    await get('/fr/sport/nouvel-article');
    const before = hits.length;
    const random = await get(`/fr/sport/nouvel-article?x=${Date.now()}`);
    expect(random.headers.get('x-cache')).toBe('HIT');
    expect(hits.length).toBe(before);
  });
});

describe('the page cache: each encoding made once, when a visitor first needs it', () => {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=300' };
  const html = Buffer.from(`<!doctype html><p>${'مقال '.repeat(2000)}</p>`);

  /** A page cache whose twins are counted (and held until `release`), as the render pool's would be. */
  function counted() {
    const made: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const cache = new PageCache({
      compress: async (encoding, source, sourceEncoding) => {
        made.push(`${sourceEncoding}->${encoding}`);
        await gate;
        const body = sourceEncoding === 'br' ? brotliDecompressSync(source) : sourceEncoding === 'gzip' ? gunzipSync(source) : source;
        return encoding === 'br' ? brotliCompressSync(body) : gzipSync(body);
      },
    });
    return { cache, made, release };
  }

  async function serve(cache: PageCache, key: string, ae: string | undefined) {
    const req = { headers: ae === undefined ? {} : { 'accept-encoding': ae }, method: 'GET', url: key } as unknown as IncomingMessage;
    let status = 0;
    let sent: Record<string, string | number> = {};
    let body: Buffer = Buffer.alloc(0);
    const res = {
      writeHead: (s: number, h: Record<string, string | number>) => ((status = s), (sent = h)),
      end: (b?: Buffer) => void (body = b ?? Buffer.alloc(0)),
    } as unknown as ServerResponse;
    const served = cache.serve(key, req, res);
    if (served !== true && served !== false) await served;
    const enc = sent['content-encoding'];
    const text = (enc === 'br' ? brotliDecompressSync(body) : enc === 'gzip' ? gunzipSync(body) : body).toString();
    return { served: served !== false, status, enc: enc ?? null, etag: sent['etag'], vary: sent['vary'], text };
  }

  it('kept in brotli: gzip made once for every visitor who waits for it, identity inflated, never compressed again', async () => {
    const { cache, made, release } = counted();
    expect(cache.put('k1', 200, headers, null, null, brotliCompressSync(html), '"e1"')).toBe(true);
    const waiting = Promise.all([serve(cache, 'k1', 'gzip'), serve(cache, 'k1', 'gzip, deflate')]);
    // Brotli is there: a browser gets it at once, the identity visitor the page inflated.
    expect(await serve(cache, 'k1', 'gzip, deflate, br')).toMatchObject({ enc: 'br', text: html.toString(), etag: '"e1"', vary: 'Accept-Encoding' });
    expect(await serve(cache, 'k1', undefined)).toMatchObject({ enc: null, text: html.toString(), etag: '"e1"' });
    release();
    for (const r of await waiting) expect(r).toMatchObject({ enc: 'gzip', text: html.toString(), etag: '"e1"' });
    expect(await serve(cache, 'k1', 'gzip')).toMatchObject({ enc: 'gzip', text: html.toString() });
    expect(made).toEqual(['br->gzip']);
  });

  it('kept as it is (a visitor who accepts no encoding): brotli made once, gzip-and-brotli visitors get gzip while brotli is made', async () => {
    const { cache, made, release } = counted();
    cache.put('k2', 200, headers, html, null, null, '"e2"');
    expect(await serve(cache, 'k2', undefined)).toMatchObject({ enc: null, text: html.toString() });
    expect(made).toEqual([]);
    const firstBr = serve(cache, 'k2', 'br');
    const secondBr = serve(cache, 'k2', 'gzip, deflate, br');
    release();
    expect(await firstBr).toMatchObject({ enc: 'br', text: html.toString() });
    expect(await secondBr).toMatchObject({ enc: 'br', text: html.toString() });
    expect(made).toEqual(['identity->br']);
    // Gzip kept: a browser still gets brotli, a gzip-only visitor gets gzip made once.
    expect(await serve(cache, 'k2', 'gzip')).toMatchObject({ enc: 'gzip', text: html.toString() });
    expect(await serve(cache, 'k2', 'gzip')).toMatchObject({ enc: 'gzip' });
    expect(made).toEqual(['identity->br', 'identity->gzip']);
  });

  it('kept in gzip: a browser gets gzip at once while brotli is made once in the background, then brotli', async () => {
    const { cache, made, release } = counted();
    cache.put('k3', 200, headers, null, gzipSync(html), null, '"e3"');
    expect(await serve(cache, 'k3', 'gzip, deflate, br')).toMatchObject({ enc: 'gzip', text: html.toString() });
    expect(await serve(cache, 'k3', 'gzip, br')).toMatchObject({ enc: 'gzip' });
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(await serve(cache, 'k3', 'gzip, br')).toMatchObject({ enc: 'br', text: html.toString() });
    expect(made).toEqual(['gzip->br']);
    // A failed twin: the visitor gets the page anyway, the next one tries again.
    const failing = new PageCache({ compress: () => Promise.reject(new Error('worker gone')) });
    failing.put('k4', 200, headers, null, gzipSync(html), null, '"e4"');
    expect(await serve(failing, 'k4', 'br')).toMatchObject({ enc: null, text: html.toString() });
  });
});

describe('the page cache under random query strings', () => {
  it('keeps answers keyed by query parameters on a shelf of their own: endless searches never push pages out', async () => {
    const hits: string[] = [];
    // 4 KB bodies: room for about 20 answers, 5 of them keyed by a query.
    const handler = createDeliveryHandler({
      clientDir: '/nonexistent',
      siteDir: '/nonexistent',
      pageCache: new PageCache({ maxBytes: 100_000, queryBytes: 25_000 }),
      fallback: (req, res) => {
        hits.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=300' });
        res.end(`<p>${req.url} ${'x'.repeat(4000)}</p>`);
      },
    });
    const { server, base } = await listen(handler);
    try {
      const get = async (p: string) => {
        const res = await fetch(`${base}${p}`);
        await res.text();
        return res.headers.get('x-cache');
      };
      const pages = Array.from({ length: 10 }, (_, i) => `/fr/sport/article-${i}`);
      for (const p of pages) await get(p);
      for (let i = 0; i < 200; i++) await get(`/fr/search?q=mot${i}`);
      // The last searches are kept, the first ones went, every page is still there.
      expect(await get('/fr/search?q=mot199')).toBe('HIT');
      expect(await get('/fr/search?q=mot0')).toBeNull();
      for (const p of pages) expect(await get(p), p).toBe('HIT');
      expect(hits.filter((h) => h.startsWith('/fr/sport/')).length).toBe(10);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the CDN purge adapter', () => {
  it('POSTs the changed absolute URLs as JSON with its token, retrying with backoff until a 2xx', async () => {
    const received: { body: PurgeBody; auth: string | undefined; type: string | undefined }[] = [];
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        received.push({ body: JSON.parse(data) as PurgeBody, auth: req.headers.authorization, type: req.headers['content-type'] });
        res.writeHead(received.length < 3 ? 503 : 204);
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    const captured = captureLog();
    const purger = new CdnPurger({
      url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/purge`,
      token: 'purge-secret',
      backoffMs: 5,
      log: captured.log,
    });
    purger.enqueue(['https://www.2m.ma/ar', 'https://www.2m.ma/ar', 'https://www.2m.ma/fr/sport/x'], 'publish');
    await purger.idle();
    await new Promise((r) => server.close(r));
    expect(received).toHaveLength(3);
    expect(received[2]!.body.urls).toEqual(['https://www.2m.ma/ar', 'https://www.2m.ma/fr/sport/x']);
    expect(received[2]!.body.reason).toBe('publish');
    expect(received[2]!.auth).toBe('Bearer purge-secret');
    expect(received[2]!.type).toBe('application/json');
    expect(captured.records.filter((l) => l.msg.includes('retrying') && l.level === 40)).toHaveLength(2);
  });

  it('gives up after its attempts, logging it', async () => {
    const captured = captureLog();
    const purger = new CdnPurger({ url: 'http://127.0.0.1:1/purge', attempts: 2, backoffMs: 1, log: captured.log });
    purger.enqueue(['https://www.2m.ma/ar'], 'update');
    await purger.idle();
    expect(captured.records.at(-1)).toMatchObject({ level: 50, msg: expect.stringMatching(/given up after 2 attempts/) });
  });
});
