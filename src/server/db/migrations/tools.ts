/**
 * What every migration needs, per engine: an auto-increment `id` primary
 * key, the current UTC time as an ISO-8601 text default (the store keeps
 * times as ISO strings), and `createTable` with both.
 */
import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not the current types */
export type MigrationDb = Kysely<any>;
export type Table = CreateTableBuilder<string, never>;

export interface MigrationTools {
  /** Adds `id`: serial on PostgreSQL (so at most MAX_ROW_ID), integer autoincrement on SQLite. */
  withId: (t: Table) => Table;
  /** The current time as 2026-11-25T10:00:00.000Z, for column defaults. */
  now: RawBuilder<unknown>;
  /** A new table with its `id`. */
  table: (db: MigrationDb, name: string) => Table;
}

export function migrationTools(dialect: Dialect): MigrationTools {
  const withId = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const now =
    dialect === 'postgres'
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  return { withId, now, table: (db, name) => withId(db.schema.createTable(name) as unknown as Table) };
}

/** The largest `id` a table can hold on both stores (PostgreSQL's serial is a 32-bit integer): a larger one is unknown, not an error. */
export const MAX_ROW_ID = 2_147_483_647;
