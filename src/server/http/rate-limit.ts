/**
 * Rate limits with rate-limiter-flexible, counted in the store (table
 * `rate_limits`, migration 011) so that a limit holds across every instance
 * of a deployment and across restarts.
 *
 * The library ships SQLite and PostgreSQL backends, but its SQLite one needs
 * the sqlite3 or better-sqlite3 addons, and a PostgreSQL one would need its
 * own pool: `StoreRateLimiter` is its generic store adapter
 * (RateLimiterStoreAbstract) over our Kysely store instead, one code path for
 * node:sqlite and pg. Each attempt is one atomic upsert
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so concurrent attempts
 * cannot both see the count before the other's increment (ADR 013).
 */
import { sql } from 'kysely';
import { RateLimiterPostgres, RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { DB } from '../db/index.ts';

/**
 * The library's generic store base class. Its index does not export it
 * (only its typings do): it is the parent of every store-backed limiter.
 */
const StoreAbstract = Object.getPrototypeOf(RateLimiterPostgres) as typeof RateLimiterStoreAbstract;
if (StoreAbstract.name !== 'RateLimiterStoreAbstract') throw new Error('rate-limiter-flexible: RateLimiterStoreAbstract not found');

interface Row {
  points: number;
  expire: number | null;
}

interface StoreInternals {
  _getRateLimiterRes(rlKey: string, changedPoints: number, result: Row): RateLimiterRes;
  _upsert(rlKey: string, points: number, msDuration: number, forceExpire?: boolean): Promise<Row>;
  _get(rlKey: string): Promise<Row | null>;
  _delete(rlKey: string): Promise<boolean>;
}

const toRow = (r: { points: number | string; expire: number | string | null }): Row => ({
  points: Number(r.points),
  expire: r.expire === null ? null : Number(r.expire),
});

class StoreRateLimiter extends StoreAbstract implements StoreInternals {
  private readonly db: () => Promise<DB>;

  constructor(opts: { db: () => Promise<DB>; keyPrefix: string; points: number; duration: number; blockDuration?: number }) {
    super({ storeClient: opts.db, keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.duration, blockDuration: opts.blockDuration ?? 0 });
    this.db = opts.db;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: Row): RateLimiterRes {
    const first = changedPoints === result.points;
    const consumed = first ? changedPoints : result.points;
    const msBeforeNext = result.expire ? Math.max(result.expire - Date.now(), 0) : -1;
    return new RateLimiterRes(Math.max(this.points - consumed, 0), msBeforeNext, consumed, first);
  }

  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Row> {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    // A window that ended starts over; a live one adds up.
    const over = sql<boolean>`(rate_limits.expire is not null and rate_limits.expire <= ${now})`;
    const row = await (await this.db())
      .insertInto('rate_limits')
      .values({ key: rlKey, points, expire })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          points: forceExpire ? sql`excluded.points` : sql`case when ${over} then excluded.points else rate_limits.points + excluded.points end`,
          expire: forceExpire ? sql`excluded.expire` : sql`case when ${over} then excluded.expire else rate_limits.expire end`,
        }),
      )
      .returning(['points', 'expire'])
      .executeTakeFirstOrThrow();
    return toRow(row);
  }

  async _get(rlKey: string): Promise<Row | null> {
    const row = await (await this.db())
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', rlKey)
      .where((eb) => eb.or([eb('expire', 'is', null), eb('expire', '>', Date.now())]))
      .executeTakeFirst();
    return row ? toRow(row) : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const r = await (await this.db()).deleteFrom('rate_limits').where('key', '=', rlKey).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}

/** A limit: at most `points` per `durationSec` per key (0 points: no limit). */
export interface LimitRule {
  /** Names the limit in the store (`<name>:<key>`). */
  name: string;
  points: number;
  durationSec: number;
  /** Once over, refuse for this long (default: until the window ends). */
  blockSec?: number;
}

export interface Limiter {
  readonly rule: LimitRule;
  /** Counts `cost` attempts for `key`: 0 when allowed, else the seconds to wait (Retry-After). */
  take(key: string, cost?: number): Promise<number>;
  /** Seconds to wait before `key` may try again, without counting an attempt. */
  peek(key: string): Promise<number>;
  /** The attempts counted for `key` in its current window (0: none). */
  count(key: string): Promise<number>;
  /** Forgets `key`'s count (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** Gives `points` back to `key` (an attempt that turned out legitimate). */
  refund(key: string, points?: number): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A limiter counted in the store. */
export function storeLimiter(db: () => Promise<DB>, rule: LimitRule): Limiter {
  if (rule.points <= 0) {
    return { rule, take: async () => 0, peek: async () => 0, count: async () => 0, reset: async () => {}, refund: async () => {} };
  }
  const rl = new StoreRateLimiter({
    db,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.durationSec,
    ...(rule.blockSec ? { blockDuration: rule.blockSec } : {}),
  });
  sweeper(db);
  return {
    rule,
    async take(key, cost = 1) {
      try {
        await rl.consume(key, cost);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return seconds(rejection.msBeforeNext);
        throw rejection;
      }
    },
    async peek(key) {
      const res = await rl.get(key);
      return res && res.consumedPoints > rule.points ? seconds(res.msBeforeNext) : 0;
    },
    async count(key) {
      return (await rl.get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await rl.delete(key);
    },
    async refund(key, points = 1) {
      await rl.reward(key, points);
    },
  };
}

/** Expired counters are deleted every 5 minutes (one timer per store, never keeping the process alive). */
const swept = new WeakSet<object>();
function sweeper(db: () => Promise<DB>): void {
  if (swept.has(db)) return;
  swept.add(db);
  const timer = setInterval(() => {
    void db()
      .then((d) => d.deleteFrom('rate_limits').where('expire', '<', Date.now()).execute())
      .catch(() => {});
  }, 5 * 60_000);
  timer.unref();
}
