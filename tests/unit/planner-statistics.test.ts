/**
 * Planner statistics (src/server/db/statistics.ts): taken when migrations
 * run, in full when a store has none, otherwise only where they changed.
 * (That plans are good with them at scale: tests/unit/query-plans.test.ts.)
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { sqliteOnly } from '../support/pg-scratch.ts';
import { dialectOf, refreshPlannerStatistics } from '../../src/server/db/statistics.ts';

async function statRows(db: DB, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = ${table}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

describe('planner statistics', () => {
  it('are taken when the migrations run, and refreshed in full or only where needed', async () => {
    const { db } = await openStore(sqliteOnly({ dataDir: ':memory:' })); // sqlite_stat1 is SQLite's
    try {
      expect(dialectOf(db)).toBe('sqlite');
      const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
      expect(Number(rows[0]?.n)).toBe(1);

      await db
        .insertInto('master_tags')
        .values({ lang: 'fr', translation_key: 'sport', name: 'Sport', route_name: 'sport', parent_id: null, position: 0 })
        .execute();
      // The store had no statistics for its rows: the first refresh analyses in full.
      await sql`delete from sqlite_stat1`.execute(db);
      expect(await refreshPlannerStatistics(db)).toBe('analyze');
      expect(await statRows(db, 'master_tags')).toBeGreaterThan(0);
      // With statistics in place, a scheduled refresh only optimizes.
      expect(await refreshPlannerStatistics(db)).toBe('optimize');
      expect(await refreshPlannerStatistics(db, 'sqlite', { full: true })).toBe('analyze');
    } finally {
      await db.destroy();
    }
  });
});
