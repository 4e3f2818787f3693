/** Insert helpers shared by the seed modules (SQLite and PostgreSQL alike). */
import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../db/schema.ts';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** Rows per multi-row INSERT, kept under SQLite's bound-parameter limit. */
function chunkSize(columns: number, max = 500): number {
  return Math.max(1, Math.min(max, Math.floor(30000 / Math.max(1, columns))));
}

export async function insertOne<T extends keyof Database>(db: Kysely<Database>, table: T, row: NewRow<T>): Promise<number> {
  const r = await (db as unknown as AnyDb)
    .insertInto(table)
    .values(row as Record<string, unknown>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r['id']);
}

/** Multi-row inserts in chunks; no ids returned. */
export async function insertMany<T extends keyof Database>(db: Kysely<Database>, table: T, rows: readonly NewRow<T>[], max = 500): Promise<void> {
  if (rows.length === 0) return;
  const size = chunkSize(Object.keys(rows[0] as object).length, max);
  for (let i = 0; i < rows.length; i += size) {
    await (db as unknown as AnyDb)
      .insertInto(table)
      .values(rows.slice(i, i + size) as Record<string, unknown>[])
      .execute();
  }
}

/**
 * Multi-row inserts that return each row's id, matched back by a column that
 * is unique among the inserted rows (the RETURNING order is not guaranteed).
 */
export async function insertManyReturning<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly NewRow<T>[],
  key: string,
  max = 500,
): Promise<number[]> {
  const ids: number[] = [];
  if (rows.length === 0) return ids;
  const size = chunkSize(Object.keys(rows[0] as object).length, max);
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size) as Record<string, unknown>[];
    const returned = await (db as unknown as AnyDb)
      .insertInto(table)
      .values(chunk)
      .returning(['id', key])
      .execute();
    const byKey = new Map(returned.map((r) => [String(r[key]), Number(r['id'])]));
    for (const row of chunk) {
      const id = byKey.get(String(row[key]));
      if (id === undefined) throw new Error(`insert into ${table}: no id returned for ${key}=${String(row[key])}`);
      ids.push(id);
    }
  }
  return ids;
}
