/**
 * Instances starting together on one PostgreSQL database migrate it once:
 * Kysely's Migrator runs every pending migration in one transaction under
 * a transaction-level advisory lock (pg_advisory_xact_lock), so the second
 * instance waits, then finds nothing left to run. (SQLite is one machine's
 * file: one process migrates it.) Runs with TEST_DATABASE_URL only.
 */
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDialect } from '../../src/server/db/dialect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from '../support/pg-scratch.ts';

describe.skipIf(!TEST_DATABASE_URL)('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('three instances starting at once on an empty database: each migration runs once, all succeed', async () => {
    const databaseUrl = await createScratchDatabase({ empty: true });
    const instances = await Promise.all(
      [1, 2, 3].map(async () => new Kysely<unknown>({ dialect: (await createDialect({ sqliteFile: ':memory:', databaseUrl })).dialect })),
    );
    try {
      const ran = await Promise.all(instances.map((db) => migrateToLatest(db, 'postgres')));
      const all = ran.flat();
      expect(all.length).toBeGreaterThan(5);
      expect(new Set(all).size).toBe(all.length);
      expect(ran.filter((names) => names.length > 0)).toHaveLength(1);
      // Every migration is recorded once.
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM kysely_migration`.execute(instances[0]!);
      expect(Number(rows[0]!.n)).toBe(all.length);
    } finally {
      for (const db of instances) await db.destroy();
    }
  }, 60_000);
});
