/**
 * Everything compressed once and kept (ADR 010),
 * over real HTTP against the served site (render workers, front server):
 *  - a miss (search page, API answer, sitemap, a deep 404) leaves in the
 *    visitor's encoding (compressed in that one only, or not at all),
 *    rendered once: the next visitors get the kept copy in brotli, gzip or
 *    identity (an encoding not made yet is made then, once), the same page
 *    under one ETag;
 *  - query parameters a page or an API route does not read share its entry;
 *  - a content change drops the kept sitemaps and API answers (made again
 *    once, on the next request), not on every request.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { testStore } from '../support/test-store.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');

const store = testStore();

interface Raw {
  status: number;
  encoding: string | null;
  cache: string | null;
  etag: string | null;
  vary: string;
  /** The body as sent. */
  wire: Buffer;
  /** The body decoded. */
  text: string;
}

/** A GET without decoding, so that the bytes on the wire can be checked. */
function get(p: string, encoding: 'br' | 'gzip' | 'identity', headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${baseUrl}${p}`, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const enc = (res.headers['content-encoding'] as string | undefined) ?? null;
        const text = (enc === 'br' ? brotliDecompressSync(wire) : enc === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          encoding: enc,
          cache: (res.headers['x-cache'] as string | undefined) ?? null,
          etag: (res.headers['etag'] as string | undefined) ?? null,
          vary: String(res.headers['vary'] ?? ''),
          wire,
          text,
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** A miss in brotli, then the kept copy in gzip (made now) and identity: one render, three encodings, one ETag. */
async function compressedThenKept(p: string, status: number, headers: Record<string, string> = {}): Promise<Raw> {
  const miss = await get(p, 'br', headers);
  expect(miss.status, p).toBe(status);
  expect(miss.cache, p).toBeNull();
  expect(miss.encoding, p).toBe('br');
  expect(miss.vary, p).toMatch(/accept-encoding/i);
  const gz = await get(p, 'gzip', headers);
  expect([gz.status, gz.cache, gz.encoding], p).toEqual([status, 'HIT', 'gzip']);
  const plain = await get(p, 'identity', headers);
  expect([plain.status, plain.cache, plain.encoding], p).toEqual([status, 'HIT', null]);
  expect(gz.text, p).toBe(miss.text);
  expect(plain.text, p).toBe(miss.text);
  if (plain.wire.length > 4096) expect(plain.wire.length, p).toBeGreaterThan(2 * miss.wire.length);
  expect(gz.etag, p).toBeTruthy();
  expect(plain.etag, p).toBe(gz.etag);
  const again = await get(p, 'br', headers);
  expect([again.cache, again.encoding], p).toEqual(['HIT', 'br']);
  return miss;
}

describe('serving: compressed once, kept', () => {
  it('a search page: rendered once, sent compressed, kept in every encoding; a parameter it does not read shares the entry', async () => {
    const q = `maroc sport ${Date.now()}`;
    const p = `/fr/search?q=${encodeURIComponent(q)}`;
    const miss = await compressedThenKept(p, 200);
    expect(miss.text).toContain('<html');
    const stray = await get(`${p}&utm_source=test&x=${Date.now()}`, 'gzip');
    expect([stray.cache, stray.etag]).toEqual(['HIT', (await get(p, 'gzip')).etag]);
  });

  it('a miss for a client that asks no encoding (wrk, autocannon) leaves as it is, then is kept in every encoding', async () => {
    const p = `/ar/search?q=${encodeURIComponent(`رياضة ${Date.now()}`)}`;
    const plain = await get(p, 'identity');
    expect([plain.status, plain.cache, plain.encoding]).toEqual([200, null, null]);
    expect(plain.vary).toMatch(/accept-encoding/i);
    expect(plain.text).toContain('<html');
    const [br, gz] = await Promise.all([get(p, 'br'), get(p, 'gzip')]);
    expect([br.cache, br.encoding, gz.cache, gz.encoding]).toEqual(['HIT', 'br', 'HIT', 'gzip']);
    expect(br.text).toBe(plain.text);
    expect(gz.text).toBe(plain.text);
    expect(new Set([plain.etag, br.etag, gz.etag]).size).toBe(1);
    expect(br.wire.length * 2).toBeLessThan(plain.wire.length);
  });

  it('an API answer and a deep listing page past the end (404) are kept too', async () => {
    const search = `/api/Search/1?search=${encodeURIComponent(`maroc ${Date.now()}`)}`;
    const api = await compressedThenKept(search, 200, { locale: 'fr' });
    expect(JSON.parse(api.text)).toMatchObject({ header: { code: 200 } });
    // A parameter the route does not read is the same entry.
    expect((await get(`${search}&x=${Date.now()}`, 'br', { locale: 'fr' })).cache).toBe('HIT');
    const recent = (await (await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: 'fr' } })).json()) as {
      response: { articles: { path: string }[] };
    };
    const listing = recent.response.articles[0]!.path.split('/').slice(0, 3).join('/');
    const deep = await compressedThenKept(`${listing}?page=${90_000 + (Date.now() % 9_000)}`, 404);
    expect(deep.text).toContain('<html');
  });

  it('a sitemap is made once per content change, not per request', async () => {
    const p = '/fr/sitemap-1.xml';
    const first = await get(p, 'br');
    expect(first.status).toBe(200);
    expect(first.encoding).toBe('br');
    expect(first.text).toContain('<urlset');
    // Kept until something changes (it may already have been kept by an earlier request).
    expect((await get(p, 'gzip')).cache).toBe('HIT');
    expect((await get(p, 'identity')).cache).toBe('HIT');

    const recent = (await (await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: 'fr' } })).json()) as {
      response: { articles: { path: string }[] };
    };
    await store.db.transaction().execute(async (trx) => {
      await recordContentChange(trx, { paths: [recent.response.articles[0]!.path], reason: 'update' });
    });
    // The change feed (polled every 500 ms) drops it: made again once, then kept again.
    await within(5, 'the cached copy dropped', async () => (await get(p, 'br')).cache === null);
    expect((await get(p, 'br')).cache).toBe('HIT');
    expect((await get(p, 'gzip')).cache).toBe('HIT');
  }, 30_000);
});
