/**
 * Leases in the store (src/server/leases.ts, migration 015, ADR 020): one
 * holder at a time, taken over only once expired, renewed and released by
 * its holder alone; withTurn makes a second instance wait for the first's
 * turn to end. Runs on SQLite and, in the PostgreSQL pass, on PostgreSQL.
 * Time is passed in, never waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { leaseHolder, release, renew, tryAcquire, withTurn } from '../../src/server/leases.ts';

let db: DB;

beforeAll(async () => {
  db = (await openStore({ dataDir: ':memory:' })).db;
});

afterAll(async () => {
  await db.destroy();
});

describe('leases', () => {
  it('one holder at a time; taken over once expired; renewed and released by its holder only', async () => {
    const t0 = 1_800_000_000_000;
    expect(await tryAcquire(db, 'job', 'a', 60_000, t0)).toBe(true);
    expect(await tryAcquire(db, 'job', 'b', 60_000, t0 + 1000)).toBe(false);
    expect(await leaseHolder(db, 'job', t0 + 1000)).toEqual({ holder: 'a', acquiredAt: t0, expiresAt: t0 + 60_000 });
    // Renewed by a, it lasts; b still cannot take it where it would have expired.
    expect(await renew(db, 'job', 'a', 60_000, t0 + 50_000)).toBe(true);
    expect(await tryAcquire(db, 'job', 'b', 60_000, t0 + 70_000)).toBe(false);
    // a stops renewing (it died): past the expiry b takes it, a's renewal and release do nothing.
    expect(await tryAcquire(db, 'job', 'b', 60_000, t0 + 110_000)).toBe(true);
    expect(await renew(db, 'job', 'a', 60_000, t0 + 111_000)).toBe(false);
    await release(db, 'job', 'a');
    expect((await leaseHolder(db, 'job', t0 + 111_000))?.holder).toBe('b');
    // Another name is another lease.
    expect(await tryAcquire(db, 'other', 'a', 60_000, t0 + 111_000)).toBe(true);
    await release(db, 'job', 'b');
    await release(db, 'other', 'a');
    expect(await leaseHolder(db, 'job', t0 + 111_000)).toBeNull();
    expect(await tryAcquire(db, 'job', 'a', 60_000, t0 + 112_000)).toBe(true);
    await release(db, 'job', 'a');
  });

  it('withTurn: a second holder waits until the first turn ends, then runs; the turns never overlap', async () => {
    const events: string[] = [];
    let finishFirst!: () => void;
    const firstMayEnd = new Promise<void>((r) => (finishFirst = r));
    let firstStarted!: () => void;
    const firstIsRunning = new Promise<void>((r) => (firstStarted = r));
    const first = withTurn(
      db,
      'prebuild-test',
      async () => {
        events.push('a start');
        firstStarted();
        await firstMayEnd;
        events.push('a end');
        return 'a';
      },
      { holder: 'a', pollMs: 5 },
    );
    await firstIsRunning;
    let waitedFor: string | undefined;
    let secondWaits!: () => void;
    const secondIsWaiting = new Promise<void>((r) => (secondWaits = r));
    const second = withTurn(
      db,
      'prebuild-test',
      async () => {
        events.push('b start');
        events.push('b end');
        return 'b';
      },
      {
        holder: 'b',
        pollMs: 5,
        onWait: (h) => {
          waitedFor = h?.holder;
          secondWaits();
        },
      },
    );
    await secondIsWaiting;
    expect(waitedFor).toBe('a');
    expect(events).toEqual(['a start']);
    finishFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ ran: true, value: 'a' });
    expect(b).toMatchObject({ ran: true, value: 'b' });
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(await leaseHolder(db, 'prebuild-test')).toBeNull();
  });

  it('withTurn: an aborted wait does not run; a failing turn is released and its error rethrown', async () => {
    expect(await tryAcquire(db, 'busy', 'someone', 60_000)).toBe(true);
    const controller = new AbortController();
    let ran = false;
    const waiting = withTurn(db, 'busy', async () => (ran = true), { holder: 'me', pollMs: 5, signal: controller.signal, onWait: () => controller.abort() });
    expect(await waiting).toEqual({ ran: false });
    expect(ran).toBe(false);
    await release(db, 'busy', 'someone');

    await expect(withTurn(db, 'busy', () => Promise.reject(new Error('render failed')), { holder: 'me' })).rejects.toThrow('render failed');
    expect(await leaseHolder(db, 'busy')).toBeNull();
  });
});
