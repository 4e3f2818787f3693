/**
 * Kysely dialects: the embedded default over Node's built-in `node:sqlite`
 * (no native addon to compile), or PostgreSQL through `pg` when DATABASE_URL
 * is set. Kysely's SqliteDialect expects a better-sqlite3-shaped database;
 * `adaptNodeSqlite` gives `node:sqlite` that shape.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, PostgresDialect, type Dialect as KyselyDialect } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

type Param = null | number | bigint | string | Uint8Array;

function toParam(v: unknown): Param {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' || v instanceof Uint8Array) return v;
  return JSON.stringify(v);
}

function adaptStatement(stmt: StatementSync): SqliteStatement {
  const reader = stmt.columns().length > 0;
  const params = (p: ReadonlyArray<unknown>) => p.map(toParam);
  return {
    reader,
    all: (p) => stmt.all(...params(p)),
    run: (p) => {
      const r = stmt.run(...params(p));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    iterate: (p) => stmt.iterate(...params(p)) as IterableIterator<unknown>,
  };
}

/** Prepared statements kept per connection (Kysely prepares every query it runs). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares each query anew; compiling the SQL again
 * was a tenth of the store's time in a page render. Statements are kept by
 * SQL text (the least recently used go first) and reused: node:sqlite is
 * synchronous, so `all` and `run` finish before another query can use the
 * statement. `iterate` (streaming) gets a statement of its own.
 */
function adaptNodeSqlite(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (text) => {
      // Kysely opens a transaction with a plain (deferred) `begin`: one that reads, then writes after
      // another process (a render worker, the CLI) wrote in between fails at once with
      // SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out. `begin immediate` takes the write lock
      // first, so a transaction waits its turn (busy_timeout) instead.
      const sql = text === 'begin' ? 'begin immediate' : text;
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = db.prepare(sql);
      const adapted = adaptStatement(stmt);
      const shared: SqliteStatement = { ...adapted, iterate: (p) => adaptStatement(db.prepare(sql)).iterate(p) };
      cache.set(sql, shared);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return shared;
    },
  };
}

function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  if (file !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

export async function createDialect(opts: { sqliteFile: string; databaseUrl?: string | undefined }): Promise<{
  dialect: KyselyDialect;
  kind: Dialect;
}> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    return {
      kind: 'postgres',
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 }) }),
    };
  }
  const raw = openSqlite(opts.sqliteFile);
  return { kind: 'sqlite', dialect: new SqliteDialect({ database: adaptNodeSqlite(raw) }) };
}
