/**
 * Durable tracking (ADR 013): an acknowledged play or click is never lost. A real
 * server process (tests/support/tracking-server.ts) takes events from
 * concurrent clients; it is killed with SIGKILL while they still send; every
 * event it answered 204 must be in the store when it is opened again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { sqliteOnly } from '../support/pg-scratch.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), '2m-durability-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): Promise<number> {
  child = spawn(process.execPath, [path.join(root, 'tests/support/tracking-server.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child!.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

const event = (userID: string) => ({
  connexionMode: 'visiteur',
  contentId: 'live',
  videoFileURL: 'https://www.2m.ma/live/index.m3u8',
  contentType: 'live',
  eventId: 7,
  clickSource: 'web',
  userID,
  clickDate: Math.floor(Date.now() / 1000),
  pageURL: 'https://www.2m.ma/fr/live',
});

it('every event answered 204 is in the store after a kill -9 in mid-run', { timeout: 60_000 }, async () => {
  const port = await start();
  const acknowledged: string[] = [];
  let sent = 0;
  let stop = false;
  const client = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const id = `c${n}-${i}`;
      sent += 1;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/tracking/clicks.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event(id)),
        });
        if (res.status === 204) acknowledged.push(id);
      } catch {
        return; // the server is gone
      }
    }
  };
  const clients = Array.from({ length: 20 }, (_, n) => client(n));
  // Kill once a good number of events were acknowledged, with requests still in flight.
  while (acknowledged.length < 400) await new Promise((r) => setTimeout(r, 5));
  child!.kill('SIGKILL');
  stop = true;
  await Promise.all(clients);
  expect(sent).toBeGreaterThan(acknowledged.length);

  // The server it kills stores in DATA_DIR's SQLite file.
  const { db } = await openStore(sqliteOnly({ dataDir }));
  try {
    const stored = new Set((await db.selectFrom('play_events').select('user_id').execute()).map((r) => r.user_id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
  } finally {
    await db.destroy();
  }
});
