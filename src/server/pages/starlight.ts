/** /starlight: the talent programme's home (latest season, candidates, coaches, latest videos). */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import { latestSeasonCandidates, latestStarlightVideos, type StarlightPerson, type StarlightSeason } from '../content/video/starlight.ts';
import { allSeasons } from './starlight-common.ts';

export interface StarlightHomePage {
  season: StarlightSeason;
  candidates: StarlightPerson[];
  coaches: StarlightPerson[];
  latest: VideoCard[];
  seasons: StarlightSeason[];
}

/** Null when no season exists yet. */
export async function loadStarlightHome(db: DB, locale: Locale): Promise<StarlightHomePage | null> {
  const [people, latest, seasons] = await Promise.all([
    latestSeasonCandidates(db, locale),
    latestStarlightVideos(db, 8, locale),
    allSeasons(db, locale),
  ]);
  if (!people) return null;
  return { ...people, latest, seasons };
}
