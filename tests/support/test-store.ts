/**
 * The test server's store, for an API test file that reads or writes it
 * directly: opened before the file's tests (the server's data folder and
 * database, as injected by tests/api/setup) and closed after them.
 *
 *   const store = testStore();   // at the top level of the file
 *   … await store.db.selectFrom('articles') …
 */
import { afterAll, beforeAll, inject } from "vitest";
import { testDatabaseUrl } from "../../scripts/test-server.ts";
import { openStore, type Store } from "../../src/server/db/index.ts";

export function testStore(): Store {
  let opened: Store | undefined;
  beforeAll(async () => {
    const dataDir = inject("dataDir");
    opened = await openStore({
      dataDir,
      databaseUrl: testDatabaseUrl(dataDir),
    });
  });
  afterAll(async () => {
    await opened?.db.destroy();
  });
  const current = (): Store => {
    if (!opened)
      throw new Error(
        "testStore(): the store is opened in beforeAll; use it inside a hook or a test",
      );
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get dialect() {
      return current().dialect;
    },
  };
}
