/**
 * VideoCard mapping for every playable catalogue table: JT bulletins,
 * programme episodes, the broadcaster's web videos (by2m) and Starlight
 * videos. Rows are first turned into seeds (text and links in the wanted
 * language), then their videos and images are loaded in one batch.
 */
import type { DB } from '../../db/index.ts';
import type { Row } from '../../db/schema.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { VideoCard } from '../../api/shapes.ts';
import { episodePath, jtPath, starlightVideoPath, webVideoPath } from '../../../lib/paths.ts';
import { tr } from './common.ts';
import { loadMedia, type Media, type MediaRefs } from './sources.ts';

export type VideoType = 'jt' | 'episode' | 'by2m' | 'starlight';

export interface CardSeed extends MediaRefs {
  type: VideoType;
  id: number;
  title: string;
  description: string;
  path: string;
  publishedAt: string;
  views: number;
}

type Common = 'id' | 'video_id' | 'thumbnail_image_id' | 'published_at' | 'view_count';

export type EpisodeRow = Pick<Row<'episodes'>, Common | 'title_ar' | 'title_fr' | 'description_ar' | 'description_fr'>;
export type JtRow = Pick<Row<'jt_bulletins'>, Common | 'edition' | 'title_ar' | 'title_fr' | 'description_ar' | 'description_fr'>;
export type WebVideoRow = Pick<Row<'web_videos'>, Common | 'title_ar' | 'title_fr' | 'description_ar' | 'description_fr'>;
export type StarlightVideoRow = Pick<Row<'starlight_videos'>, Common | 'title_ar' | 'title_fr'>;

function base(row: Pick<Row<'episodes'>, Common>) {
  return {
    id: row.id,
    videoId: row.video_id,
    imageId: row.thumbnail_image_id,
    publishedAt: row.published_at,
    views: Math.max(0, Number(row.view_count)),
  };
}

export const episodeSeed = (row: EpisodeRow, lang: Locale): CardSeed => ({
  ...base(row),
  type: 'episode',
  title: tr(row, 'title', lang),
  description: tr(row, 'description', lang),
  path: episodePath(lang, row.id),
});

export const jtSeed = (row: JtRow, lang: Locale): CardSeed => ({
  ...base(row),
  type: 'jt',
  title: tr(row, 'title', lang),
  description: tr(row, 'description', lang),
  path: jtPath(lang, row.edition, row.id),
});

export const webVideoSeed = (row: WebVideoRow, lang: Locale): CardSeed => ({
  ...base(row),
  type: 'by2m',
  title: tr(row, 'title', lang),
  description: tr(row, 'description', lang),
  path: webVideoPath(lang, row.id),
});

/** Starlight videos have no description: the person's name (if any) stands in. */
export const starlightSeed = (row: StarlightVideoRow, lang: Locale, personName = ''): CardSeed => ({
  ...base(row),
  type: 'starlight',
  title: tr(row, 'title', lang),
  description: personName,
  path: starlightVideoPath(lang, row.id),
});

export function toCard(seed: CardSeed, media: Media): VideoCard {
  return {
    id: seed.id,
    type: seed.type,
    title: seed.title,
    description: seed.description,
    path: seed.path,
    thumbnail: media.thumbnail(seed),
    durationSeconds: media.duration(seed.videoId),
    publishedAt: seed.publishedAt,
    views: seed.views,
  };
}

/** Cards for a list of seeds: two queries (videos, images) whatever the length. */
export async function toCards(db: DB, seeds: ReadonlyArray<CardSeed>, lang: Locale): Promise<VideoCard[]> {
  if (seeds.length === 0) return [];
  const media = await loadMedia(db, seeds, lang);
  return seeds.map((s) => toCard(s, media));
}
