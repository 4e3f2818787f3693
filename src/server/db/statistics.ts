/**
 * Planner statistics (ADR 010). Without them SQLite picks indexes by
 * heuristics alone: at 100,000 articles the translation lookup of an article
 * walked the other language's whole `articles_published` range (about
 * 70 ms instead of 0.05 ms) and the home sections' `id in (…)` lookups did
 * the same. The statistics are gathered
 *
 *  - after seeding (scripts/seed.ts, `addSyntheticArticles`) and after the
 *    migrations (`openStore`): a full `ANALYZE` when a migration ran or the
 *    store has none yet (about 0.2 s at 100,000 articles), else
 *    `PRAGMA optimize`, which only re-analyses tables whose size changed a lot;
 *  - on a schedule in the serving process (`schedulePlannerStatistics`,
 *    `PRAGMA optimize` every STATS_INTERVAL_MS).
 *
 * On PostgreSQL autovacuum keeps statistics, but a bulk load or a new index
 * is analysed at once (`ANALYZE`, after `VACUUM articles` so that index-only
 * scans work at once) and again on the same schedule.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.ts';
import { featureLogger, type Log } from '../log.ts';

/** Between two scheduled `PRAGMA optimize` (SQLite) / `ANALYZE` (PostgreSQL). */
const STATS_INTERVAL_MS = 60 * 60_000;

/* eslint-disable @typescript-eslint/no-explicit-any -- statistics concern the whole store, whatever its tables */
type AnyDb = Kysely<any>;

/** The engine behind a Kysely instance. */
export function dialectOf(db: AnyDb): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Whether the SQLite store has planner statistics at all. */
async function hasSqliteStats(db: AnyDb): Promise<boolean> {
  const table = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(table.rows[0]?.n ?? 0) === 0) return false;
  const rows = await sql<{ n: number }>`select count(*) as n from sqlite_stat1`.execute(db);
  return Number(rows.rows[0]?.n ?? 0) > 0;
}

/**
 * Brings the planner statistics up to date. `full`: analyse every table now
 * (after a bulk load or new indexes); otherwise only what changed enough
 * (SQLite's `PRAGMA optimize`, checking every table) — unless the store has
 * no statistics yet, then in full.
 */
export async function refreshPlannerStatistics(
  db: AnyDb,
  dialect: Dialect = dialectOf(db),
  opts: { full?: boolean } = {},
): Promise<'analyze' | 'optimize'> {
  if (dialect === 'postgres') {
    // After a bulk load or a migration, also set the articles' visibility map (VACUUM), without which
    // the listings' keys are read from the table rather than from the index alone (016_listing_keys).
    if (opts.full) await sql`vacuum articles`.execute(db);
    await sql`analyze`.execute(db);
    return 'analyze';
  }
  if (opts.full || !(await hasSqliteStats(db))) {
    await sql`analyze`.execute(db);
    return 'analyze';
  }
  // 0x10002: check every table (0x10000), analyse those that need it (0x02).
  await sql`pragma optimize = 0x10002`.execute(db);
  return 'optimize';
}

/**
 * Refreshes the statistics every `intervalMs` in this process (a timer that
 * does not keep the process alive). Returns the function that stops it.
 */
export function schedulePlannerStatistics(
  db: AnyDb,
  dialect: Dialect,
  intervalMs = STATS_INTERVAL_MS,
  log: Log = featureLogger('store'),
): () => void {
  const timer = setInterval(() => {
    refreshPlannerStatistics(db, dialect).catch((err: unknown) => log.error({ err }, 'planner statistics not refreshed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
