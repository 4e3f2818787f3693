/**
 * Runs one pre-build against the running site (ADR 005): renders every
 * page that exists now into a new build folder and swaps it in atomically.
 * For a cron job or a publishing hook; the server also does it on schedule
 * (REBUILD_INTERVAL_MIN). It waits for its turn while an instance of the
 * same store pre-builds (the `prebuild` lease, ADR 020). Exits 1 when the
 * build failed (the previous build keeps serving) and 2 when another
 * pre-build holds the same site folder.
 *
 *   node scripts/rebuild.ts [--origin http://127.0.0.1:4321]
 */
import { parseArgs } from 'node:util';
import { ConfigError, getConfig } from '../src/server/config.ts';
import { getStore } from '../src/server/db/index.ts';
import { prebuild, PREBUILD_LEASE, PrebuildBusyError, siteDirOf } from '../src/server/delivery/prebuild.ts';
import { withTurn } from '../src/server/leases.ts';
import { featureLogger } from '../src/server/log.ts';

const { values } = parseArgs({ options: { origin: { type: 'string' } } });

let config;
try {
  config = getConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
const origin = values.origin ?? `http://${host}:${config.PORT}`;
const { db } = await getStore();
const log = featureLogger('rebuild');
let code = 0;
try {
  // One full pre-build at a time among the instances of this store (ADR 020): wait for the turn.
  await withTurn(
    db,
    PREBUILD_LEASE,
    () =>
      prebuild({
        db,
        origin,
        siteDir: siteDirOf(config),
        articlesPerLanguage: config.PRERENDER_ARTICLES,
        // Over HTTP a page spends part of its time here (fetched, linked or compressed, written):
        // 8 at a time keep the server's render workers busy (4 left them idle 8-25 % of the build).
        concurrency: 8,
        log,
      }),
    { onWait: (holder) => log.info(`waiting for the pre-build turn${holder ? ` (held by ${holder.holder})` : ''}`) },
  );
} catch (err) {
  code = err instanceof PrebuildBusyError ? 2 : 1;
  if (code === 2) console.error(`[rebuild] ${(err as Error).message}`);
} finally {
  await db.destroy();
}
process.exit(code);
