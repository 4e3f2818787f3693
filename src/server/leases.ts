/**
 * Leases in the store (migration 015, ADR 020): a named turn that one
 * instance at a time holds. Taking it is one atomic upsert that succeeds only
 * when nobody holds it or the holder's lease has expired; the holder renews
 * it while it works and deletes it when done. A holder that dies (kill -9, a
 * lost machine) stops renewing, and the lease passes to the next instance
 * once it expires. Works the same on SQLite and PostgreSQL (expiry in epoch
 * milliseconds: the instances' clocks must agree to within a few seconds,
 * which NTP gives).
 *
 * Used by the scheduled full pre-build (serve.ts, scripts/rebuild.ts): the
 * instances of one database pre-build one after the other.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DB } from './db/index.ts';

/** This process's name as a holder. */
const PROCESS_HOLDER = `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;

export interface LeaseHolder {
  holder: string;
  acquiredAt: number;
  expiresAt: number;
}

/** Takes the lease for ttlMs if it is free, expired or already ours; true when taken. */
export async function tryAcquire(db: DB, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlMs, acquired_at: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
          acquired_at: eb.ref('excluded.acquired_at'),
        }))
        .where((eb) => eb.or([eb('leases.expires_at', '<=', now), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Extends our lease to now + ttlMs; false when it is not ours any more (it expired and was taken over). */
export async function renew(db: DB, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const r = await db.updateTable('leases').set({ expires_at: now + ttlMs }).where('name', '=', name).where('holder', '=', holder).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives our lease back (nothing when it is not ours). */
export async function release(db: DB, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** Who holds the lease now (an expired one counts as nobody). */
export async function leaseHolder(db: DB, name: string, now = Date.now()): Promise<LeaseHolder | null> {
  const row = await db.selectFrom('leases').select(['holder', 'acquired_at', 'expires_at']).where('name', '=', name).executeTakeFirst();
  // PostgreSQL's bigint comes back as a string.
  if (!row || Number(row.expires_at) <= now) return null;
  return { holder: row.holder, acquiredAt: Number(row.acquired_at), expiresAt: Number(row.expires_at) };
}

export interface TurnOptions {
  holder?: string;
  /** How long the lease lasts without a renewal (it is renewed every third of it). Default 60 s. */
  ttlMs?: number;
  /** How often a waiting instance tries again. Default 2 s. */
  pollMs?: number;
  /** Stops waiting (e.g. the server is stopping): the turn is not taken. */
  signal?: AbortSignal;
  /** Called once when the lease is held by someone else and we start waiting. */
  onWait?: (holder: LeaseHolder | null) => void;
  /** Called when a renewal finds the lease lost (we stalled past its expiry). */
  onLost?: () => void;
}

export type TurnResult<T> = { ran: true; value: T; waitedMs: number } | { ran: false };

/**
 * Waits for the lease `name`, runs fn while holding it (renewed in the
 * background), then releases it. Resolves { ran: false } when `signal`
 * aborted the wait. fn's error is rethrown after the release.
 */
export async function withTurn<T>(db: DB, name: string, fn: () => Promise<T>, opts: TurnOptions = {}): Promise<TurnResult<T>> {
  const holder = opts.holder ?? PROCESS_HOLDER;
  const ttlMs = opts.ttlMs ?? 60_000;
  const started = Date.now();
  let waiting = false;
  while (!(await tryAcquire(db, name, holder, ttlMs))) {
    if (!waiting) {
      waiting = true;
      opts.onWait?.(await leaseHolder(db, name));
    }
    try {
      await sleep(opts.pollMs ?? 2000, undefined, opts.signal ? { signal: opts.signal } : {});
    } catch {
      return { ran: false };
    }
    if (opts.signal?.aborted) return { ran: false };
  }
  const waitedMs = Date.now() - started;
  const timer = setInterval(() => {
    renew(db, name, holder, ttlMs).then(
      (ok) => {
        if (!ok) opts.onLost?.();
      },
      () => {
        /* the store is unreachable for a moment: the next renewal tries again */
      },
    );
  }, Math.max(100, Math.floor(ttlMs / 3)));
  timer.unref();
  try {
    return { ran: true, value: await fn(), waitedMs };
  } finally {
    clearInterval(timer);
    await release(db, name, holder).catch(() => {});
  }
}
