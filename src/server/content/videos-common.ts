/**
 * Video loaders shared by the content API (SPEC §7.1: article videos) and
 * the video API (§7.2). Batch loads: a fixed number of queries whatever the
 * list length (no N+1).
 */
import type { DB } from '../db/index.ts';
import type { Lang } from '../db/schema.ts';
import type { VideoSource } from '../api/shapes.ts';
import { loadImages } from './images.ts';

interface Caption {
  lang: string;
  label: string;
  url: string;
}

function parseCaptions(text: string): Caption[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (c): c is Caption =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as Caption).lang === 'string' &&
        typeof (c as Caption).label === 'string' &&
        typeof (c as Caption).url === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * Playable sources for a list of video ids, in two queries (videos, then
 * their posters). Returns a lookup; unknown or null ids map to null.
 */
export async function toVideoSource(
  db: DB,
  videoIds: ReadonlyArray<number | null | undefined>,
  lang: Lang,
): Promise<(id: number | null | undefined) => VideoSource | null> {
  const wanted = [...new Set(videoIds.filter((id): id is number => typeof id === 'number'))];
  const rows = wanted.length ? await db.selectFrom('videos').selectAll().where('id', 'in', wanted).execute() : [];
  const image = await loadImages(db, rows.map((r) => r.poster_image_id), lang);
  const byId = new Map<number, VideoSource>(
    rows.map((r) => [
      r.id,
      {
        url: r.url,
        mime: r.mime,
        durationSeconds: Math.max(0, Math.round(r.duration_s)),
        width: r.width,
        height: r.height,
        poster: image(r.poster_image_id),
        captions: parseCaptions(r.captions),
      },
    ]),
  );
  return (id) => (id == null ? null : (byId.get(id) ?? null));
}
