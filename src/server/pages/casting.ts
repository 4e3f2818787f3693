/**
 * /casting and /castings: the Starlight casting videos (starlight_videos of
 * kind 'casting') by season, newest season first, the season the call for
 * candidates is for (the one after the latest) and the call's text, as the
 * desk wrote it (content/casting-call.ts), its season filled in.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import type { StarlightSeason } from '../content/video/starlight.ts';
import { withSeason } from '../../lib/desk-starlight.ts';
import { castingCallText, paragraphsOf } from '../content/casting-call.ts';
import { allSeasons, seasonVideoRows, starlightVideoCards } from './starlight-common.ts';

/** The call for candidates as the page prints it (as text): a title, then paragraphs of lines. */
export interface CastingCallView {
  title: string;
  paragraphs: string[][];
}

export interface CastingPage {
  /** The call for candidates, for the season after the latest. */
  call: CastingCallView;
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
  const nextSeason = (latest?.number ?? 0) + 1;
  const text = await castingCallText(db, locale);
  const call = {
    title: withSeason(text.title, nextSeason),
    paragraphs: [text.intro, text.steps, text.dates].flatMap((t) => paragraphsOf(withSeason(t, nextSeason))),
  };
  return { call, latest, groups: groups.filter((g) => g.videos.length > 0) };
}
