/**
 * Starlight in the desk (docs/desk.md "Starlight"): the seasons, the
 * candidates (the talents), the coaches, the casting videos and each
 * language's casting call, as the public pages show them (/starlight,
 * /talents, /casting, /castings and every /replay/starlight page). Every text is plain (the pages print it as
 * text): a field holding markup is refused (input.ts `plainText`) rather
 * than shown with its tags.
 * A picture comes from the media library and must have its Arabic and French
 * alternative texts. Each change is one transaction with its audit entry and
 * its change-feed record, so those pages are rendered again within seconds.
 */
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import type { Database, Row } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { recordContentChange } from '../content/changes.ts';
import { catalogueCastingCall, storedCastingCall } from '../content/casting-call.ts';
import { route } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { makeSlug } from '../http/slug.ts';
import type { MediaItem } from '../../lib/desk-story.ts';
import { STARLIGHT_LIMITS, type DeskCastingCall } from '../../lib/desk-starlight.ts';
import { itemOf } from './media-routes.ts';
import { plainText } from './input.ts';
import type { FieldErrors } from './router.ts';

type Trx = Transaction<Database>;


const text = (max: number) => plainText(z.string().trim().max(max));
const required = (max: number) => plainText(z.string().trim().min(1).max(max));
const picture = z.number().int().positive().max(2_147_483_647).nullable();

export const personInputSchema = z.object({
  nameAr: required(STARLIGHT_LIMITS.name),
  nameFr: required(STARLIGHT_LIMITS.name),
  cityAr: text(STARLIGHT_LIMITS.city).default(''),
  cityFr: text(STARLIGHT_LIMITS.city).default(''),
  bioAr: text(STARLIGHT_LIMITS.bio).default(''),
  bioFr: text(STARLIGHT_LIMITS.bio).default(''),
  photoImageId: picture.default(null),
});
export const newPersonInputSchema = personInputSchema.extend({
  seasonId: z.number().int().positive().max(2_147_483_647),
  role: z.enum(['candidate', 'coach']),
});
export const seasonInputSchema = z.object({
  titleAr: required(STARLIGHT_LIMITS.seasonTitle),
  titleFr: required(STARLIGHT_LIMITS.seasonTitle),
  descriptionAr: text(STARLIGHT_LIMITS.seasonDescription).default(''),
  descriptionFr: text(STARLIGHT_LIMITS.seasonDescription).default(''),
  year: z.number().int().min(2000).max(2100),
  coverImageId: picture.default(null),
});
export const videoInputSchema = z.object({
  titleAr: required(STARLIGHT_LIMITS.videoTitle),
  titleFr: required(STARLIGHT_LIMITS.videoTitle),
  thumbnailImageId: picture.default(null),
});

/** A language's casting call: `{n}` stands for the season's number; an empty line parts two paragraphs. */
export const castingCallInputSchema = z.object({
  title: required(STARLIGHT_LIMITS.castingTitle),
  intro: required(STARLIGHT_LIMITS.castingText),
  steps: text(STARLIGHT_LIMITS.castingText).default(''),
  dates: text(STARLIGHT_LIMITS.castingText).default(''),
});

export type PersonInput = z.infer<typeof personInputSchema>;
export type NewPersonInput = z.infer<typeof newPersonInputSchema>;
export type SeasonInput = z.infer<typeof seasonInputSchema>;
export type VideoInput = z.infer<typeof videoInputSchema>;
type CastingCallInput = z.infer<typeof castingCallInputSchema>;

/** A picture not in the library or without both alternative texts: its field's error. */
async function refusals(db: DB | Trx, input: Record<string, unknown>, pictureField: string, locale: Locale): Promise<FieldErrors> {
  const o = { locale };
  const errors: FieldErrors = {};
  const id = input[pictureField];
  if (typeof id === 'number') {
    const img = await db.selectFrom('images').select(['alt_ar', 'alt_fr']).where('id', '=', id).executeTakeFirst();
    if (!img) errors[pictureField] = [m.desk_err_picture_unknown({}, o)];
    else if (!img.alt_ar.trim() || !img.alt_fr.trim()) errors[pictureField] = [m.desk_err_picture_alt({}, o)];
  }
  return errors;
}

/** Every page that shows Starlight's seasons, people or videos, in both languages (a page's queries are dropped with it). */
async function starlightPaths(db: DB | Trx): Promise<string[]> {
  const seasons = await db.selectFrom('starlight_seasons').select('number').execute();
  const subs = ['artiste', 'coach', 'detail', 'pagevideo', 'showAll', ...seasons.flatMap((s) => [`saison${s.number}`, `saison${s.number}/showAll`])];
  return (['ar', 'fr'] as const).flatMap((l) => [
    route('starlight', l),
    route('talents', l),
    route('casting', l),
    route('castings', l),
    route('replay-starlight', l),
    route('replay-id', l, {}),
    ...subs.map((sub) => route('replay-starlight-sub', l, { sub })),
    `/${l}/sitemap.xml`,
  ]);
}

const recordStarlightChange = async (trx: Trx, reason: string) => recordContentChange(trx, { paths: await starlightPaths(trx), reason });

async function pictures(db: DB | Trx, ids: ReadonlyArray<number | null>): Promise<Map<number, MediaItem>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const rows = wanted.length ? await db.selectFrom('images').selectAll().where('id', 'in', wanted).execute() : [];
  return new Map(rows.map((r) => [r.id, itemOf(r)]));
}

export interface DeskSeason {
  id: number;
  number: number;
  year: number;
  titleAr: string;
  titleFr: string;
  descriptionAr: string;
  descriptionFr: string;
  coverImageId: number | null;
  cover: MediaItem | null;
  path: string;
  updatedAt: string | null;
}

export interface DeskStarlightPerson {
  id: number;
  seasonId: number;
  seasonNumber: number;
  role: 'candidate' | 'coach';
  nameAr: string;
  nameFr: string;
  cityAr: string;
  cityFr: string;
  bioAr: string;
  bioFr: string;
  photoImageId: number | null;
  photo: MediaItem | null;
  path: string;
  retiredAt: string | null;
  updatedAt: string | null;
}

export interface DeskStarlightVideo {
  id: number;
  seasonId: number;
  seasonNumber: number;
  kind: string;
  titleAr: string;
  titleFr: string;
  thumbnailImageId: number | null;
  thumbnail: MediaItem | null;
  path: string;
  updatedAt: string | null;
}

const seasonOf = (r: Row<'starlight_seasons'>, pics: Map<number, MediaItem>): DeskSeason => ({
  id: r.id,
  number: r.number,
  year: r.year,
  titleAr: r.title_ar,
  titleFr: r.title_fr,
  descriptionAr: r.description_ar,
  descriptionFr: r.description_fr,
  coverImageId: r.cover_image_id,
  cover: r.cover_image_id === null ? null : (pics.get(r.cover_image_id) ?? null),
  path: route('replay-starlight-sub', 'fr', { sub: `saison${r.number}` }),
  updatedAt: r.updated_at,
});

const personOf = (r: Row<'starlight_people'>, seasonNumber: number, pics: Map<number, MediaItem>): DeskStarlightPerson => ({
  id: r.id,
  seasonId: r.season_id,
  seasonNumber,
  role: r.role,
  nameAr: r.name_ar,
  nameFr: r.name_fr,
  cityAr: r.city_ar,
  cityFr: r.city_fr,
  bioAr: r.bio_ar,
  bioFr: r.bio_fr,
  photoImageId: r.photo_image_id,
  photo: r.photo_image_id === null ? null : (pics.get(r.photo_image_id) ?? null),
  path: `${route('replay-starlight-sub', 'fr', { sub: r.role === 'coach' ? 'coach' : 'artiste' })}?id=${r.id}`,
  retiredAt: r.retired_at,
  updatedAt: r.updated_at,
});

const videoOf = (r: Row<'starlight_videos'>, seasonNumber: number, pics: Map<number, MediaItem>): DeskStarlightVideo => ({
  id: r.id,
  seasonId: r.season_id,
  seasonNumber,
  kind: r.kind,
  titleAr: r.title_ar,
  titleFr: r.title_fr,
  thumbnailImageId: r.thumbnail_image_id,
  thumbnail: r.thumbnail_image_id === null ? null : (pics.get(r.thumbnail_image_id) ?? null),
  path: `${route('replay-starlight-sub', 'fr', { sub: 'detail' })}?id=${r.id}`,
  updatedAt: r.updated_at,
});

/** Everything the Starlight screen lists: seasons (newest first), people (retired ones last) and casting videos (newest first). */
export async function starlightOverview(db: DB) {
  const [seasons, people, videos] = await Promise.all([
    db.selectFrom('starlight_seasons').selectAll().orderBy('number', 'desc').execute(),
    db
      .selectFrom('starlight_people')
      .selectAll()
      .orderBy((eb) => eb('retired_at', 'is not', null))
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('starlight_videos').selectAll().where('kind', '=', 'casting').orderBy('published_at', 'desc').orderBy('id', 'desc').execute(),
  ]);
  const pics = await pictures(db, [...seasons.map((s) => s.cover_image_id), ...people.map((p) => p.photo_image_id), ...videos.map((v) => v.thumbnail_image_id)]);
  const number = new Map(seasons.map((s) => [s.id, s.number]));
  const calls: DeskCastingCall[] = [];
  for (const lang of LOCALES) calls.push(await findCastingCall(db, lang));
  return {
    seasons: seasons.map((s) => seasonOf(s, pics)),
    people: people.map((p) => personOf(p, number.get(p.season_id) ?? 0, pics)),
    castings: videos.map((v) => videoOf(v, number.get(v.season_id) ?? 0, pics)),
    calls,
  };
}

async function seasonNumber(db: DB | Trx, id: number): Promise<number> {
  return (await db.selectFrom('starlight_seasons').select('number').where('id', '=', id).executeTakeFirst())?.number ?? 0;
}

export async function findSeason(db: DB | Trx, id: number): Promise<DeskSeason | null> {
  const r = await db.selectFrom('starlight_seasons').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? seasonOf(r, await pictures(db, [r.cover_image_id])) : null;
}

export async function findPerson(db: DB | Trx, id: number): Promise<DeskStarlightPerson | null> {
  const r = await db.selectFrom('starlight_people').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? personOf(r, await seasonNumber(db, r.season_id), await pictures(db, [r.photo_image_id])) : null;
}

export async function findVideo(db: DB | Trx, id: number): Promise<DeskStarlightVideo | null> {
  const r = await db.selectFrom('starlight_videos').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? videoOf(r, await seasonNumber(db, r.season_id), await pictures(db, [r.thumbnail_image_id])) : null;
}

export type Saved<T> = { kind: 'saved'; item: T; created: boolean } | { kind: 'invalid'; errors: FieldErrors } | { kind: 'not-found' };

/** What the caller does in the change's transaction (its audit entry). */
type Audit<T> = (trx: Trx, item: T, before: T | null) => Promise<void>;

const personValues = (v: PersonInput) => ({
  name_ar: v.nameAr,
  name_fr: v.nameFr,
  city_ar: v.cityAr,
  city_fr: v.cityFr,
  bio_ar: v.bioAr,
  bio_fr: v.bioFr,
  photo_image_id: v.photoImageId,
});

/** Changes a person (id) or makes one (id null: `input` names their season and role; they come last in it). */
export async function savePerson(db: DB, id: number | null, input: PersonInput | NewPersonInput, locale: Locale, audit: Audit<DeskStarlightPerson>): Promise<Saved<DeskStarlightPerson>> {
  const errors = await refusals(db, input, 'photoImageId', locale);
  const made = 'seasonId' in input ? input : null;
  if (made && !(await db.selectFrom('starlight_seasons').select('id').where('id', '=', made.seasonId).executeTakeFirst())) errors.seasonId = [m.desk_err_field_invalid({}, { locale })];
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = id === null ? null : await findPerson(trx, id);
    if (id !== null && !before) return { kind: 'not-found' } as const;
    let personId = id;
    if (personId === null && made) {
      const last = await trx.selectFrom('starlight_people').select((eb) => eb.fn.max('position').as('p')).where('season_id', '=', made.seasonId).executeTakeFirst();
      const inserted = await trx
        .insertInto('starlight_people')
        .values({ ...personValues(made), season_id: made.seasonId, role: made.role, slug: makeSlug(made.nameFr) || `talent-${Date.now()}`, position: Number(last?.p ?? 0) + 1, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      personId = inserted.id;
    } else if (personId !== null) {
      await trx.updateTable('starlight_people').set({ ...personValues(input), updated_at: now }).where('id', '=', personId).execute();
    }
    const item = (await findPerson(trx, personId!))!;
    await recordStarlightChange(trx, 'starlight');
    await audit(trx, item, before);
    return { kind: 'saved', item, created: id === null } as const;
  });
}

/** Retires a person: off every public page (their page answers 404), kept in the desk. */
export async function retirePerson(db: DB, id: number, audit: Audit<DeskStarlightPerson>): Promise<DeskStarlightPerson | null> {
  return db.transaction().execute(async (trx) => {
    const before = await findPerson(trx, id);
    if (!before) return null;
    if (before.retiredAt === null) {
      const now = new Date().toISOString();
      await trx.updateTable('starlight_people').set({ retired_at: now, updated_at: now }).where('id', '=', id).execute();
      await recordStarlightChange(trx, 'starlight');
    }
    const item = (await findPerson(trx, id))!;
    await audit(trx, item, before);
    return item;
  });
}

const seasonValues = (v: SeasonInput) => ({
  title_ar: v.titleAr,
  title_fr: v.titleFr,
  description_ar: v.descriptionAr,
  description_fr: v.descriptionFr,
  year: v.year,
  cover_image_id: v.coverImageId,
});

/** Changes a season (id) or opens the next one (id null: numbered after the latest). */
export async function saveSeason(db: DB, id: number | null, input: SeasonInput, locale: Locale, audit: Audit<DeskSeason>): Promise<Saved<DeskSeason>> {
  const errors = await refusals(db, input, 'coverImageId', locale);
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = id === null ? null : await findSeason(trx, id);
    if (id !== null && !before) return { kind: 'not-found' } as const;
    let seasonId = id;
    if (seasonId === null) {
      const last = await trx.selectFrom('starlight_seasons').select((eb) => eb.fn.max('number').as('n')).executeTakeFirst();
      const inserted = await trx
        .insertInto('starlight_seasons')
        .values({ ...seasonValues(input), number: Number(last?.n ?? 0) + 1, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      seasonId = inserted.id;
    } else {
      await trx.updateTable('starlight_seasons').set({ ...seasonValues(input), updated_at: now }).where('id', '=', seasonId).execute();
    }
    const item = (await findSeason(trx, seasonId))!;
    await recordStarlightChange(trx, 'starlight');
    await audit(trx, item, before);
    return { kind: 'saved', item, created: id === null } as const;
  });
}

/** Changes a Starlight video's titles and thumbnail (its video and dates come from the video ingest). */
export async function saveVideo(db: DB, id: number, input: VideoInput, locale: Locale, audit: Audit<DeskStarlightVideo>): Promise<Saved<DeskStarlightVideo>> {
  const errors = await refusals(db, input, 'thumbnailImageId', locale);
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  return db.transaction().execute(async (trx) => {
    const before = await findVideo(trx, id);
    if (!before) return { kind: 'not-found' } as const;
    await trx
      .updateTable('starlight_videos')
      .set({ title_ar: input.titleAr, title_fr: input.titleFr, thumbnail_image_id: input.thumbnailImageId, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const item = (await findVideo(trx, id))!;
    await recordStarlightChange(trx, 'starlight');
    await audit(trx, item, before);
    return { kind: 'saved', item, created: false } as const;
  });
}

/** A language's casting call (the message catalogue's when none is stored). */
export async function findCastingCall(db: DB | Trx, lang: Locale): Promise<DeskCastingCall> {
  const stored = await storedCastingCall(db, lang);
  const latest = await db.selectFrom('starlight_seasons').select((eb) => eb.fn.max('number').as('n')).executeTakeFirst();
  const { title, intro, steps, dates } = stored ?? catalogueCastingCall(lang);
  return { lang, title, intro, steps, dates, season: Number(latest?.n ?? 0) + 1, path: route('casting', lang), updatedAt: stored?.updatedAt ?? null };
}

/**
 * Every page that shows a casting call: /casting and /castings in each
 * language (the unprefixed Arabic ones also answer in the language of the
 * visitor's cookie, so a change of either language renders them again).
 */
const castingCallPaths = (): string[] => LOCALES.flatMap((l) => [route('casting', l), route('castings', l)]);

/** Changes a language's casting call. */
export async function saveCastingCall(db: DB, lang: Locale, input: CastingCallInput, audit: Audit<DeskCastingCall>): Promise<DeskCastingCall> {
  const values = { title: input.title, intro: input.intro, steps: input.steps, dates: input.dates, updated_at: new Date().toISOString() };
  return db.transaction().execute(async (trx) => {
    const before = await findCastingCall(trx, lang);
    await trx
      .insertInto('casting_calls')
      .values({ lang, ...values })
      .onConflict((oc) => oc.column('lang').doUpdateSet(values))
      .execute();
    const item = await findCastingCall(trx, lang);
    await recordContentChange(trx, { paths: castingCallPaths(), reason: 'starlight' });
    await audit(trx, item, before);
    return item;
  });
}
