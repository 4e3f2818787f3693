/**
 * The one HTTP cache module of delivery (src/server/delivery/http-cache.ts,
 * ADR 044): the Accept-Encoding negotiation with q-values (one parser:
 * `br;q=0` is refused by pre-built pages, assets, the page cache and the
 * render workers alike), ETags and 304, the byte-bounded LRU, and the
 * compression decision of each kind of answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  acceptsEncoding,
  ByteLru,
  cachedFile,
  compressAsset,
  encodeAnswer,
  etagOf,
  makeTwinInPool,
  makeTwinSync,
  notModified,
  preferredEncoding,
  sendCachedFile,
  storableTtl,
  varyOnEncoding,
} from '../../src/server/delivery/http-cache.ts';
import { PageCache } from '../../src/server/delivery/page-cache.ts';

const page = Buffer.from(`<!doctype html><p>${'مقال '.repeat(800)}</p>`);
const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=60' };

/** A request and a response that records what is sent. */
function exchange(requestHeaders: Record<string, string>, method = 'GET') {
  const req = { headers: requestHeaders, method, url: '/fr' } as unknown as IncomingMessage;
  const sent: { status: number; headers: Record<string, string | number>; body: Buffer | undefined } = { status: 0, headers: {}, body: undefined };
  const res = {
    writeHead: (status: number, headers: Record<string, string | number>) => {
      sent.status = status;
      sent.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    },
    end: (body?: Buffer) => void (sent.body = body),
  } as unknown as ServerResponse;
  return { req, res, sent };
}

const decoded = (encoding: unknown, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body);

describe('Accept-Encoding (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.000, gzip;q=0.5', 'gzip'],
    ['BR;Q=0, *', 'gzip'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['gzip;q=nonsense', null],
    ['x-gzip', 'gzip'],
    ['brotli', null],
    ['', null],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('reads no header as no encoding, and answers the same when a header comes again (remembered)', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    for (let i = 0; i < 3; i++) expect([acceptsEncoding('br;q=0, *', 'br'), acceptsEncoding('br;q=0, *', 'gzip')]).toEqual([false, true]);
  });

  it('refuses br;q=0 everywhere: a kept file, the page cache and a render worker', async () => {
    const refuse = { 'accept-encoding': 'br;q=0, gzip' };
    // A pre-built page or an asset with both twins.
    const file = cachedFile(page, { gzip: Buffer.from('gz'), br: Buffer.from('br') });
    const a = exchange(refuse);
    sendCachedFile(a.req, a.res, file, { 'Content-Type': 'text/html' });
    expect(a.sent.headers['content-encoding']).toBe('gzip');
    // The page cache, kept in brotli by an earlier visitor: gzip is made for this one.
    const cache = new PageCache({ compress: makeTwinInPool });
    const keptBr = makeTwinSync('br', page, 'identity');
    cache.put('b:/fr/x', 200, html, null, null, keptBr, etagOf(page));
    const b = exchange(refuse);
    await cache.serve('b:/fr/x', b.req, b.res);
    expect(b.sent.headers['content-encoding']).toBe('gzip');
    expect(decoded('gzip', b.sent.body!).equals(page)).toBe(true);
    // A render worker's answer, not kept.
    const worker = encodeAnswer(200, ['content-type', 'text/html'], page, 'br;q=0, gzip', null);
    expect(worker.headers).toContain('gzip');
    expect(worker.headers).not.toContain('br');
  });
});

describe('ETag and conditional GET', () => {
  it('is the uncompressed body\'s, the same wherever it is computed', () => {
    expect(etagOf(page)).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(etagOf(Buffer.from(page))).toBe(etagOf(page));
    expect(etagOf(Buffer.from('other'))).not.toBe(etagOf(page));
    expect(encodeAnswer(200, ['content-type', 'text/html', 'cache-control', 'public, s-maxage=60'], page, 'br', 'br').kept?.etag).toBe(etagOf(page));
  });

  it('answers 304 without a body when If-None-Match names it (weak or strong, in a list), 200 otherwise', () => {
    const etag = etagOf(page);
    expect(notModified(etag, etag)).toBe(true);
    expect(notModified(`W/${etag}`, etag)).toBe(true);
    expect(notModified(`"other", ${etag}`, etag)).toBe(true);
    expect(notModified('"other"', etag)).toBe(false);
    expect(notModified(undefined, etag)).toBe(false);

    const file = cachedFile(page, { gzip: Buffer.from('gz') });
    const hit = exchange({ 'if-none-match': etag, 'accept-encoding': 'gzip' });
    sendCachedFile(hit.req, hit.res, file, { 'Content-Type': 'text/html', Vary: 'Save-Data' });
    expect(hit.sent).toMatchObject({ status: 304, body: undefined });
    expect(hit.sent.headers).toMatchObject({ etag, vary: 'Save-Data, Accept-Encoding' });
    expect(hit.sent.headers['content-length']).toBeUndefined();

    const miss = exchange({ 'if-none-match': '"stale"' }, 'HEAD');
    sendCachedFile(miss.req, miss.res, file, { 'Content-Type': 'text/html' });
    expect(miss.sent).toMatchObject({ status: 200, body: undefined });
    expect(miss.sent.headers['content-length']).toBe(page.length);
  });

  it('answers 304 from the page cache too, with the kept ETag', () => {
    const cache = new PageCache();
    cache.put('b:/fr/y', 200, html, page, null, null);
    const x = exchange({ 'if-none-match': `W/${etagOf(page)}` });
    expect(cache.serve('b:/fr/y', x.req, x.res)).toBe(true);
    expect(x.sent.status).toBe(304);
    expect(x.sent.headers).toMatchObject({ etag: etagOf(page), vary: 'Accept-Encoding', 'x-cache': 'HIT' });
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('locale')).toBe('locale, Accept-Encoding');
    expect(varyOnEncoding('locale, accept-encoding')).toBe('locale, accept-encoding');
  });
});

describe('ByteLru', () => {
  const v = (size: number) => ({ size });

  it('stays within its bytes, dropping the least recently used first', () => {
    const lru = new ByteLru<{ size: number }>(100);
    lru.set('a', v(40));
    lru.set('b', v(40));
    expect(lru.get('a')).toBeDefined(); // a is now the most recent
    lru.set('c', v(40)); // over 100: b goes, not a
    expect(lru.keys()).toEqual(['a', 'c']);
    expect(lru.bytes).toBe(80);
    lru.set('d', v(100)); // takes it all
    expect(lru.keys()).toEqual(['d']);
    expect(lru.bytes).toBe(100);
  });

  it('refuses a value over the whole bound and keeps what the key held; peek does not reorder', () => {
    const lru = new ByteLru<{ size: number }>(100);
    const kept = v(30);
    lru.set('a', kept);
    lru.set('b', v(30));
    expect(lru.set('a', v(101))).toBe(false);
    expect(lru.get('a')).toBe(kept);
    lru.peek('b');
    lru.set('c', v(50)); // over: the least recent is b (peek did not touch it)
    expect(lru.keys()).toEqual(['a', 'c']);
  });

  it('counts a value again when it grew, dropping others to fit; not when the key holds another value', () => {
    const lru = new ByteLru<{ size: number }>(100);
    const grows = v(20);
    lru.set('old', v(50));
    lru.set('grows', grows);
    grows.size = 70;
    lru.resize('grows', grows);
    expect(lru.keys()).toEqual(['grows']);
    expect(lru.bytes).toBe(70);
    const stranger = v(10);
    lru.resize('grows', stranger);
    expect(lru.bytes).toBe(70);
    expect(lru.delete('grows')).toBe(true);
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });

  it('holds the page cache to its bound, however many answers come', () => {
    const cache = new PageCache({ maxBytes: 40_000, queryBytes: 10_000 });
    for (let i = 0; i < 100; i++) cache.put(`b:/fr/p${i}`, 200, html, Buffer.alloc(3000, i), null, null);
    for (let i = 0; i < 100; i++) cache.put(`b:/fr/search?q=${i}`, 200, html, Buffer.alloc(3000, i), null, null);
    const [plain, queried] = cache.bytes;
    expect(plain).toBeLessThanOrEqual(30_000);
    expect(queried).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(10 + 3);
    // The most recent stayed.
    const x = exchange({});
    expect(cache.serve('b:/fr/p99', x.req, x.res)).toBe(true);
    expect(cache.serve('b:/fr/p0', x.req, x.res)).toBe(false);
  });
});

describe('the compression decision', () => {
  const storable = ['content-type', 'text/html; charset=utf-8', 'cache-control', 'public, s-maxage=60'];

  it('compresses an answer the front server keeps in the visitor\'s encoding only, with the ETag of the body', () => {
    for (const keep of ['br', 'gzip', 'identity'] as const) {
      const out = encodeAnswer(200, storable, page, 'gzip, br', keep);
      expect(out.kept).toEqual({ encoding: keep, etag: etagOf(page) });
      expect(out.headers).not.toContain('content-encoding');
      expect(decoded(keep, out.body).equals(page)).toBe(true);
      expect(out.headers.slice(-2)).toEqual(['content-length', String(out.body.length)]);
    }
  });

  it('else compresses from 1 KB in the visitor\'s best encoding, with Vary', () => {
    const out = encodeAnswer(200, ['content-type', 'application/json', 'vary', 'locale', 'cache-control', 'no-store'], page, 'gzip, br', 'br');
    expect(out.kept).toBeNull();
    expect(out.headers).toEqual(['content-type', 'application/json', 'vary', 'locale, Accept-Encoding', 'cache-control', 'no-store', 'content-encoding', 'br', 'content-length', String(out.body.length)]);
    const small = encodeAnswer(200, ['content-type', 'application/json'], Buffer.alloc(1023, 'a'), 'gzip, br', null);
    expect(small.headers).toEqual(['content-type', 'application/json', 'content-length', '1023']);
  });

  it('keeps nothing that sets a cookie, varies on it, or is private', () => {
    expect(storableTtl(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' })).toBe(60);
    expect(storableTtl(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=6000' })).toBe(600);
    expect(storableTtl(404, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300' })).toBe(30);
    expect(storableTtl(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60', 'set-cookie': 'a=1' })).toBeNull();
    expect(storableTtl(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60', vary: 'Cookie' })).toBeNull();
    expect(storableTtl(200, { 'content-type': 'text/html', 'cache-control': 'private, s-maxage=60' })).toBeNull();
    expect(storableTtl(200, { 'content-type': 'video/mp4', 'cache-control': 'public, s-maxage=60' })).toBeNull();
  });

  it('makes twins from any kept encoding, in the worker or in zlib\'s pool alike', async () => {
    const br = makeTwinSync('br', page, 'identity');
    const gz = makeTwinSync('gzip', br, 'br');
    expect(decoded('gzip', gz).equals(page)).toBe(true);
    expect((await makeTwinInPool('br', gz, 'gzip')).equals(br)).toBe(true);
    expect((await makeTwinInPool('gzip', page, 'identity')).equals(gz)).toBe(true);
  });

  it('compresses an asset of a compressible type from 513 bytes, once', async () => {
    expect(await compressAsset(Buffer.alloc(512, 'a'), true)).toBeNull();
    expect(await compressAsset(Buffer.alloc(4096, 'a'), false)).toBeNull();
    const twins = await compressAsset(Buffer.alloc(513, 'a'), true);
    expect(decoded('br', twins!.br).equals(Buffer.alloc(513, 'a'))).toBe(true);
    expect(decoded('gzip', twins!.gzip).equals(Buffer.alloc(513, 'a'))).toBe(true);
  });
});
