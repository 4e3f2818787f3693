/**
 * A consistent online backup of the SQLite store (src/server/db/backup.ts).
 *
 *   npm run backup [-- --to DIR] [--keep N]
 *
 * --to DIR   folder of the backups (default DATA_DIR/backups)
 * --keep N   keep the newest N backups there, delete older ones (default 14)
 *
 * Safe while the site runs. Writes DIR/site-<UTC time>.sqlite and prints its
 * path and size. With DATABASE_URL (PostgreSQL) it backs up nothing: it
 * prints the pg_dump command to use instead and exits 2. Exit 1 when the
 * backup fails, 2 on bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, getConfig } from '../src/server/config.ts';
import { backupSqlite } from '../src/server/db/backup.ts';
import { redactUrl } from '../src/server/db/index.ts';

const USAGE = 'usage: npm run backup -- [--to DIR] [--keep N]';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let values: { to?: string; keep?: string; help?: boolean };
try {
  ({ values } = parseArgs({ options: { to: { type: 'string' }, keep: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const keep = values.keep === undefined ? 14 : Number(values.keep);
if (!/^[1-9][0-9]{0,4}$/.test(values.keep ?? '14')) fail(`--keep takes a whole number from 1 (got ${JSON.stringify(values.keep)})\n${USAGE}`, 2);
if (values.to !== undefined && values.to.trim() === '') fail(`--to takes a folder\n${USAGE}`, 2);

let config;
try {
  config = getConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 2);
  throw error;
}

if (config.DATABASE_URL) {
  fail(
    [
      `The store is PostgreSQL (DATABASE_URL ${redactUrl(config.DATABASE_URL)}): npm run backup copies the SQLite store only.`,
      'Back it up with PostgreSQL\'s own tools, e.g. a consistent online dump:',
      '  pg_dump --format=custom --file=site-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
      'and restore with pg_restore --clean --dbname "$DATABASE_URL" FILE (see docs/deploy.md, "Backups").',
    ].join('\n'),
    2,
  );
}

const storeFile = path.join(config.DATA_DIR, 'site.sqlite');
const dir = path.resolve(values.to ?? path.join(config.DATA_DIR, 'backups'));
try {
  const result = backupSqlite({ storeFile, dir, keep });
  console.log(`backup: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${result.ms} ms)`);
  for (const old of result.removed) console.log(`removed: ${old} (keeping the newest ${keep})`);
} catch (error) {
  fail(`backup failed: ${(error as Error).message}`, 1);
}
