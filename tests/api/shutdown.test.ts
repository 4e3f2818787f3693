/**
 * Graceful shutdown (ADR 013) over real HTTP: `npm start`, requests in flight, SIGTERM
 * to npm. /healthz answers 503 at once, every request sent is answered
 * (none reset), acknowledged events are stored, and the whole process tree
 * is gone within 10 s. On the test server's store (PostgreSQL in the
 * PostgreSQL pass).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { freePort, storeEnv, testDatabaseUrl } from '../../scripts/test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = inject('dataDir');
const siteDir = mkdtempSync(path.join(tmpdir(), '2m-shutdown-site-'));
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

it('SIGTERM to npm start: healthz 503 at once, requests in flight answered, exit within 10 s', { timeout: 90_000 }, async () => {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      // The test server's store: its SQLite file, or in the PostgreSQL pass its database.
      ...storeEnv(dataDir),
      SITE_DIR: siteDir,
      SEED_ON_START: 'false',
      PREBUILD: 'false',
      TRACKING_RATE_PER_MIN: '0',
    },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const serverPid = async () => {
    for (;;) {
      const m = /"pid":(\d+)/.exec(output);
      if (m && output.includes('listening on')) return Number(m[1]);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const pid = await serverPid();

  // One socket per request in flight: each is really sent before the signal (a request still
  // queued in the client's agent would open its connection after the listener closed).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const get = (p: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: p, method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(init.body);
    });
  const event = (userID: string) =>
    JSON.stringify({
      connexionMode: 'visiteur', contentId: 'live', videoFileURL: 'https://www.2m.ma/live/index.m3u8', contentType: 'live',
      eventId: 7, clickSource: 'web', userID, clickDate: Math.floor(Date.now() / 1000), pageURL: 'https://www.2m.ma/fr/live',
    });
  expect(await get('/healthz')).toBe(200);

  // Requests in flight: pages rendered on demand, the API, and play events.
  const ids = Array.from({ length: 10 }, (_, i) => `shutdown-${port}-${i}`);
  const inFlight = [
    ...['/fr', '/ar', '/fr/news', '/api/articlesrecent', '/ar/live', '/fr/replay'].map((p) => get(p)),
    ...ids.map((id) => get('/tracking/clicks.php', { method: 'POST', body: event(id), headers: { 'content-type': 'application/json' } })),
  ];
  await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGTERM');
  // As soon as the server has the signal, a load balancer's check sees 503.
  while (!output.includes('SIGTERM: stopping')) await new Promise((r) => setTimeout(r, 5));
  expect(await raw(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 503/);

  const statuses = await Promise.all(inFlight);
  expect(statuses.every((s) => s > 0 && s < 500), statuses.join(',')).toBe(true);
  const started = Date.now();
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  expect(alive(pid)).toBe(false);
  agent.destroy();

  const { db } = await openStore({ dataDir, databaseUrl: testDatabaseUrl(dataDir) });
  try {
    const stored = await db.selectFrom('play_events').select('user_id').where('user_id', 'in', ids).execute();
    expect(stored).toHaveLength(ids.filter((_, i) => statuses[6 + i] === 204).length);
    expect(statuses.slice(6).every((s) => s === 204)).toBe(true);
  } finally {
    await db.destroy();
  }
});
