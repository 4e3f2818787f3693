/** Loads image rows and maps them to the API's Image shape in one language. */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ImageShape } from '../api/shapes.ts';

interface Variant {
  url: string;
  width: number;
  height: number;
}

export function toImage(row: Row<'images'>, lang: Locale): ImageShape {
  const variants = JSON.parse(row.variants) as Variant[];
  const all = [...variants, { url: row.url, width: row.width, height: row.height }].sort((a, b) => a.width - b.width);
  // Newsroom uploads (009_newsroom) also have AVIF renditions.
  const avif = (JSON.parse(row.renditions ?? '[]') as (Variant & { type: string })[])
    .filter((r) => r.type === 'image/avif')
    .sort((a, b) => a.width - b.width);
  return {
    url: row.url,
    width: row.width,
    height: row.height,
    alt: lang === 'ar' ? row.alt_ar : row.alt_fr,
    srcset: all.map((v) => `${v.url} ${v.width}w`).join(', '),
    ...(avif.length ? { avifSrcset: avif.map((v) => `${v.url} ${v.width}w`).join(', ') } : {}),
    color: row.color,
    // The desk's focal point (025_desk_media): crops keep it in view.
    ...(row.focus_x !== null && row.focus_y !== null ? { focus: { x: Math.round(row.focus_x * 1000) / 10, y: Math.round(row.focus_y * 1000) / 10 } } : {}),
  };
}

/** One query for every image id a list needs; unknown or null ids map to null. */
export async function loadImages(
  db: DB,
  ids: ReadonlyArray<number | null | undefined>,
  lang: Locale,
): Promise<(id: number | null | undefined) => ImageShape | null> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = wanted.length ? await db.selectFrom('images').selectAll().where('id', 'in', wanted).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, toImage(r, lang)]));
  return (id) => (id == null ? null : (byId.get(id) ?? null));
}
