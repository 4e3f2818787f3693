/**
 * Every replay (programme episodes, JT bulletins, by2m web videos) in one
 * newest-first list: a UNION ALL of the three tables' public rows, paged in
 * SQL, then the page's rows loaded per table in one query each.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { VideoCard } from '../../api/shapes.ts';
import { episodeSeed, jtSeed, toCards, webVideoSeed, type CardSeed, type VideoType } from './cards.ts';
import { nowIso, pagination, toCount } from './common.ts';

export const REPLAYS_PAGE_SIZE = 12;

type ReplayType = Extract<VideoType, 'episode' | 'jt' | 'by2m'>;

function replayKeys(db: DB) {
  const now = nowIso();
  return db
    .selectFrom('episodes')
    .select([sql<ReplayType>`'episode'`.as('type'), 'id', 'published_at'])
    .where('published_at', '<=', now)
    .unionAll(
      db
        .selectFrom('jt_bulletins')
        .select([sql<ReplayType>`'jt'`.as('type'), 'id', 'published_at'])
        .where('published_at', '<=', now),
    )
    .unionAll(
      db
        .selectFrom('web_videos')
        .select([sql<ReplayType>`'by2m'`.as('type'), 'id', 'published_at'])
        .where('published_at', '<=', now),
    )
    .as('replays');
}

/** Public replays total: the sum of the three tables' public rows. */
async function countReplays(db: DB): Promise<number> {
  const row = await db.selectFrom(replayKeys(db)).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return toCount(row?.n);
}

/** Replays from `offset`, newest first (ties: by type, then newest id). */
export async function replaysSlice(db: DB, offset: number, limit: number, lang: Locale): Promise<VideoCard[]> {
  const keys = await db
    .selectFrom(replayKeys(db))
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('type', 'asc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  if (keys.length === 0) return [];
  const idsOf = (type: ReplayType) => keys.filter((k) => k.type === type).map((k) => k.id);
  const [episodeIds, jtIds, webIds] = [idsOf('episode'), idsOf('jt'), idsOf('by2m')];
  const [episodes, bulletins, webVideos] = await Promise.all([
    episodeIds.length ? db.selectFrom('episodes').selectAll().where('id', 'in', episodeIds).execute() : [],
    jtIds.length ? db.selectFrom('jt_bulletins').selectAll().where('id', 'in', jtIds).execute() : [],
    webIds.length ? db.selectFrom('web_videos').selectAll().where('id', 'in', webIds).execute() : [],
  ]);
  const seeds = new Map<string, CardSeed>([
    ...episodes.map((r) => [`episode:${r.id}`, episodeSeed(r, lang)] as const),
    ...bulletins.map((r) => [`jt:${r.id}`, jtSeed(r, lang)] as const),
    ...webVideos.map((r) => [`by2m:${r.id}`, webVideoSeed(r, lang)] as const),
  ]);
  const ordered = keys.map((k) => seeds.get(`${k.type}:${k.id}`)).filter((s): s is CardSeed => s !== undefined);
  return toCards(db, ordered, lang);
}

/** /api/watchLastReplays/{page}; null for a page past the last one (page 1 always exists). */
export async function lastReplaysPage(db: DB, page: number, lang: Locale, pageSize = REPLAYS_PAGE_SIZE) {
  const total = await countReplays(db);
  const block = pagination(page, pageSize, total);
  if (page > 1 && page > block.totalPages) return null;
  return { items: await replaysSlice(db, (page - 1) * pageSize, pageSize, lang), pagination: block };
}
