/**
 * Rolling upgrades (docs/deploy.md "Upgrades"): an instance of the previous
 * version that (re)starts after a newer one migrated the store runs on it
 * instead of refusing to start (Kysely refuses a store that ran a migration
 * it does not list), and a migration of its own that the store lacks still
 * runs. On SQLite and, in the PostgreSQL pass, on PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

let store: Store;

beforeAll(async () => {
  store = await openStore({ dataDir: ':memory:' });
});

afterAll(async () => {
  await store.db.destroy();
});

describe('migrations during a rolling upgrade', () => {
  it('a store migrated by a newer version: this version starts on it and still runs its own missing migration', async () => {
    const db = store.db as unknown as Parameters<typeof migrateToLatest>[0];
    // A newer version ran a migration this code does not know…
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('099_from_a_newer_version', ${new Date().toISOString()})`.execute(db);
    expect(await migrateToLatest(db, store.dialect)).toEqual([]);
    // …and this code has one the store has not run yet (unordered, ADR 015): it runs.
    await sql`DELETE FROM kysely_migration WHERE name = '015_leases'`.execute(db);
    await sql`DROP TABLE leases`.execute(db);
    expect(await migrateToLatest(db, store.dialect)).toEqual(['015_leases']);
    await store.db.insertInto('leases').values({ name: 'x', holder: 'y', expires_at: 1, acquired_at: 0 }).execute();
  });
});
