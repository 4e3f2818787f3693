/**
 * Video files and their images, loaded in batches: one query for the video
 * rows, one for every image (thumbnails and video posters) a list needs.
 */
import type { DB } from '../../db/index.ts';
import type { Row } from '../../db/schema.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { ImageShape, VideoSource } from '../../api/shapes.ts';
import { toImage } from '../images.ts';
import { ids } from './common.ts';

export interface MediaRefs {
  videoId: number | null;
  /** The item's own thumbnail; the video's poster is the fallback. */
  imageId: number | null;
}

export interface Media {
  image(id: number | null | undefined): ImageShape | null;
  video(id: number | null | undefined): Row<'videos'> | null;
  /** The playable source of a video row, or null when there is none. */
  source(id: number | null | undefined): VideoSource | null;
  /** The item's thumbnail, else its video's poster. */
  thumbnail(refs: MediaRefs): ImageShape | null;
  duration(videoId: number | null | undefined): number;
}

interface Caption {
  lang: string;
  label: string;
  url: string;
}

function parseCaptions(json: string): Caption[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (c): c is Caption =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as Caption).lang === 'string' &&
        typeof (c as Caption).label === 'string' &&
        typeof (c as Caption).url === 'string',
    ).map((c) => ({ lang: c.lang, label: c.label, url: c.url }));
  } catch {
    return [];
  }
}

/** Loads the videos and images of a set of items: two queries at most. */
export async function loadMedia(db: DB, refs: ReadonlyArray<MediaRefs>, lang: Locale): Promise<Media> {
  const videoIds = ids(refs.map((r) => r.videoId));
  const videoRows = videoIds.length ? await db.selectFrom('videos').selectAll().where('id', 'in', videoIds).execute() : [];
  const videos = new Map(videoRows.map((v) => [v.id, v]));
  const imageIds = ids([...refs.map((r) => r.imageId), ...videoRows.map((v) => v.poster_image_id)]);
  const imageRows = imageIds.length ? await db.selectFrom('images').selectAll().where('id', 'in', imageIds).execute() : [];
  const images = new Map(imageRows.map((r) => [r.id, toImage(r, lang)]));

  const image = (id: number | null | undefined) => (id == null ? null : (images.get(id) ?? null));
  const video = (id: number | null | undefined) => (id == null ? null : (videos.get(id) ?? null));
  return {
    image,
    video,
    source(id) {
      const v = video(id);
      if (!v) return null;
      return {
        url: v.url,
        mime: v.mime,
        durationSeconds: Math.max(0, Math.round(v.duration_s)),
        width: v.width,
        height: v.height,
        poster: image(v.poster_image_id),
        captions: parseCaptions(v.captions),
      };
    },
    thumbnail(r) {
      return image(r.imageId) ?? image(video(r.videoId)?.poster_image_id);
    },
    duration(id) {
      return Math.max(0, Math.round(video(id)?.duration_s ?? 0));
    },
  };
}
