/**
 * Instances starting together on one PostgreSQL database migrate it once:
 * Kysely's Migrator runs every pending migration in one transaction under
 * a session-level advisory lock (pg_advisory_lock), so the second instance
 * waits, then finds nothing left to run. The second test holds that lock
 * itself: without it, the instance would migrate at once and the test fail.
 * (SQLite is one machine's file: one process migrates it.) Runs with
 * TEST_DATABASE_URL only.
 */
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDialect } from '../../src/server/db/dialect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from '../support/pg-scratch.ts';

/** The key of Kysely's migration lock (kysely/dist/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK = 3853314791062309107n;

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

  it('an instance migrates only once it holds the migration lock: while another holds it, it waits and runs nothing', async () => {
    const databaseUrl = await createScratchDatabase({ empty: true });
    const open = async () => new Kysely<unknown>({ dialect: (await createDialect({ sqliteFile: ':memory:', databaseUrl })).dialect });
    const [other, starting] = [await open(), await open()];
    try {
      let migrating: Promise<string[]> | undefined;
      await other.connection().execute(async (conn) => {
        // The session-level advisory lock Kysely's PostgreSQL adapter takes around migrations.
        await sql`SELECT pg_advisory_lock(${sql.lit(KYSELY_MIGRATION_LOCK)})`.execute(conn);
        try {
          migrating = migrateToLatest(starting, 'postgres');
          // The starting instance comes to wait for the lock (an advisory lock not granted, in this database)…
          let waiting = false;
          for (const deadline = Date.now() + 20_000; !waiting && Date.now() < deadline; ) {
            const { rows } = await sql<{ n: string }>`
              SELECT count(*) AS n FROM pg_locks
              WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(conn);
            waiting = Number(rows[0]!.n) > 0;
            if (!waiting) await new Promise((r) => setTimeout(r, 50));
          }
          expect(waiting).toBe(true);
          // …having run nothing.
          const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM kysely_migration`.execute(conn);
          expect(Number(rows[0]!.n)).toBe(0);
        } finally {
          await sql`SELECT pg_advisory_unlock(${sql.lit(KYSELY_MIGRATION_LOCK)})`.execute(conn);
        }
      });
      expect((await migrating!).length).toBeGreaterThan(5);
    } finally {
      await other.destroy();
      await starting.destroy();
    }
  }, 60_000);
});
