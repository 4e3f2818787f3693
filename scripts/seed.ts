/**
 * Seed the content store.
 *
 *   node scripts/seed.ts [--reset] [--articles N]
 *
 * --reset       delete the SQLite file and the generated pictures (img/ in the media store) first
 * --articles N  then add N synthetic articles (benchmark volume)
 *
 * The store comes from the configuration (DATA_DIR, DATABASE_URL). The demo
 * catalogue is only seeded into an empty store.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getConfig } from '../src/server/config.ts';
import { getStore, isStoreEmpty } from '../src/server/db/index.ts';
import { getMediaStore } from '../src/server/media-store.ts';
import { addSyntheticArticles, seedDemoContent } from '../src/server/seed/index.ts';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    articles: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('usage: node scripts/seed.ts [--reset] [--articles N]');
  process.exit(0);
}

const articles = values.articles === undefined ? 0 : Number(values.articles);
if (!Number.isInteger(articles) || articles < 0) {
  console.error(`--articles must be a non-negative integer (got ${values.articles})`);
  process.exit(2);
}

const config = getConfig();
const log = (s: string): void => console.log(s);
const started = Date.now();

if (values.reset) {
  if (config.DATABASE_URL) {
    console.error('--reset only deletes the embedded SQLite store; drop the PostgreSQL database yourself');
    process.exit(2);
  }
  for (const f of ['site.sqlite', 'site.sqlite-wal', 'site.sqlite-shm']) await rm(path.join(config.DATA_DIR, f), { force: true });
  await getMediaStore().removeAll('img/');
  log(`reset: removed the store under ${config.DATA_DIR} and the generated images (img/ in the media ${getMediaStore().description})`);
}

const { db } = await getStore();
try {
  if (await isStoreEmpty(db)) {
    const summary = await seedDemoContent(db, { dataDir: config.DATA_DIR, media: getMediaStore(), log });
    const { ms, articlesByLang, ...counts } = summary;
    log(`articles: ${articlesByLang.ar} ar, ${articlesByLang.fr} fr`);
    log(Object.entries(counts).map(([k, v]) => `${k}=${v}`).join(' '));
  } else {
    log('store not empty, skipping demo content');
  }
  if (articles > 0) {
    const t = Date.now();
    const n = await addSyntheticArticles(db, articles, { log });
    log(`added ${n} synthetic articles in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.destroy();
}
