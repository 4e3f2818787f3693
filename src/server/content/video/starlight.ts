/** Starlight, the talent-competition programme: seasons, videos, people. */
import { sql } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { Row } from '../../db/schema.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { ImageShape, VideoCard } from '../../api/shapes.ts';
import { loadImages } from '../images.ts';
import { starlightSeed, toCards } from './cards.ts';
import { ids, nowIso, toCount, tr } from './common.ts';
import { inBothLanguages } from '../../api/messages.ts';
import * as m from '../../../paraglide/messages.js';

/** Video groups of a season page, in display order, with their titles. */
const KINDS: ReadonlyArray<{ kind: string; title: Record<Locale, string> }> = [
  { kind: 'prime', title: inBothLanguages(m.polish_starlight_prime) },
  { kind: 'performance', title: inBothLanguages(m.polish_starlight_performance) },
  { kind: 'portrait', title: inBothLanguages(m.polish_starlight_portrait) },
  { kind: 'casting', title: inBothLanguages(m.polish_starlight_casting) },
  { kind: 'backstage', title: inBothLanguages(m.polish_starlight_backstage) },
];

export interface StarlightSeason {
  id: number;
  number: number;
  year: number;
  title: string;
  description: string;
  cover: ImageShape | null;
}

export interface StarlightPerson {
  id: number;
  slug: string;
  name: string;
  city: string;
  bio: string;
  photo: ImageShape | null;
  role: 'candidate' | 'coach';
  videoCount: number;
}

export function publicStarlightVideos(db: DB) {
  return db.selectFrom('starlight_videos').where('starlight_videos.published_at', '<=', nowIso());
}

export async function findSeason(db: DB, number: number) {
  return db.selectFrom('starlight_seasons').selectAll().where('number', '=', number).executeTakeFirst();
}

export async function latestSeason(db: DB) {
  return db.selectFrom('starlight_seasons').selectAll().orderBy('number', 'desc').limit(1).executeTakeFirst();
}

function toSeason(row: Row<'starlight_seasons'>, lang: Locale, image: (id: number | null) => ImageShape | null): StarlightSeason {
  return {
    id: row.id,
    number: row.number,
    year: row.year,
    title: tr(row, 'title', lang),
    description: tr(row, 'description', lang),
    cover: image(row.cover_image_id),
  };
}

/** Cards of Starlight video rows, the person's name standing in for a description. */
async function starlightCards(db: DB, rows: ReadonlyArray<Row<'starlight_videos'>>, lang: Locale): Promise<VideoCard[]> {
  const personIds = ids(rows.map((r) => r.person_id));
  const people = personIds.length
    ? await db.selectFrom('starlight_people').select(['id', 'name_ar', 'name_fr']).where('id', 'in', personIds).execute()
    : [];
  const names = new Map(people.map((p) => [p.id, tr(p, 'name', lang)]));
  return toCards(db, rows.map((r) => starlightSeed(r, lang, r.person_id == null ? '' : (names.get(r.person_id) ?? ''))), lang);
}

/** /api/starlight/watch-home-starlight-tags/{x}: a season's public videos grouped by kind. */
export async function seasonVideoGroups(db: DB, number: number, lang: Locale) {
  const row = await findSeason(db, number);
  if (!row) return null;
  const [image, videos] = await Promise.all([
    loadImages(db, [row.cover_image_id], lang),
    publicStarlightVideos(db)
      .selectAll('starlight_videos')
      .where('starlight_videos.season_id', '=', row.id)
      .orderBy('starlight_videos.published_at', 'desc')
      .orderBy('starlight_videos.id', 'desc')
      .execute(),
  ]);
  const cards = await starlightCards(db, videos, lang);
  const byKind = new Map<string, VideoCard[]>();
  videos.forEach((v, i) => {
    const list = byKind.get(v.kind) ?? [];
    list.push(cards[i]!);
    byKind.set(v.kind, list);
  });
  const known = KINDS.filter((k) => byKind.has(k.kind)).map((k) => ({
    kind: k.kind,
    title: k.title[lang],
    videos: byKind.get(k.kind) ?? [],
  }));
  const others = [...byKind.keys()]
    .filter((kind) => !KINDS.some((k) => k.kind === kind))
    .sort()
    .map((kind) => ({ kind, title: kind, videos: byKind.get(kind) ?? [] }));
  return { season: toSeason(row, lang, image), groups: [...known, ...others] };
}

/** Candidates and coaches of a season (not retired), in editorial order, with their public video counts. */
async function seasonPeople(db: DB, row: Row<'starlight_seasons'>, lang: Locale) {
  const [people, counts] = await Promise.all([
    db
      .selectFrom('starlight_people')
      .selectAll()
      .where('season_id', '=', row.id)
      .where('retired_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    publicStarlightVideos(db)
      .select(['starlight_videos.person_id', sql<number>`count(*)`.as('n')])
      .where('starlight_videos.season_id', '=', row.id)
      .where('starlight_videos.person_id', 'is not', null)
      .groupBy('starlight_videos.person_id')
      .execute(),
  ]);
  const image = await loadImages(db, [row.cover_image_id, ...people.map((p) => p.photo_image_id)], lang);
  const videoCount = new Map(counts.map((c) => [c.person_id, toCount(c.n)]));
  const toPerson = (p: Row<'starlight_people'>): StarlightPerson => ({
    id: p.id,
    slug: p.slug,
    name: tr(p, 'name', lang),
    city: tr(p, 'city', lang),
    bio: tr(p, 'bio', lang),
    photo: image(p.photo_image_id),
    role: p.role,
    videoCount: videoCount.get(p.id) ?? 0,
  });
  return {
    season: toSeason(row, lang, image),
    candidates: people.filter((p) => p.role === 'candidate').map(toPerson),
    coaches: people.filter((p) => p.role === 'coach').map(toPerson),
  };
}

/** /api/starlight/watch-starlight-candidats/{x}. */
export async function seasonCandidates(db: DB, number: number, lang: Locale) {
  const row = await findSeason(db, number);
  return row ? seasonPeople(db, row, lang) : null;
}

/** /api/starlight/watch-home-starlight-candidats: the latest season's people. */
export async function latestSeasonCandidates(db: DB, lang: Locale) {
  const row = await latestSeason(db);
  return row ? seasonPeople(db, row, lang) : null;
}

/** Newest public Starlight videos of any season (Watch home row). */
export async function latestStarlightVideos(db: DB, limit: number, lang: Locale) {
  const rows = await publicStarlightVideos(db)
    .selectAll('starlight_videos')
    .orderBy('starlight_videos.published_at', 'desc')
    .orderBy('starlight_videos.id', 'desc')
    .limit(limit)
    .execute();
  return starlightCards(db, rows, lang);
}
