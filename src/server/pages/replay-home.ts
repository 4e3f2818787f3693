/**
 * /replay: the replay home. The newest replays (paginated with ?page=, the
 * "Dernières vidéos" list), then one row per catalogue: JT, emissions,
 * series and films, by2m, Starlight.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import { lastReplaysPage } from '../content/video/replays.ts';
import { watchHome, type LiveStream, type WatchSectionKey } from '../content/video/watch.ts';

export interface ReplayHomePage {
  live: LiveStream;
  latest: { items: VideoCard[]; page: number; totalPages: number };
  sections: { key: WatchSectionKey; title: string; items: VideoCard[] }[];
}

/** Display order of the catalogue rows under the latest replays. */
const ORDER: WatchSectionKey[] = ['jt', 'emissions', 'series', 'by2m', 'starlight'];

/** Null for a page past the last one. */
export async function loadReplayHome(db: DB, locale: Locale, params: { page: number }): Promise<ReplayHomePage | null> {
  const [home, latest] = await Promise.all([watchHome(db, locale), lastReplaysPage(db, params.page, locale)]);
  if (!latest) return null;
  const sections = ORDER.flatMap((key) => home.sections.filter((s) => s.key === key && s.items.length > 0));
  return {
    live: home.live,
    latest: { items: latest.items, page: latest.pagination.page, totalPages: latest.pagination.totalPages },
    sections,
  };
}
