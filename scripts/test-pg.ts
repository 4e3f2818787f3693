/**
 * The PostgreSQL pass of `npm test` (`npm run test:pg`): with TEST_PG_URL
 * (a PostgreSQL server and a role that may CREATE DATABASE; .ci/run sets it),
 * runs the API suite and the unit files that reach a store
 * (tests/support/pg-unit-files.ts) again, with TEST_DATABASE_URL set to it for
 * those runs only (the first pass stays on SQLite), every test store a scratch
 * database on that server (tests/support/pg-scratch.ts), then a browser smoke
 * pass (the tests marked PG_SMOKE, tests/support/pg-smoke.ts) against a
 * server on PostgreSQL. Without it, says so and succeeds: the SQLite suites
 * have already run.
 *
 *   TEST_PG_URL=postgres://site2m:site2m@127.0.0.1/site2m_dev npm run test:pg
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PG_SMOKE } from '../tests/support/pg-smoke.ts';
import { PG_UNIT_FILES } from '../tests/support/pg-unit-files.ts';

const root = path.resolve(import.meta.dirname, '..');

const pgUrl = process.env.TEST_PG_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.log('test:pg: TEST_PG_URL is not set, the PostgreSQL pass is skipped (see docs/testing.md, "Tests on PostgreSQL")');
  process.exit(0);
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const started = Date.now();
function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): void {
  const t = Date.now();
  console.log(`\n--- test:pg: ${label} ---`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', TEST_DATABASE_URL: pgUrl, ...env } });
  if (r.status !== 0) {
    console.error(`test:pg: ${label} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  console.log(`test:pg: ${label} passed in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

// Only the unit files that open a store or use PostgreSQL: the others never reach the database.
run('unit suite on PostgreSQL', bin('vitest'), ['run', '--project', 'unit', ...PG_UNIT_FILES]);
// The SQLite pass has just built the site: rebuild only if the sources changed since.
run('API suite on PostgreSQL', bin('vitest'), ['run', '--project', 'api'], { TEST_BUILD: 'auto' });
// The browser tests marked PG_SMOKE: the home page, search results, a newsroom publish reaching the ticker.
run('browser smoke on PostgreSQL', bin('playwright'), ['test', '--grep', PG_SMOKE.tag]);
console.log(`\ntest:pg: the PostgreSQL pass took ${((Date.now() - started) / 1000).toFixed(0)} s`);
