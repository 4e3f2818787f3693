/**
 * A transaction on the SQLite store takes the write lock when it begins
 * (`begin immediate`, src/server/db/dialect.ts): one that reads, then
 * writes after another process wrote in between, would otherwise fail at
 * once with SQLITE_BUSY_SNAPSHOT (a withdrawal answered 500 that way while a
 * render worker wrote). Another connection trying to write meanwhile is told
 * the store is busy; without the lock it would get in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDialect } from '../../src/server/db/dialect.ts';

const dir = mkdtempSync(path.join(tmpdir(), '2m-sqlite-tx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite transactions', () => {
  it('hold the write lock from their first statement: another writer is kept out until they end', async () => {
    const file = path.join(dir, 'store.db');
    const db = new Kysely<{ t: { n: number } }>({ dialect: (await createDialect({ sqliteFile: file })).dialect });
    await sql`CREATE TABLE t (n INTEGER)`.execute(db);
    const other = new DatabaseSync(file, { timeout: 0 });
    try {
      const insertFromOther = () => other.exec('INSERT INTO t (n) VALUES (2)');
      await db.transaction().execute(async (trx) => {
        // Only a read so far: a deferred transaction would hold no lock yet.
        await trx.selectFrom('t').selectAll().execute();
        expect(insertFromOther).toThrow(/locked|busy/i);
        await trx.insertInto('t').values({ n: 1 }).execute();
      });
      insertFromOther();
      const rows = await db.selectFrom('t').select('n').orderBy('n').execute();
      expect(rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
