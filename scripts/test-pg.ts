/**
 * The PostgreSQL pass of `npm test` (`npm run test:pg`): with TEST_PG_URL
 * (a PostgreSQL server and a role that may CREATE DATABASE; .ci/run sets it),
 * runs the unit and API suites again, with TEST_DATABASE_URL set to it for
 * those runs only (the first pass stays on SQLite), every test store a scratch
 * database on that server (tests/support/pg-scratch.ts), then a browser smoke
 * pass (PG_SMOKE_FILES) against a server on PostgreSQL. Without it, says so
 * and succeeds: the SQLite suites have already run.
 *
 *   TEST_PG_URL=postgres://site2m:site2m@127.0.0.1/site2m_dev npm run test:pg
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** A couple of browser specs: the home page, search (PostgreSQL's fallback), a newsroom publish reaching the ticker. */
const PG_SMOKE_FILES = ['tests/e2e/home.spec.ts', 'tests/e2e/search.spec.ts', 'tests/e2e/newsroom-breaking.spec.ts'];

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

run('unit suite on PostgreSQL', bin('vitest'), ['run', '--project', 'unit']);
// The SQLite pass has just built the site: rebuild only if the sources changed since.
run('API suite on PostgreSQL', bin('vitest'), ['run', '--project', 'api'], { TEST_BUILD: 'auto' });
run('browser smoke on PostgreSQL', bin('playwright'), ['test', ...PG_SMOKE_FILES]);
console.log(`\ntest:pg: the PostgreSQL pass took ${((Date.now() - started) / 1000).toFixed(0)} s`);
