/** One programme episode: the single replay page /replay/single/{id}. */
import type { DB } from '../../db/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { episodeSeed, toCard } from './cards.ts';
import { tr } from './common.ts';
import { findProgramme, programmeCard, publicEpisodes } from './programmes.ts';
import { loadMedia } from './sources.ts';

/** At most this many other episodes in the playlist, centred on the current one. */
const PLAYLIST_MAX = 50;
/** A standalone video's playlist: this many videos of other programmes of its kind. */
const STANDALONE_PLAYLIST_MAX = 12;

/**
 * /api/watchDetail/{id}. `News` keeps the original site's field names
 * (titre, url, description, image) and adds the player's needs.
 */
export async function episodeDetail(db: DB, id: number, lang: Locale) {
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
  let nextRow = index >= 0 ? (siblings[index + 1] ?? null) : null;
  const others = siblings.filter((e) => e.id !== row.id);
  const start = Math.min(Math.max(0, index - Math.floor(PLAYLIST_MAX / 2)), Math.max(0, others.length - PLAYLIST_MAX));
  let playlistRows = others.slice(start, start + PLAYLIST_MAX);
  // A programme of one video (a film, a one-off): its playlist is the newest
  // videos of other programmes of its kind, and the first of them comes next.
  const standalone = others.length === 0;
  if (standalone) {
    playlistRows = await publicEpisodes(db)
      .innerJoin('programmes', 'programmes.id', 'episodes.programme_id')
      .selectAll('episodes')
      .where('programmes.kind', '=', programmeRow.kind)
      .where('programmes.is_active', '=', 1)
      .where('episodes.programme_id', '!=', row.programme_id)
      .orderBy('episodes.published_at', 'desc')
      .orderBy('episodes.id', 'desc')
      .limit(STANDALONE_PLAYLIST_MAX)
      .execute();
    nextRow = playlistRows[0] ?? null;
  }

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
      /** The programme's only video (a film): no season and number to show, its playlist is its kind's. */
      standalone,
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
