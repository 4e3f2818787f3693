/**
 * The broadcaster's web videos: /replay/by2m (every tag with its newest
 * videos), /replay/by2m/{id} (one tag, paginated) and
 * /replay/by2m/single/{id} (one video with more of its tag).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard, VideoSource } from '../api/shapes.ts';
import { findTag, publicWebVideos, tagsWithCounts, tagVideos, tagVideosPage, type WebVideoTag } from '../content/video/by2m.ts';
import { toCard, webVideoSeed } from '../content/video/cards.ts';
import { loadMedia } from '../content/video/sources.ts';

export interface By2mHomePage {
  tags: (WebVideoTag & { count: number; videos: VideoCard[] })[];
}

export async function loadBy2mHome(db: DB, locale: Locale, params: { perTag?: number } = {}): Promise<By2mHomePage> {
  const { tags } = await tagsWithCounts(db, locale);
  const rows = await Promise.all(
    tags.filter((t) => t.count > 0).map(async (t) => ({ ...t, videos: (await tagVideos(db, t, locale, params.perTag ?? 8)).videos })),
  );
  return { tags: rows };
}

export interface By2mTagPage {
  tag: WebVideoTag;
  videos: VideoCard[];
  page: number;
  totalPages: number;
  total: number;
}

/** Null for an unknown tag or a page past the last. */
export async function loadBy2mTag(db: DB, locale: Locale, params: { id: number; page: number }): Promise<By2mTagPage | null> {
  const tag = await findTag(db, { id: params.id }, locale);
  if (!tag) return null;
  const page = await tagVideosPage(db, tag, params.page, locale);
  if (!page) return null;
  return { tag, videos: page.videos, page: page.pagination.page, totalPages: page.pagination.totalPages, total: page.pagination.total };
}

export interface WebVideoPage {
  video: VideoCard;
  source: VideoSource | null;
  tag: WebVideoTag;
  more: VideoCard[];
}

export async function loadWebVideo(db: DB, locale: Locale, params: { id: number }): Promise<WebVideoPage | null> {
  const row = await publicWebVideos(db).selectAll('web_videos').where('web_videos.id', '=', params.id).executeTakeFirst();
  if (!row) return null;
  const tag = await findTag(db, { id: row.tag_id }, locale);
  if (!tag) return null;
  const seed = webVideoSeed(row, locale);
  const [media, others] = await Promise.all([loadMedia(db, [seed], locale), tagVideos(db, tag, locale, 13)]);
  return {
    video: toCard(seed, media),
    source: media.source(row.video_id),
    tag,
    more: others.videos.filter((v) => v.id !== row.id).slice(0, 12),
  };
}
