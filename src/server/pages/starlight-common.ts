/**
 * Starlight queries the pages need beyond server/content/video/starlight.ts:
 * the list of seasons, one person, one video, and cards for any set of
 * Starlight video rows.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard, VideoSource } from '../api/shapes.ts';
import { loadImages } from '../content/images.ts';
import { starlightSeed, toCard, toCards } from '../content/video/cards.ts';
import { ids, tr } from '../content/video/common.ts';
import { loadMedia } from '../content/video/sources.ts';
import { publicStarlightVideos, type StarlightPerson, type StarlightSeason } from '../content/video/starlight.ts';

/** Every season, newest first. */
export async function allSeasons(db: DB, lang: Locale): Promise<StarlightSeason[]> {
  const rows = await db.selectFrom('starlight_seasons').selectAll().orderBy('number', 'desc').execute();
  const image = await loadImages(db, rows.map((r) => r.cover_image_id), lang);
  return rows.map((r) => toSeason(r, lang, image(r.cover_image_id)));
}

export function toSeason(row: Row<'starlight_seasons'>, lang: Locale, cover: StarlightSeason['cover']): StarlightSeason {
  return {
    id: row.id,
    number: row.number,
    year: row.year,
    title: tr(row, 'title', lang),
    description: tr(row, 'description', lang),
    cover,
  };
}

/** Cards of Starlight video rows; the person's name stands in for a description. */
export async function starlightVideoCards(db: DB, rows: ReadonlyArray<Row<'starlight_videos'>>, lang: Locale): Promise<VideoCard[]> {
  const personIds = ids(rows.map((r) => r.person_id));
  const people = personIds.length
    ? await db.selectFrom('starlight_people').select(['id', 'name_ar', 'name_fr']).where('id', 'in', personIds).execute()
    : [];
  const names = new Map(people.map((p) => [p.id, tr(p, 'name', lang)]));
  return toCards(db, rows.map((r) => starlightSeed(r, lang, r.person_id == null ? '' : (names.get(r.person_id) ?? ''))), lang);
}

/** Public videos of a season (all kinds, or some), newest first. */
export async function seasonVideoRows(db: DB, seasonId: number, kinds?: readonly string[]) {
  let q = publicStarlightVideos(db).selectAll('starlight_videos').where('starlight_videos.season_id', '=', seasonId);
  if (kinds) q = q.where('starlight_videos.kind', 'in', [...kinds]);
  return q.orderBy('starlight_videos.published_at', 'desc').orderBy('starlight_videos.id', 'desc').execute();
}

export interface PersonDetail {
  person: StarlightPerson;
  season: StarlightSeason;
  videos: VideoCard[];
}

/** One candidate or coach with their season and public videos; null if unknown, retired or of the other role. */
export async function personDetail(db: DB, id: number, role: 'candidate' | 'coach', lang: Locale): Promise<PersonDetail | null> {
  const p = await db.selectFrom('starlight_people').selectAll().where('id', '=', id).where('role', '=', role).where('retired_at', 'is', null).executeTakeFirst();
  if (!p) return null;
  const [seasonRow, videoRows] = await Promise.all([
    db.selectFrom('starlight_seasons').selectAll().where('id', '=', p.season_id).executeTakeFirst(),
    publicStarlightVideos(db)
      .selectAll('starlight_videos')
      .where('starlight_videos.person_id', '=', p.id)
      .orderBy('starlight_videos.published_at', 'desc')
      .orderBy('starlight_videos.id', 'desc')
      .execute(),
  ]);
  if (!seasonRow) return null;
  const [image, videos] = await Promise.all([
    loadImages(db, [p.photo_image_id, seasonRow.cover_image_id], lang),
    starlightVideoCards(db, videoRows, lang),
  ]);
  return {
    person: {
      id: p.id,
      slug: p.slug,
      name: tr(p, 'name', lang),
      city: tr(p, 'city', lang),
      bio: tr(p, 'bio', lang),
      photo: image(p.photo_image_id),
      role: p.role,
      videoCount: videos.length,
    },
    season: toSeason(seasonRow, lang, image(seasonRow.cover_image_id)),
    videos,
  };
}

export interface StarlightVideoDetail {
  video: VideoCard;
  kind: string;
  source: VideoSource | null;
  season: StarlightSeason;
  person: { id: number; name: string; role: 'candidate' | 'coach' } | null;
  /** Other public videos of the same season, newest first. */
  seasonVideos: VideoCard[];
  /** Other public videos of the same person, else of the same kind. */
  related: VideoCard[];
}

export async function starlightVideoDetail(db: DB, id: number, lang: Locale): Promise<StarlightVideoDetail | null> {
  const row = await publicStarlightVideos(db).selectAll('starlight_videos').where('starlight_videos.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [seasonRow, personRow, seasonRows] = await Promise.all([
    db.selectFrom('starlight_seasons').selectAll().where('id', '=', row.season_id).executeTakeFirst(),
    row.person_id == null
      ? Promise.resolve(undefined)
      : db.selectFrom('starlight_people').selectAll().where('id', '=', row.person_id).executeTakeFirst(),
    seasonVideoRows(db, row.season_id),
  ]);
  if (!seasonRow) return null;
  const personName = personRow ? tr(personRow, 'name', lang) : '';
  const seed = starlightSeed(row, lang, personName);
  const others = seasonRows.filter((r) => r.id !== row.id);
  const [media, image, seasonVideos] = await Promise.all([
    loadMedia(db, [seed], lang),
    loadImages(db, [seasonRow.cover_image_id], lang),
    starlightVideoCards(db, others, lang),
  ]);
  const samePerson = row.person_id == null ? [] : seasonVideos.filter((_, i) => others[i]?.person_id === row.person_id);
  const sameKind = seasonVideos.filter((_, i) => others[i]?.kind === row.kind);
  return {
    video: toCard(seed, media),
    kind: row.kind,
    source: media.source(row.video_id),
    season: toSeason(seasonRow, lang, image(seasonRow.cover_image_id)),
    person: personRow ? { id: personRow.id, name: personName, role: personRow.role } : null,
    seasonVideos,
    related: (samePerson.length ? samePerson : sameKind).slice(0, 12),
  };
}

/** Every person of a role (not retired), all seasons, grouped by season (newest season first). */
export async function peopleBySeason(db: DB, role: 'candidate' | 'coach', lang: Locale) {
  const [seasons, people] = await Promise.all([
    allSeasons(db, lang),
    db.selectFrom('starlight_people').selectAll().where('role', '=', role).where('retired_at', 'is', null).orderBy('position').orderBy('id').execute(),
  ]);
  const image = await loadImages(db, people.map((p) => p.photo_image_id), lang);
  return seasons
    .map((season) => ({
      season,
      people: people
        .filter((p) => p.season_id === season.id)
        .map(
          (p): StarlightPerson => ({
            id: p.id,
            slug: p.slug,
            name: tr(p, 'name', lang),
            city: tr(p, 'city', lang),
            bio: tr(p, 'bio', lang),
            photo: image(p.photo_image_id),
            role: p.role,
            videoCount: 0,
          }),
        ),
    }))
    .filter((g) => g.people.length > 0);
}
