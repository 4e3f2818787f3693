/**
 * The render pool (src/server/delivery/render-pool.ts, ADR 010): Astro's
 * handler runs in worker threads behind the front server. A stand-in entry
 * (tests/support/fake-astro-entry.mjs) echoes what reaches it.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../../src/server/delivery/render-pool.ts';

const entry = pathToFileURL(path.resolve(import.meta.dirname, '../support/fake-astro-entry.mjs')).href;

describe('the render pool', () => {
  let pool: RenderPool;
  let server: Server;
  let base = '';
  const logs: string[] = [];

  beforeAll(async () => {
    pool = new RenderPool({ entry, size: 2, nice: 0, log: (m) => logs.push(m) });
    await pool.ready();
    server = createServer((req, res) => void pool.handler(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await pool.stop(1000);
  });

  it("passes method, path, host and body through, the visitor's address (never a visitor's claim), and each Set-Cookie apart", async () => {
    const res = await fetch(`${base}/api/thing?x=1`, {
      method: 'POST',
      body: 'name=Amal&city=F%C3%A8s',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-2m-front-peer': '203.0.113.9' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const seen = (await res.json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/thing?x=1', body: 'name=Amal&city=F%C3%A8s', peer: '127.0.0.1', spoofed: null, host: new URL(base).host });
  });

  it('streams an answer as it comes, and spreads concurrent requests over the workers', async () => {
    const stream = await fetch(`${base}/stream`);
    expect(await stream.text()).toBe('first last');
    const threads = await Promise.all(Array.from({ length: 4 }, async () => (await fetch(`${base}/slow`)).text()));
    expect(new Set(threads).size).toBe(2);
  });

  it('renders for the pre-build without the front server (fetchPage), and runs jobs in a worker', async () => {
    const res = await pool.fetchPage('/fr/page', { headers: { 'x-prebuild-render': '1' }, host: 'site.test' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { host: string }).host).toBe('site.test');
    await expect(pool.call('no-such-job')).rejects.toThrow(/unknown job/);
  });

  it('answers 502 when a worker dies under a request, and starts it again', async () => {
    const res = await fetch(`${base}/crash`);
    expect(res.status).toBe(502);
    await res.body?.cancel();
    const restarted = () => logs.some((l) => /exited \(3\); starting it again/.test(l));
    for (let i = 0; i < 50 && !restarted(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(restarted()).toBe(true);
    await new Promise((r) => setTimeout(r, 700));
    await pool.ready();
    const threads = await Promise.all(Array.from({ length: 4 }, async () => (await fetch(`${base}/slow`)).status));
    expect(threads).toEqual([200, 200, 200, 200]);
  });
});
