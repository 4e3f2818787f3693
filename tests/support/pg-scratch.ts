/**
 * Scratch PostgreSQL databases for the test suites (TEST_DATABASE_URL: a
 * server and a role that may CREATE DATABASE).
 *
 * `createTemplate()` (once per run, from a vitest globalSetup) makes a
 * database migrated to the latest schema; `createScratchDatabase()` copies it
 * (CREATE DATABASE … TEMPLATE, much faster than migrating each time) under a
 * unique name and returns its URL; `dropScratchDatabases()` drops every one
 * this process made.
 */
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

const made = new Set<string>();
/** Stores opened on scratch databases: closed before their databases are dropped. */
const opened = new Set<{ destroy: () => Promise<void> }>();
let seq = 0;
let template: string | undefined;

/** The migrated database that `createScratchDatabase` copies (from the globalSetup, via inject). */
export function useTemplate(name: string | undefined): void {
  template = name;
}

/** Store options a test marks as SQLite-only (the test is about SQLite itself: FTS5, files…). */
const sqliteOnlyOptions = new WeakSet<object>();

/** `openStore(sqliteOnly({ dataDir }))`: stays on SQLite even when TEST_DATABASE_URL is set. */
export function sqliteOnly<T extends object>(opts: T): T {
  sqliteOnlyOptions.add(opts);
  return opts;
}

export function isSqliteOnly(opts: object): boolean {
  return sqliteOnlyOptions.has(opts);
}

export function trackStore(db: { destroy: () => Promise<void> }): void {
  opened.add(db);
}

export function databaseUrl(name: string, base = TEST_DATABASE_URL): string {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${++seq}`;
}

/** A new empty database migrated to the latest schema, to copy from. Returns its name. */
export async function createTemplate(): Promise<string> {
  const name = uniqueName('t2m_tpl');
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const { openStore } = await import('../../src/server/db/index.ts');
  const { db } = await openStore({ dataDir: ':memory:', databaseUrl: databaseUrl(name) });
  await db.destroy();
  return name;
}

/** A fresh database (a copy of the template when there is one, unless `empty`); returns its URL. */
export async function createScratchDatabase(opts: { empty?: boolean } = {}): Promise<string> {
  const name = uniqueName('t2m');
  const from = template && !opts.empty ? ` TEMPLATE ${template}` : '';
  await admin((c) => c.query(`CREATE DATABASE ${name}${from}`));
  made.add(name);
  return databaseUrl(name);
}

/**
 * Drops a database by name. Waits (up to 2 s) for its last client
 * connections to close on their own (a pool still ending would otherwise see
 * its connection killed: an uncaught error in the test), then closes what is
 * left (WITH (FORCE)). An autovacuum worker busy in it is not waited for: a
 * plain DROP DATABASE stops it, where FORCE refuses, to a role without
 * pg_signal_backend, to end a process that is not its own.
 */
export async function dropDatabase(name: string): Promise<void> {
  await admin(async (c) => {
    const clients = async () =>
      Number((await c.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'", [name])).rows[0]?.n);
    for (let i = 0; i < 20 && (await clients()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const force = (await clients()) > 0;
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name}${force ? ' WITH (FORCE)' : ''}`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 55006: a connection of ours came meanwhile (PostgreSQL waited 5 s for it): end it.
      if (code === '55006') await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // 42501: FORCE met an autovacuum worker, not ours to end: a plain DROP stops it.
      else if (code === '42501' && force) await c.query(`DROP DATABASE IF EXISTS ${name}`);
      else throw error;
    }
  });
  made.delete(name);
}

export async function dropScratchDatabases(): Promise<void> {
  // Destroying a Kysely instance twice is harmless.
  for (const db of opened) await db.destroy().catch(() => {});
  opened.clear();
  for (const name of [...made]) await dropDatabase(name);
}
