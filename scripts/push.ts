/**
 * Web Push from the command line (ADR 007).
 *
 *   npm run push -- --breaking <articleId> [--concurrency 16] [--ttl 21600]
 *   npm run push -- --key
 *
 * --breaking <id>   send the breaking-news notification of published
 *                   article <id> to every subscriber (each in their
 *                   language: src/server/push/breaking.ts), urgency high;
 *                   subscriptions whose push service answers 404/410 are
 *                   deleted. Prints a summary; exits 1 when the article is
 *                   unknown, 2 on bad arguments.
 * --concurrency N   requests in flight at once (default 16)
 * --ttl S           seconds a push service keeps the message for an
 *                   offline browser (default 21600, 6 hours)
 * --key             print the VAPID public key (storing a pair in the
 *                   store if there is none yet: moved from an earlier
 *                   DATA_DIR/push/vapid.json, else generated)
 *
 * The store and keys come from the configuration (DATA_DIR, DATABASE_URL,
 * VAPID_*), as for the server: run it where the server runs.
 */
import { parseArgs } from 'node:util';
import { ConfigError, getConfig } from '../src/server/config.ts';
import { getStore } from '../src/server/db/index.ts';
import { BREAKING_TTL_SECONDS, sendBreakingNews, vapidKeys } from '../src/server/push/broadcast.ts';
import { vapidKeyFile } from '../src/server/push/keys.ts';

const USAGE = 'usage: npm run push -- --breaking <articleId> [--concurrency N] [--ttl SECONDS] | --key';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let values: { breaking?: string; concurrency?: string; ttl?: string; key?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      breaking: { type: 'string' },
      concurrency: { type: 'string' },
      ttl: { type: 'string' },
      key: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const wholeNumber = (name: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) fail(`--${name} must be a whole number from ${min} to ${max} (got ${raw})\n${USAGE}`);
  return Number(raw);
};

let config;
try {
  config = getConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

if (values.key) {
  const loaded = await vapidKeys(config);
  console.log(loaded.keys.publicKey);
  const where = { config: 'from the configuration', store: 'kept in the store', file: `moved from ${vapidKeyFile(config.DATA_DIR)} into the store`, generated: 'generated into the store' };
  console.error(`VAPID keys ${where[loaded.source]}`);
  process.exit(0);
}

if (values.breaking === undefined) fail(`--breaking <articleId> is required\n${USAGE}`);
if (!/^[1-9][0-9]{0,9}$/.test(values.breaking)) fail(`--breaking takes an article id, a positive whole number (got ${JSON.stringify(values.breaking)})\n${USAGE}`);
const articleId = Number(values.breaking);
const concurrency = wholeNumber('concurrency', values.concurrency, 16, 1, 256);
// RFC 8030 lets push services cap TTL; 4 weeks is the usual maximum.
const ttlSeconds = wholeNumber('ttl', values.ttl, BREAKING_TTL_SECONDS, 0, 28 * 24 * 3600);

const { db } = await getStore();
try {
  const started = Date.now();
  const outcome = await sendBreakingNews({
    db,
    config,
    articleId,
    concurrency,
    ttlSeconds,
    onResult: (r) => {
      if (r.outcome === 'failed') console.error(`  subscription ${r.id} (${r.origin}): failed, ${r.status || 'no answer'}${r.error ? `: ${r.error}` : ''}`);
      else if (r.outcome === 'dropped') console.log(`  subscription ${r.id} (${r.origin}): expired (${r.status}), dropped`);
    },
  });
  if (outcome.kind === 'unknown-article') {
    process.exitCode = 1;
    console.error(`no published article with id ${articleId}: nothing sent`);
  } else {
    const { news, summary } = outcome;
    console.log(`breaking news: article ${news.article.id} (${news.article.lang}) "${news.article.title}"`);
    for (const lang of news.fallbacks) console.log(`  no ${lang} translation: ${lang} subscribers get the ${news.article.lang} article`);
    const failures = Object.entries(summary.failures)
      .map(([status, n]) => `${n}× ${status === '0' ? 'no answer' : status}`)
      .join(', ');
    console.log(
      `subscriptions: ${summary.total}; sent ${summary.sent}, dropped ${summary.dropped} (expired), failed ${summary.failed}${failures ? ` (${failures})` : ''}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await db.destroy();
}
