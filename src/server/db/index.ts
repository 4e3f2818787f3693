/**
 * The content store: one Kysely instance per process, migrated on first use.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { getConfig } from '../config.ts';
import { createDialect, type Dialect } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';
import { refreshPlannerStatistics, schedulePlannerStatistics } from './statistics.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;
export type { Database } from './schema.ts';

export interface Store {
  db: DB;
  dialect: Dialect;
}

let storePromise: Promise<Store> | undefined;

export async function openStore(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<Store> {
  let sqliteFile = ':memory:';
  if (!opts.databaseUrl && opts.dataDir !== ':memory:') {
    mkdirSync(opts.dataDir, { recursive: true });
    sqliteFile = path.join(opts.dataDir, 'site.sqlite');
  }
  const { dialect, kind } = await createDialect({ sqliteFile, databaseUrl: opts.databaseUrl });
  const db = new Kysely<Database>({ dialect });
  const ran = await migrateToLatest(db as unknown as Kysely<unknown>, kind);
  // New tables or indexes need statistics at once; otherwise, on SQLite, only what changed a lot
  // (src/server/db/statistics.ts). PostgreSQL's autovacuum keeps them between migrations.
  if (ran.length > 0 || kind === 'sqlite') await refreshPlannerStatistics(db, kind, { full: ran.length > 0 });
  return { db, dialect: kind };
}

/** The process-wide store, opened from configuration. */
export function getStore(): Promise<Store> {
  storePromise ??= (async () => {
    const config = getConfig();
    const store = await openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
    schedulePlannerStatistics(store.db, store.dialect);
    return store;
  })();
  return storePromise;
}

export async function getDb(): Promise<DB> {
  return (await getStore()).db;
}

export async function isStoreEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
