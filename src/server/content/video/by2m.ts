/** The broadcaster's own web videos ("by2m") and their tags. */
import { sql } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { Row } from '../../db/schema.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { toCards, webVideoSeed } from './cards.ts';
import { nowIso, pagination, toCount, tr } from './common.ts';

const TAG_VIDEOS_LIMIT = 24;
const BY2M_PAGE_SIZE = 12;

export interface WebVideoTag {
  id: number;
  slug: string;
  name: string;
}

export function publicWebVideos(db: DB) {
  return db.selectFrom('web_videos').where('web_videos.published_at', '<=', nowIso());
}

const toTag = (row: Row<'web_video_tags'>, lang: Locale): WebVideoTag => ({
  id: row.id,
  slug: row.slug,
  name: tr(row, 'name', lang),
});

export async function findTag(db: DB, by: { id: number } | { slug: string }, lang: Locale): Promise<WebVideoTag | null> {
  let q = db.selectFrom('web_video_tags').selectAll();
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('slug', '=', by.slug);
  const row = await q.executeTakeFirst();
  return row ? toTag(row, lang) : null;
}

/** /api/watch-by2m-tags: every tag in editorial order with its public video count. */
export async function tagsWithCounts(db: DB, lang: Locale) {
  const [tags, counts] = await Promise.all([
    db.selectFrom('web_video_tags').selectAll().orderBy('position').orderBy('id').execute(),
    publicWebVideos(db)
      .select(['web_videos.tag_id', sql<number>`count(*)`.as('n')])
      .groupBy('web_videos.tag_id')
      .execute(),
  ]);
  const byTag = new Map(counts.map((c) => [c.tag_id, toCount(c.n)]));
  return { tags: tags.map((t) => ({ ...toTag(t, lang), count: byTag.get(t.id) ?? 0 })) };
}

function tagQuery(db: DB, tagId: number) {
  return publicWebVideos(db).where('web_videos.tag_id', '=', tagId);
}

/** The newest public videos of a tag (/api/watchvideoTagDetail, /api/watch-video-by-tags). */
export async function tagVideos(db: DB, tag: WebVideoTag, lang: Locale, limit = TAG_VIDEOS_LIMIT) {
  const rows = await tagQuery(db, tag.id)
    .selectAll('web_videos')
    .orderBy('web_videos.published_at', 'desc')
    .orderBy('web_videos.id', 'desc')
    .limit(limit)
    .execute();
  return { tag, videos: await toCards(db, rows.map((r) => webVideoSeed(r, lang)), lang) };
}

/**
 * /api/watch-by2m-video/{a}/{b}: one page of a tag's videos, newest first.
 * Null for a page past the last one (page 1 always exists, maybe empty).
 */
export async function tagVideosPage(db: DB, tag: WebVideoTag, page: number, lang: Locale, pageSize = BY2M_PAGE_SIZE) {
  const totalRow = await tagQuery(db, tag.id).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = toCount(totalRow?.n);
  const block = pagination(page, pageSize, total);
  if (page > 1 && page > block.totalPages) return null;
  const rows = await tagQuery(db, tag.id)
    .selectAll('web_videos')
    .orderBy('web_videos.published_at', 'desc')
    .orderBy('web_videos.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { tag, videos: await toCards(db, rows.map((r) => webVideoSeed(r, lang)), lang), pagination: block };
}

export async function latestWebVideos(db: DB, limit: number, lang: Locale) {
  const rows = await publicWebVideos(db)
    .selectAll('web_videos')
    .orderBy('web_videos.published_at', 'desc')
    .orderBy('web_videos.id', 'desc')
    .limit(limit)
    .execute();
  return toCards(db, rows.map((r) => webVideoSeed(r, lang)), lang);
}
