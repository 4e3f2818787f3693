/**
 * A throw-away site for the API contract tests and the browser tests: a fresh
 * temporary DATA_DIR seeded with the demo content, the built site
 * (dist/, rebuilt when older than the sources) served by scripts/serve.ts on
 * a local port once its first pre-build is in place, and a clean-up that
 * stops it and removes the folder.
 *
 * Used as a module by tests/api/global-setup.ts, and as a command by
 * playwright.config.ts's webServer:
 *
 *   node scripts/test-server.ts [--port 4455] [--data-dir /tmp/dir]
 *
 * Environment:
 *   TEST_BUILD=auto|always|never|missing  rebuild when stale (default), always, never, only without a build
 *   KEEP_TEST_DATA=1              keep the temporary DATA_DIR (its path is logged)
 *   TEST_SEED_SCRIPT=path         seed with another script than scripts/seed.ts
 *   TEST_SERVER_NODE_ARGS="…"     Node flags for the server only (--cpu-prof to profile it)
 *   TEST_DATABASE_URL=postgres://… the store is a fresh scratch PostgreSQL database on that
 *                                 server (its URL kept in DATA_DIR/.test-database-url, see
 *                                 testDatabaseUrl), migrated by the seed, dropped by stop()
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FAKE_WEATHER_PORT, startFakeWeather, type FakeWeather } from './fake-weather.ts';
import { createScratchDatabase, dropDatabase } from '../tests/support/pg-scratch.ts';

export const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/server/entry.mjs');
const serveScript = path.join(root, 'scripts/serve.ts');

/** What the build reads: a file newer than the build makes it stale. src/paraglide is generated from messages/. */
const BUILD_INPUTS = ['src', 'public', 'messages', 'project.inlang', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const NOT_INPUTS = new Set(['paraglide', 'node_modules', '.astro']);

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(p)) {
    if (NOT_INPUTS.has(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

/** Why the build must be (re)made, or null when dist/ is up to date. */
function buildStaleness(): string | null {
  if (!existsSync(entry)) return 'no build yet';
  const built = statSync(entry).mtimeMs;
  for (const input of BUILD_INPUTS) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

function npmRun(script: string, env: Record<string, string> = {}): void {
  const started = Date.now();
  const result = spawnSync('npm', ['run', script], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (exit ${result.status ?? result.signal})`);
  log(`npm run ${script}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds the site unless dist/ is up to date (TEST_BUILD=always|never|missing
 * overrides; `missing` builds only when there is no build at all, whatever
 * its age). `fallback`: the mode when TEST_BUILD is not set.
 */
export function ensureBuild(fallback: 'auto' | 'missing' = 'auto'): void {
  const mode = process.env.TEST_BUILD ?? fallback;
  if (mode === 'never') {
    if (!existsSync(entry)) throw new Error(`TEST_BUILD=never but ${entry} does not exist`);
    return;
  }
  if (mode === 'missing' && existsSync(entry)) return;
  const why = mode === 'always' ? 'TEST_BUILD=always' : mode === 'missing' ? 'no build yet' : buildStaleness();
  if (!why) return;
  log(`building the site (${why})…`);
  // vitest sets NODE_ENV=test: a build under it emits React's development
  // JSX (jsxDEV), which the production server's React does not have.
  npmRun('build', { NODE_ENV: 'production' });
}

const DATABASE_URL_FILE = '.test-database-url';

/** The scratch PostgreSQL database of a test DATA_DIR (TEST_DATABASE_URL), or undefined (SQLite in DATA_DIR). */
export function testDatabaseUrl(dataDir: string): string | undefined {
  const file = path.join(dataDir, DATABASE_URL_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The environment that points a process (server, seed, CLI) at a test DATA_DIR's store. */
export function storeEnv(dataDir: string): Record<string, string> {
  const databaseUrl = testDatabaseUrl(dataDir);
  return { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}

/** Drops a test DATA_DIR's scratch database, if it has one. */
async function dropTestDatabase(dataDir: string): Promise<void> {
  const databaseUrl = testDatabaseUrl(dataDir);
  if (databaseUrl) await dropDatabase(new URL(databaseUrl).pathname.slice(1));
}

/**
 * A fresh DATA_DIR (`dir`, emptied first, or a new temporary one) filled by
 * `node scripts/seed.ts`; with TEST_DATABASE_URL, its store is a new scratch
 * PostgreSQL database.
 */
export async function seedTempDataDir(dir?: string): Promise<string> {
  const seedScript = path.resolve(root, process.env.TEST_SEED_SCRIPT ?? 'scripts/seed.ts');
  if (!existsSync(seedScript)) throw new Error(`${seedScript} does not exist: cannot seed the test store`);
  let dataDir: string;
  if (dir) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    dataDir = dir;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), '2m-test-data-'));
  }
  if (process.env.TEST_DATABASE_URL) writeFileSync(path.join(dataDir, DATABASE_URL_FILE), `${await createScratchDatabase()}\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [seedScript], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...storeEnv(dataDir), NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(
      `node scripts/seed.ts failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  log(`seeded ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dataDir;
}

/** A port nobody listens on right now. */
/**
 * `count` distinct free ports, held together until all are known: ports
 * taken one by one are released between calls, and the system may hand the
 * same one out twice (two nginx listeners on one port failed a run).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const srv = createServer();
          srv.unref();
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = servers.map((srv) => {
    const addr = srv.address();
    if (!addr || typeof addr !== 'object') throw new Error('no port');
    return addr.port;
  });
  await Promise.all(servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))));
  return ports;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The port of a test server's second media origin (MEDIA_ORIGINS): where tests serve videos and streams from. */
export function mediaOriginPort(sitePort: number): number {
  return sitePort + 1000 <= 65535 ? sitePort + 1000 : sitePort - 1000;
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Stops the server and (unless KEEP_TEST_DATA) removes the DATA_DIR. */
  stop: () => Promise<void>;
}

/**
 * Starts the built site on the given DATA_DIR and waits until it answers and
 * (unless `prebuild` is false) its first pre-build is in place.
 */
export async function startServer(opts: {
  dataDir: string;
  port?: number;
  timeoutMs?: number;
  prebuild?: boolean;
  /** The weather provider (a fake, scripts/fake-weather.ts); default: the configured one. */
  weatherUrl?: string;
  /** More environment, over the defaults below (e.g. a SITE_URL shared by several instances, or MEDIA_S3_URL and AWS_* for a shared bucket). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const prebuild = opts.prebuild ?? true;
  // TEST_SERVER_NODE_ARGS: Node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = process.env.TEST_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, serveScript, '--dist', path.join(root, 'dist')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...storeEnv(opts.dataDir),
      SITE_URL: baseUrl,
      SEED_ON_START: 'false',
      PREBUILD: prebuild ? 'true' : 'false',
      // One pre-build at start; tests that need another run scripts/rebuild.ts.
      REBUILD_INTERVAL_MIN: '0',
      // The push tests subscribe with a local test push service (tests/support/push-service.ts).
      PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
      // Every browser test comes from 127.0.0.1, two at a time: the per-address
      // limit on play and click events (tested by the unit tests) would throttle them.
      TRACKING_RATE_PER_MIN: '0',
      // Pictures by URL come from a local test server (tests/support/media-server.ts), and videos and
      // streams play from a second local origin, the server's port + 1000 (mediaOriginPort). The
      // configuration refuses the first on a public SITE_URL (a test of an https site behind a proxy).
      MEDIA_FETCH_ALLOW_PRIVATE: /^https?:\/\/(?:127\.|localhost[:/]|\[::1\])/.test(opts.env?.SITE_URL ?? baseUrl) ? 'true' : 'false',
      MEDIA_ORIGINS: `http://127.0.0.1:${mediaOriginPort(port)}`,
      // Several test files send wrong tokens from this one address; tests/api/newsroom-ingest.test.ts reaches the limit itself.
      NEWSROOM_AUTH_FAILURES_PER_MIN: '30',
      // The guide and live tests render pages at a time of day they choose (x-test-clock, src/server/clock.ts).
      TEST_CLOCK_HEADER: 'true',
      // The visitor's country as a CDN would give it (COUNTRY_HEADER): the banner tests choose it per
      // request; without the header (every other test) the country stays unknown, as on 127.0.0.1.
      COUNTRY_HEADER: 'X-Test-Country',
      ...(opts.weatherUrl ? { WEATHER_PROVIDER_URL: opts.weatherUrl } : {}),
      ...opts.env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    if (process.env.TEST_SERVER_LOG) process.stderr.write(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: string | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exit ${code ?? signal}`;
      resolve();
    }),
  );

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitPromise;
      clearTimeout(timer);
    }
    if (process.env.KEEP_TEST_DATA) log(`kept ${opts.dataDir}`);
    else {
      await dropTestDatabase(opts.dataDir);
      rmSync(opts.dataDir, { recursive: true, force: true });
    }
  };

  // Generous: on a loaded machine the first pre-build (about 900 pages) can take minutes.
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server stopped before answering (${exited}):\n${output}`);
    }
    try {
      // /healthz answers whatever the Host (a server whose SITE_URL is not its address, e.g. https://www.2m.test, too).
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok && (!prebuild || existsSync(path.join(opts.dataDir, 'site', 'current')))) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer on ${baseUrl} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`server ready on ${baseUrl} (DATA_DIR ${opts.dataDir})`);
  return { baseUrl, port, dataDir: opts.dataDir, child, stop };
}

function log(message: string): void {
  console.error(`[test-server] ${message}`);
}

/** Command line: build if needed, seed a temp dir, serve until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT) || 4455;
  const d = process.argv.indexOf('--data-dir');
  const dataDir = await seedTempDataDir(d > 0 ? process.argv[d + 1] : undefined);
  ensureBuild();
  process.env.TEST_SERVER_LOG ??= '1';
  // The browser tests' weather comes from the local fake provider (no internet here).
  const weatherUrl = process.env.FAKE_WEATHER_URL || `http://127.0.0.1:${FAKE_WEATHER_PORT}`;
  let fake: FakeWeather | undefined;
  try {
    fake = await startFakeWeather({ port: Number(new URL(weatherUrl).port) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log(`a fake weather provider already answers on ${weatherUrl}: using it`);
  }
  // Every browser test comes from 127.0.0.1: the per-address limit on ad events (tested by the unit and API tests) would refuse the display ad specs' events.
  const server = await startServer({ dataDir, port, weatherUrl, env: { AD_EVENTS_RATE_PER_MIN: '0' } });
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void server
      .stop()
      .then(() => fake?.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
  server.child.once('exit', (code) => {
    // A signal to the whole process group may reach the server first: give ours a moment.
    setTimeout(() => {
      if (stopping) return;
      log(`the server stopped on its own (exit ${code})`);
      void dropTestDatabase(dataDir)
        .catch(() => {})
        .finally(() => {
          rmSync(dataDir, { recursive: true, force: true });
          process.exit(1);
        });
    }, 500);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err: unknown) => {
    console.error('[test-server] failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
