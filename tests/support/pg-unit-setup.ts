/**
 * Unit project setup file: with TEST_DATABASE_URL set, every store a test
 * opens without a DATABASE_URL (`openStore({ dataDir: ':memory:' })`, a temp
 * DATA_DIR, or the process-wide `getStore()`) is a fresh scratch PostgreSQL
 * database instead of SQLite, dropped when the test file ends. Without it,
 * stores stay on SQLite. A test about SQLite itself opens its store with
 * `sqliteOnly(…)` (tests/support/pg-scratch.ts). See docs/testing.md, "Tests on PostgreSQL".
 *
 * In both cases, a file that opens a store must be one of the files the
 * PostgreSQL pass runs again (tests/support/pg-unit-files.ts): otherwise the
 * test fails and says so.
 */
import { afterAll, expect, inject, vi } from 'vitest';
import type * as StoreModule from '../../src/server/db/index.ts';
import { createScratchDatabase, dropScratchDatabases, isSqliteOnly, trackStore, TEST_DATABASE_URL, useTemplate } from './pg-scratch.ts';
import { isPgUnitFile } from './pg-unit-files.ts';

/** Fails a store opened by a test file that the PostgreSQL pass would skip. */
function mustBeListed(): void {
  const file = expect.getState().testPath;
  if (file && !isPgUnitFile(file)) {
    throw new Error(`${file} opens a store: add it to PG_UNIT_FILES (tests/support/pg-unit-files.ts) so that the PostgreSQL pass runs it too`);
  }
}

useTemplate(inject('pgTemplate'));

vi.mock('../../src/server/db/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof StoreModule>();
  const openStore: typeof real.openStore = async (opts) => {
    if (opts.databaseUrl || isSqliteOnly(opts)) return real.openStore(opts);
    mustBeListed();
    if (!process.env.TEST_DATABASE_URL) return real.openStore(opts);
    const store = await real.openStore({ ...opts, databaseUrl: await createScratchDatabase() });
    trackStore(store.db);
    return store;
  };
  let storePromise: Promise<StoreModule.Store> | undefined;
  const getStore: typeof real.getStore = process.env.TEST_DATABASE_URL
    ? () => {
        storePromise ??= (async () => {
          const { getConfig } = await import('../../src/server/config.ts');
          const config = getConfig();
          return openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
        })();
        return storePromise;
      }
    : async () => {
        mustBeListed();
        return real.getStore();
      };
  const getDb: typeof real.getDb = async () => (await getStore()).db;
  return { ...real, openStore, getStore, getDb };
});

// Dropping databases is slow on a busy machine: a generous timeout.
afterAll(async () => {
  if (TEST_DATABASE_URL) await dropScratchDatabases();
}, 120_000);
