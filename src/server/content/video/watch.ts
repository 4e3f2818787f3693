/** The Watch/Replay home (/api/watch): the live strip and one row per catalogue. */
import type { DB } from '../../db/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { ImageShape, VideoCard } from '../../api/shapes.ts';
import { BUILTIN_LIVE_URL, liveSection } from '../live.ts';
import { latestWebVideos } from './by2m.ts';
import { latestBulletins } from './jt.ts';
import { latestEpisodesOfKinds } from './programmes.ts';
import { replaysSlice } from './replays.ts';
import { latestStarlightVideos } from './starlight.ts';
import { inBothLanguages } from '../../api/messages.ts';
import * as m from '../../../paraglide/messages.js';

const WATCH_ROW_SIZE = 8;

export type WatchSectionKey = 'jt' | 'emissions' | 'series' | 'by2m' | 'starlight' | 'latest';

const SECTION_TITLES: Record<WatchSectionKey, Record<Locale, string>> = {
  jt: inBothLanguages(m.polish_watch_jt),
  emissions: inBothLanguages(m.polish_watch_emissions),
  series: inBothLanguages(m.polish_watch_series),
  by2m: inBothLanguages(m.polish_watch_by2m),
  starlight: inBothLanguages(m.polish_watch_starlight),
  latest: inBothLanguages(m.polish_watch_latest),
};

export interface LiveStream {
  title: string;
  url: string;
  poster: ImageShape | null;
}

/** The live stream, by the same rule as /api/getLiveSection (its first address). */
async function liveStream(db: DB, lang: Locale): Promise<LiveStream> {
  const live = await liveSection(db, lang);
  return { title: live.title, url: live.url[0] ?? BUILTIN_LIVE_URL, poster: live.poster };
}

export async function watchHome(db: DB, lang: Locale) {
  const n = WATCH_ROW_SIZE;
  const rows: Record<WatchSectionKey, Promise<VideoCard[]>> = {
    jt: latestBulletins(db, n, lang),
    emissions: latestEpisodesOfKinds(db, ['emission'], n, lang),
    series: latestEpisodesOfKinds(db, ['serie', 'film'], n, lang),
    by2m: latestWebVideos(db, n, lang),
    starlight: latestStarlightVideos(db, n, lang),
    latest: replaysSlice(db, 0, n, lang),
  };
  const keys = Object.keys(rows) as WatchSectionKey[];
  const [live, ...items] = await Promise.all([liveStream(db, lang), ...keys.map((k) => rows[k])]);
  return {
    live,
    sections: keys.map((key, i) => ({ key, title: SECTION_TITLES[key][lang], items: items[i] ?? [] })),
  };
}
