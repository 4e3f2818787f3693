/**
 * Shared server plumbing (src/server/http, ADR 013): the
 * size-limited body reader, the visitor's address, the envelope, and rate
 * limits counted atomically in the store.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import {
  addressKey,
  BodyTooLarge,
  clientAddress,
  errorEnvelope,
  okEnvelope,
  proxyTrust,
  readBodyText,
  storeLimiter,
} from '../../src/server/http/index.ts';

let db: DB;
beforeEach(async () => {
  db = (await openStore({ dataDir: ':memory:' })).db;
});
afterEach(async () => {
  await db.destroy();
});

describe('body reader', () => {
  const streamed = (chunks: string[]) =>
    new Request('http://x/', {
      method: 'POST',
      body: new ReadableStream({
        start(c) {
          for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);

  it('reads a body within the limit, refuses a larger one declared or streamed', async () => {
    expect(await readBodyText(new Request('http://x/', { method: 'POST', body: 'مرحبا' }), 100)).toBe('مرحبا');
    await expect(readBodyText(new Request('http://x/', { method: 'POST', body: 'x'.repeat(101) }), 100)).rejects.toBeInstanceOf(BodyTooLarge);
    await expect(readBodyText(streamed(['x'.repeat(60), 'x'.repeat(60)]), 100)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(await readBodyText(streamed(['ab', 'cd']), 100)).toBe('abcd');
    expect(await readBodyText(new Request('http://x/'), 100)).toBe('');
  });
});

describe('client address', () => {
  it('trusts X-Forwarded-For only for the configured hops (TRUST_PROXY_HOPS), each a trusted proxy (TRUSTED_PROXIES)', () => {
    const req = new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6, 41.1.2.3, 10.0.0.2' } });
    expect(clientAddress(req, '127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddress(req, '127.0.0.1', 1)).toBe('10.0.0.2');
    // Two hops: the second proxy (10.0.0.2) must be trusted too; loopback alone (the default) stops at it.
    expect(clientAddress(req, '127.0.0.1', proxyTrust({ TRUST_PROXY_HOPS: 2, TRUSTED_PROXIES: ['loopback'] }))).toBe('10.0.0.2');
    expect(clientAddress(req, '127.0.0.1', proxyTrust({ TRUST_PROXY_HOPS: 2, TRUSTED_PROXIES: ['loopback', '10.0.0.0/8'] }))).toBe('41.1.2.3');
    // Never further left than the hops: 6.6.6.6 is the client's own claim.
    expect(clientAddress(req, '127.0.0.1', proxyTrust({ TRUST_PROXY_HOPS: 2, TRUSTED_PROXIES: ['loopback', '0.0.0.0/1', '128.0.0.0/1'] }))).toBe('41.1.2.3');
    expect(clientAddress(new Request('http://x/'), '127.0.0.1', 1)).toBe('127.0.0.1');
    expect(clientAddress(new Request('http://x/'), undefined, 0)).toBe('unknown');
  });

  it('never reads X-Forwarded-For from a peer that is not a trusted proxy: a visitor reaching Node directly is itself', () => {
    const trust = proxyTrust({ TRUST_PROXY_HOPS: 1, TRUSTED_PROXIES: ['loopback'] });
    for (let i = 0; i < 7; i++) {
      const forged = new Request('http://x/', { headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      expect(clientAddress(forged, '203.0.113.50', trust)).toBe('203.0.113.50');
      expect(clientAddress(forged, '::ffff:203.0.113.50', trust)).toBe('::ffff:203.0.113.50');
    }
    // From nginx on this machine (IPv4, IPv6, IPv4-mapped): the address nginx appended.
    const proxied = new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6, 196.200.1.1' } });
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(clientAddress(proxied, peer, trust)).toBe('196.200.1.1');
    // A proxy elsewhere is trusted only when listed.
    expect(clientAddress(proxied, '10.1.2.3', trust)).toBe('10.1.2.3');
    expect(clientAddress(proxied, '10.1.2.3', proxyTrust({ TRUST_PROXY_HOPS: 1, TRUSTED_PROXIES: ['10.0.0.0/8'] }))).toBe('196.200.1.1');
    expect(proxyTrust({ TRUST_PROXY_HOPS: 0, TRUSTED_PROXIES: ['0.0.0.0/1'] })).toBe(0);
  });

  it('keys IPv4 as is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0db8:0000:0012:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:12::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('envelope', () => {
  it('answers the docs/product.md, API envelope, no-store by default, Set-Cookie kept apart', async () => {
    const err = errorEnvelope(422, 'Vérifiez', { errors: { email: ['x'] }, headers: { 'retry-after': '3' } });
    expect(err.status).toBe(422);
    expect(err.headers.get('cache-control')).toBe('no-store');
    expect(err.headers.get('retry-after')).toBe('3');
    expect(await err.json()).toEqual({ header: { status: 'ERROR', code: 422, message: 'Vérifiez', errors: { email: ['x'] } }, response: null });
    const ok = okEnvelope({ a: 1 }, { code: 201, headers: [['set-cookie', 'a=1'], ['set-cookie', 'b=2']] });
    expect(ok.status).toBe(201);
    expect(ok.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await ok.json()).toEqual({ header: { status: 'OK', code: 201 }, response: { a: 1 } });
  });
});

describe('rate limits in the store (rate-limiter-flexible)', () => {
  it('counts atomically: of 50 parallel attempts exactly `points` pass', async () => {
    const limiter = storeLimiter(async () => db, { name: 't', points: 7, durationSec: 60 });
    const waits = await Promise.all(Array.from({ length: 50 }, () => limiter.take('k')));
    expect(waits.filter((w) => w === 0)).toHaveLength(7);
    expect(Math.min(...waits.filter((w) => w > 0))).toBeGreaterThan(50);
    expect(await limiter.take('other')).toBe(0);
  });

  it('is shared by every limiter over the same store (another instance sees the count)', async () => {
    const a = storeLimiter(async () => db, { name: 'shared', points: 3, durationSec: 60 });
    const b = storeLimiter(async () => db, { name: 'shared', points: 3, durationSec: 60 });
    expect(await a.take('k', 2)).toBe(0);
    expect(await b.take('k')).toBe(0);
    expect(await b.take('k')).toBeGreaterThan(0);
    expect(await a.peek('k')).toBeGreaterThan(0);
    expect(await db.selectFrom('rate_limits').select(['key', 'points']).execute()).toEqual([{ key: 'shared:k', points: 4 }]);
  });

  it('starts over once the window ended, forgets on reset, and is off at 0 points', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.UTC(2026, 10, 25, 10));
      const limiter = storeLimiter(async () => db, { name: 'w', points: 2, durationSec: 60 });
      await limiter.take('k');
      await limiter.take('k');
      expect(await limiter.take('k')).toBe(60);
      vi.setSystemTime(Date.UTC(2026, 10, 25, 10, 1, 1));
      expect(await limiter.take('k')).toBe(0);
      expect(await limiter.take('k')).toBe(0);
      expect(await limiter.take('k')).toBeGreaterThan(0);
      await limiter.reset('k');
      expect(await limiter.take('k')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    const off = storeLimiter(async () => db, { name: 'off', points: 0, durationSec: 60 });
    for (let i = 0; i < 20; i++) expect(await off.take('k')).toBe(0);
  });
});

describe('refund', () => {
  it('gives an attempt back', async () => {
    const limiter = storeLimiter(async () => db, { name: 'r', points: 2, durationSec: 60 });
    await limiter.take('k');
    await limiter.take('k');
    await limiter.refund('k');
    expect(await limiter.take('k')).toBe(0);
    expect(await limiter.take('k')).toBeGreaterThan(0);
  });
});
