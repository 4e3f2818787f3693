/**
 * `npm start`: validates the configuration, opens and migrates the store,
 * seeds the demo content when the store is empty (SEED_ON_START), builds the
 * site when there is no build yet, then serves it (src/server/delivery/serve.ts:
 * the front server with its render worker threads, which pre-builds every
 * existing page once listening and again every REBUILD_INTERVAL_MIN minutes,
 * and renders the pages of each content change as the change feed brings it).
 *
 *   node scripts/start.ts [--rebuild]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, getConfig } from '../src/server/config.ts';
import { getStore, isStoreEmpty, StoreError } from '../src/server/db/index.ts';
import { serveSite } from '../src/server/delivery/serve.ts';
import { featureLogger, installConsoleBridge } from '../src/server/log.ts';
import { getMediaStore } from '../src/server/media-store.ts';
import { seedDemoContent } from '../src/server/seed/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/server/entry.mjs');

/**
 * `npm run build` in its own process group, so that a SIGTERM or SIGINT
 * sent to `npm start` stops the whole build too (npm's shells do not pass
 * signals on); resolves with its exit status.
 */
function buildSite(): Promise<number> {
  const build = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env, detached: true });
  const forward = (signal: NodeJS.Signals) => {
    try {
      process.kill(-build.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  return new Promise((resolve) =>
    build.once('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      if (signal) process.exit(1);
      resolve(code ?? 1);
    }),
  );
}

async function main(): Promise<void> {
  installConsoleBridge();
  let config;
  try {
    config = getConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const log = featureLogger('start');
  const { db, dialect } = await getStore();
  log.info(`store ready (${dialect}${dialect === 'sqlite' ? `, ${path.join(config.DATA_DIR, 'site.sqlite')}` : ''})`);
  if (config.SEED_ON_START && (await isStoreEmpty(db))) {
    log.info('empty store: seeding demo content…');
    const seedLog = featureLogger('seed');
    const summary = await seedDemoContent(db, { dataDir: config.DATA_DIR, media: getMediaStore(), log: (s) => seedLog.info(s) });
    log.info({ summary }, 'seeded');
  }
  if (!existsSync(entry) || process.argv.includes('--rebuild')) {
    log.info('building the site…');
    const status = await buildSite();
    if (status !== 0) process.exit(status);
  }

  await serveSite({ distDir: path.join(root, 'dist'), config });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof StoreError) {
    // Plain text on stderr, whatever the logger: the operator reads it where the start failed.
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  featureLogger('start').error({ err }, 'failed');
  process.exit(1);
});
