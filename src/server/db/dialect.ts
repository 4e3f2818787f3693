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

export function adaptNodeSqlite(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare: (sql) => adaptStatement(db.prepare(sql)),
  };
}

export function openSqlite(file: string): DatabaseSync {
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
