/**
 * Every /replay/starlight route in one loader: the replay home, artiste and
 * coach (?id= one person, else all), detail and pagevideo (?id= one video),
 * saisonN (a season's videos by kind and its people), showAll and
 * saisonN/showAll (every video of the latest season, or of season N).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import {
  findSeason,
  latestSeason,
  latestStarlightVideos,
  seasonCandidates,
  seasonVideoGroups,
  type StarlightPerson,
  type StarlightSeason,
} from '../content/video/starlight.ts';
import { loadImages } from '../content/images.ts';
import {
  allSeasons,
  peopleBySeason,
  personDetail,
  seasonVideoRows,
  starlightVideoCards,
  starlightVideoDetail,
  toSeason,
  type PersonDetail,
  type StarlightVideoDetail,
} from './starlight-common.ts';
import { parseId } from './video-common.ts';

export type StarlightReplayPage =
  | { kind: 'home'; latest: VideoCard[]; primes: VideoCard[]; season: StarlightSeason | null; seasons: StarlightSeason[] }
  | { kind: 'person'; role: 'candidate' | 'coach'; detail: PersonDetail }
  | { kind: 'people'; role: 'candidate' | 'coach'; groups: { season: StarlightSeason; people: StarlightPerson[] }[] }
  | { kind: 'video'; layout: 'detail' | 'pagevideo'; detail: StarlightVideoDetail }
  | {
      kind: 'season';
      season: StarlightSeason;
      groups: { kind: string; title: string; videos: VideoCard[] }[];
      candidates: StarlightPerson[];
      coaches: StarlightPerson[];
      seasons: StarlightSeason[];
    }
  | { kind: 'showAll'; season: StarlightSeason; videos: VideoCard[]; latest: boolean };

const SEASON_PATH = /^saison([1-9][0-9]{0,2})(\/showAll)?$/;

/**
 * `sub` is the path after /replay/starlight/ ('' for the home), `id` the
 * ?id= value. Null means 404: unknown sub-path, season or id.
 */
export async function loadStarlightReplay(
  db: DB,
  locale: Locale,
  params: { sub: string; id: string | null },
): Promise<StarlightReplayPage | null> {
  const { sub, id } = params;
  switch (sub) {
    case '': {
      const [latest, row, seasons] = await Promise.all([latestStarlightVideos(db, 12, locale), latestSeason(db), allSeasons(db, locale)]);
      const season = row ? (seasons.find((s) => s.id === row.id) ?? null) : null;
      const primes = row ? await starlightVideoCards(db, await seasonVideoRows(db, row.id, ['prime']), locale) : [];
      return { kind: 'home', latest, primes, season, seasons };
    }
    case 'artiste':
    case 'coach': {
      const role = sub === 'artiste' ? 'candidate' : 'coach';
      if (id === null) return { kind: 'people', role, groups: await peopleBySeason(db, role, locale) };
      const n = parseId(id);
      const detail = n === null ? null : await personDetail(db, n, role, locale);
      return detail ? { kind: 'person', role, detail } : null;
    }
    case 'detail':
    case 'pagevideo': {
      const n = parseId(id);
      const detail = n === null ? null : await starlightVideoDetail(db, n, locale);
      return detail ? { kind: 'video', layout: sub, detail } : null;
    }
    case 'showAll':
      return showAll(db, locale, null);
  }
  const m = SEASON_PATH.exec(sub);
  if (!m) return null;
  const number = Number(m[1]);
  if (m[2]) return showAll(db, locale, number);
  const [groups, people, seasons] = await Promise.all([
    seasonVideoGroups(db, number, locale),
    seasonCandidates(db, number, locale),
    allSeasons(db, locale),
  ]);
  if (!groups || !people) return null;
  return { kind: 'season', season: groups.season, groups: groups.groups, candidates: people.candidates, coaches: people.coaches, seasons };
}

async function showAll(db: DB, locale: Locale, number: number | null): Promise<StarlightReplayPage | null> {
  const [row, newest] = await Promise.all([number === null ? latestSeason(db) : findSeason(db, number), latestSeason(db)]);
  if (!row) return null;
  const [image, videos] = await Promise.all([
    loadImages(db, [row.cover_image_id], locale),
    starlightVideoCards(db, await seasonVideoRows(db, row.id), locale),
  ]);
  return { kind: 'showAll', season: toSeason(row, locale, image(row.cover_image_id)), videos, latest: newest?.id === row.id };
}
