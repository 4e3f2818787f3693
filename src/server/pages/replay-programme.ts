/** /replay/{id}: a programme (emission, series or film) with its episodes by season. */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ProgrammeCard, VideoCard } from '../api/shapes.ts';
import { episodeSeed, toCards } from '../content/video/cards.ts';
import { findProgramme, programmeCard, programmeEpisodeRows } from '../content/video/programmes.ts';

export interface ProgrammePage {
  programme: ProgrammeCard;
  /** Newest season first; within a season, emissions newest first, series in order. */
  seasons: { season: number; episodes: VideoCard[] }[];
  /** The newest published episode, for the page's poster. */
  latest: VideoCard | null;
}

export async function loadProgramme(db: DB, locale: Locale, params: { id: number }): Promise<ProgrammePage | null> {
  const row = await findProgramme(db, params.id);
  if (!row) return null;
  const rows = await programmeEpisodeRows(db, row);
  const [programme, cards] = await Promise.all([
    programmeCard(db, row, locale),
    toCards(db, rows.map((e) => episodeSeed(e, locale)), locale),
  ]);
  const seasons: ProgrammePage['seasons'] = [];
  rows.forEach((e, i) => {
    let group = seasons.at(-1);
    if (group?.season !== e.season) seasons.push((group = { season: e.season, episodes: [] }));
    group.episodes.push(cards[i]!);
  });
  const latest = cards.reduce<VideoCard | null>((a, c) => (!a || c.publishedAt > a.publishedAt ? c : a), null);
  return { programme, seasons, latest };
}
