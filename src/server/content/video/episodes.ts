/** One programme episode: the single replay page /replay/single/{id}. */
import type { DB } from '../../db/index.ts';
import type { Lang } from '../../db/schema.ts';
import { episodeSeed, toCard } from './cards.ts';
import { tr } from './common.ts';
import { findProgramme, programmeCard, publicEpisodes } from './programmes.ts';
import { loadMedia } from './sources.ts';

/** At most this many other episodes in the playlist, centred on the current one. */
export const PLAYLIST_MAX = 50;

/**
 * /api/watchDetail/{id}. `News` keeps the original site's field names
 * (titre, url, description, image) and adds the player's needs.
 */
export async function episodeDetail(db: DB, id: number, lang: Lang) {
  const row = await publicEpisodes(db).selectAll('episodes').where('episodes.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [programmeRow, siblings] = await Promise.all([
    findProgramme(db, row.programme_id),
    publicEpisodes(db)
      .selectAll('episodes')
      .where('episodes.programme_id', '=', row.programme_id)
      .orderBy('episodes.season', 'asc')
      .orderBy('episodes.number', 'asc')
      .orderBy('episodes.id', 'asc')
      .execute(),
  ]);
  if (!programmeRow) return null;

  const index = siblings.findIndex((e) => e.id === row.id);
  const nextRow = index >= 0 ? (siblings[index + 1] ?? null) : null;
  const others = siblings.filter((e) => e.id !== row.id);
  const start = Math.min(Math.max(0, index - Math.floor(PLAYLIST_MAX / 2)), Math.max(0, others.length - PLAYLIST_MAX));
  const playlistRows = others.slice(start, start + PLAYLIST_MAX);

  const seeds = [row, ...playlistRows, ...(nextRow ? [nextRow] : [])].map((e) => episodeSeed(e, lang));
  const [media, programme] = await Promise.all([loadMedia(db, seeds, lang), programmeCard(db, programmeRow, lang)]);
  const video = media.source(row.video_id);
  const seed = seeds[0]!;

  return {
    News: {
      id: row.id,
      titre: tr(row, 'title', lang),
      url: video?.url ?? '',
      description: tr(row, 'description', lang),
      image: media.thumbnail(seed)?.url ?? '',
      season: row.season,
      number: row.number,
      path: seed.path,
      video,
      programme,
      next: nextRow ? toCard(episodeSeed(nextRow, lang), media) : null,
      playlist: playlistRows.map((e) => toCard(episodeSeed(e, lang), media)),
      publishedAt: row.published_at,
      views: Math.max(0, Number(row.view_count)),
    },
  };
}
