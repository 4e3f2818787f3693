/**
 * /casting and /castings: the Starlight casting videos (starlight_videos of
 * kind 'casting') by season, newest season first, and the season the call
 * for candidates is for (the one after the latest).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import type { StarlightSeason } from '../content/video/starlight.ts';
import { allSeasons, seasonVideoRows, starlightVideoCards } from './starlight-common.ts';

export interface CastingPage {
  /** Number of the season the call for candidates is for. */
  nextSeason: number;
  latest: StarlightSeason | null;
  groups: { season: StarlightSeason; videos: VideoCard[] }[];
}

export async function loadCasting(db: DB, locale: Locale): Promise<CastingPage> {
  const seasons = await allSeasons(db, locale);
  const groups = await Promise.all(
    seasons.map(async (season) => ({
      season,
      videos: await starlightVideoCards(db, await seasonVideoRows(db, season.id, ['casting']), locale),
    })),
  );
  const latest = seasons[0] ?? null;
  return { nextSeason: (latest?.number ?? 0) + 1, latest, groups: groups.filter((g) => g.videos.length > 0) };
}
