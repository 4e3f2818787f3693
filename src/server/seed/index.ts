/**
 * Demo content for an empty store: a realistic bilingual catalogue (articles,
 * taxonomy, programmes, bulletins, grid, Starlight, static pages) with locally
 * generated images. Deterministic: the same `now` gives the same content.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { isStoreEmpty, type DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { DirectoryMediaStore, type MediaStore } from '../media-store.ts';
import { createAdBanners, createAdCreatives, renderAdBanners } from './ads.ts';
import { createArticles, createBreakingNews, createFrontPages } from './articles.ts';
import { renderDemoImages, storeImages } from './assets.ts';
import {
  createAdTags,
  createBulletins,
  createGrid,
  createLiveChannel,
  createProgrammes,
  createStarlight,
  createStaticPages,
  createTaxonomy,
  createWebVideos,
} from './catalogue.ts';
import { createRng, DEFAULT_SEED } from './prng.ts';
import { addSyntheticArticles as addSyntheticRows, type SyntheticOptions } from './synthetic.ts';
import { refreshSearchIndex } from '../search/index-sqlite.ts';
import { refreshPlannerStatistics } from '../db/statistics.ts';

export type { SyntheticOptions };

/** Synthetic articles (src/server/seed/synthetic.ts), then the search index brought up to date once. */
export async function addSyntheticArticles(db: DB, n: number, opts: SyntheticOptions = {}): Promise<number> {
  const added = await addSyntheticRows(db, n, opts);
  if (added > 0) {
    const t = Date.now();
    const { rebuilt } = await refreshSearchIndex(db);
    opts.log?.(`search index ${rebuilt ? 'rebuilt' : 'updated'} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // A bulk load changes the tables' shape: the planner needs fresh statistics (src/server/db/statistics.ts).
    const s = Date.now();
    await refreshPlannerStatistics(db, undefined, { full: true });
    opts.log?.(`planner statistics refreshed in ${((Date.now() - s) / 1000).toFixed(1)} s`);
  }
  return added;
}

export interface SeedOptions {
  /** Folder whose media/ subfolder receives the generated files, unless `media` is given. */
  dataDir: string;
  /** The media store receiving the generated pictures (the site's: getMediaStore()); default a folder, dataDir/media. */
  media?: MediaStore;
  now?: Date;
  log?: (s: string) => void;
}

export type SeedSummary = Record<
  | 'images'
  | 'videos'
  | 'authors'
  | 'master_tags'
  | 'tags'
  | 'dossiers'
  | 'articles'
  | 'article_tags'
  | 'article_images'
  | 'front_page_versions'
  | 'breaking_news'
  | 'live_channels'
  | 'programmes'
  | 'episodes'
  | 'jt_bulletins'
  | 'web_video_tags'
  | 'web_videos'
  | 'grid_entries'
  | 'starlight_seasons'
  | 'starlight_people'
  | 'starlight_videos'
  | 'static_pages'
  | 'ad_tags',
  number
> & {
  articlesByLang: { ar: number; fr: number };
  /** Wall-clock time of the whole seed, in milliseconds. */
  ms: number;
};

const COUNTED = [
  'images',
  'videos',
  'authors',
  'master_tags',
  'tags',
  'dossiers',
  'articles',
  'article_tags',
  'article_images',
  'front_page_versions',
  'breaking_news',
  'live_channels',
  'programmes',
  'episodes',
  'jt_bulletins',
  'web_video_tags',
  'web_videos',
  'grid_entries',
  'starlight_seasons',
  'starlight_people',
  'starlight_videos',
  'static_pages',
  'ad_tags',
  'ad_banners',
] as const satisfies readonly (keyof Database)[];

/** Fill an empty store with the demo catalogue. Throws if the store already has articles. */
export async function seedDemoContent(db: DB, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  if (!(await isStoreEmpty(db))) throw new Error('store not empty: demo content is only seeded into an empty store');
  const rng = createRng(DEFAULT_SEED);
  const media = opts.media ?? new DirectoryMediaStore(path.join(opts.dataDir, 'media'));

  const rendered = await renderDemoImages(media);
  log(`images: ${rendered.rows.length} rendered under img/ in the media ${media.description} (${Date.now() - started} ms)`);
  const banners = await renderAdBanners(media);
  log(`house banners: ${banners.length} under ads/`);

  await db.transaction().execute(async (trx) => {
    const images = await storeImages(trx, rendered);
    const tax = await createTaxonomy(trx, images);
    const programmes = await createProgrammes(trx, rng, now, images);
    tax.programmes = programmes.ids;
    log(`programmes: ${programmes.ids.size}, episodes: ${programmes.episodes.length}`);
    const { articles, headlines } = await createArticles(trx, rng, now, tax, images);
    log(`articles: ${articles.length}`);
    await createFrontPages(trx, articles, tax, now);
    await createBreakingNews(trx, rng, now, articles);
    await createLiveChannel(trx, images);
    const jt = await createBulletins(trx, rng, now, images, headlines);
    log(`news bulletins: ${jt}`);
    await createWebVideos(trx, rng, now, images);
    const grid = await createGrid(trx, now, programmes.ids, programmes.episodes);
    log(`grid entries: ${grid}`);
    await createStarlight(trx, rng, now, images);
    await createStaticPages(trx, rng, now);
    await createAdTags(trx, tax);
    await createAdCreatives(trx, now);
    await createAdBanners(trx, banners);
  });
  // The triggers queued every row: one rebuild of the search index.
  await refreshSearchIndex(db);
  // Statistics taken on the empty store would mislead the planner.
  await refreshPlannerStatistics(db, undefined, { full: true });

  const counts = {} as Record<(typeof COUNTED)[number], number>;
  for (const table of COUNTED) {
    const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    counts[table] = Number(row?.n ?? 0);
  }
  const byLang = await db.selectFrom('articles').select(['lang', sql<number>`count(*)`.as('n')]).groupBy('lang').execute();
  const summary: SeedSummary = {
    ...counts,
    articlesByLang: {
      ar: Number(byLang.find((r) => r.lang === 'ar')?.n ?? 0),
      fr: Number(byLang.find((r) => r.lang === 'fr')?.n ?? 0),
    },
    ms: Date.now() - started,
  };
  log(`demo content seeded in ${summary.ms} ms`);
  return summary;
}
