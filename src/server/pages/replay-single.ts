/** /replay/single/{id}: one programme episode with its next episode and playlist. */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import { episodeSeed, toCards } from '../content/video/cards.ts';
import { episodeDetail } from '../content/video/episodes.ts';
import { publicEpisodes } from '../content/video/programmes.ts';

type EpisodeNews = NonNullable<Awaited<ReturnType<typeof episodeDetail>>>['News'];

export interface EpisodePage {
  news: EpisodeNews;
  /** The episode as a card: its own thumbnail, duration, path. */
  card: VideoCard;
  /** The episode's programme (its ad tag gives the pre-roll unit). */
  programmeId: number;
}

export async function loadEpisode(db: DB, locale: Locale, params: { id: number }): Promise<EpisodePage | null> {
  const [detail, row] = await Promise.all([
    episodeDetail(db, params.id, locale),
    publicEpisodes(db).selectAll('episodes').where('episodes.id', '=', params.id).executeTakeFirst(),
  ]);
  if (!detail || !row) return null;
  const [card] = await toCards(db, [episodeSeed(row, locale)], locale);
  return card ? { news: detail.News, card, programmeId: row.programme_id } : null;
}
