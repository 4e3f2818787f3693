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

/** The store cannot work (unwritable, unreachable): its message is one line for the operator, naming the path or variable. */
export class StoreError extends Error {}

/** A postgres URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return 'postgres://…';
  }
}

function reason(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] };
  const first = Array.isArray(e.errors) && e.errors.length > 0 ? (e.errors[0] as { code?: unknown; message?: unknown }) : e;
  const code = typeof first.code === 'string' ? `${first.code}: ` : '';
  return `${code}${String(first.message ?? error)}`.split('\n')[0]!.slice(0, 300);
}

/**
 * Opens the store, migrates it and proves it can be written (a start must
 * not serve 500s and 204s that store nothing): a row written and deleted in
 * `rate_limits`. Throws StoreError naming the file (or DATABASE_URL, password
 * hidden) when it cannot.
 */
export async function openStore(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<Store> {
  let sqliteFile = ':memory:';
  const where = opts.databaseUrl
    ? `DATABASE_URL (${redactUrl(opts.databaseUrl)})`
    : `the store ${path.resolve(opts.dataDir, 'site.sqlite')}`;
  if (!opts.databaseUrl && opts.dataDir !== ':memory:') {
    try {
      mkdirSync(opts.dataDir, { recursive: true });
    } catch (error) {
      throw new StoreError(`cannot create DATA_DIR ${path.resolve(opts.dataDir)}: ${reason(error)}`);
    }
    sqliteFile = path.join(opts.dataDir, 'site.sqlite');
  }
  let db: Kysely<Database> | undefined;
  try {
    const { dialect, kind } = await createDialect({ sqliteFile, databaseUrl: opts.databaseUrl });
    db = new Kysely<Database>({ dialect });
    const ran = await migrateToLatest(db as unknown as Kysely<unknown>, kind);
    // New tables or indexes need statistics at once; otherwise, on SQLite, only what changed a lot
    // (src/server/db/statistics.ts). PostgreSQL's autovacuum keeps them between migrations.
    if (ran.length > 0 || kind === 'sqlite') await refreshPlannerStatistics(db, kind, { full: ran.length > 0 });
    const probe = `store-check:${process.pid}:${Date.now()}`;
    await db.insertInto('rate_limits').values({ key: probe, points: 0, expire: 0 }).execute();
    await db.deleteFrom('rate_limits').where('key', '=', probe).execute();
    return { db, dialect: kind };
  } catch (error) {
    await db?.destroy().catch(() => {});
    const verb = opts.databaseUrl ? 'cannot reach or write' : 'cannot write';
    throw new StoreError(`${where}: ${verb} it (${reason(error)}). Check ${opts.databaseUrl ? 'the server, the URL and the credentials' : 'its permissions and the free disk space'}.`);
  }
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
