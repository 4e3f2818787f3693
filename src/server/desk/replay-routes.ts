/**
 * Replays in the desk (docs/desk.md "Replays"): news bulletins, programme
 * episodes and web videos, for editors and admins (a journalist gets 403).
 * Saving goes through the newsroom API's own function
 * (src/server/broadcast/replays.ts publishReplay: one transaction with its
 * change-feed record, so the public pages and lists are rendered again at
 * once) with the audit entry in the same transaction; the desk only words
 * the refusals in the person's language.
 *
 *  - GET  /api/desk/replays?kind=&edition=&q=&page=   one kind's replays, newest first
 *  - GET  /api/desk/replays/options                    programmes, web video categories, allowed media origins
 *  - POST /api/desk/replays                            make one ({ kind, … })
 *  - GET  /api/desk/replays/{kind}/{id}                one, as its form shows it
 *  - PUT  /api/desk/replays/{kind}/{id}                change it
 *  - POST /api/desk/replays/{kind}/{id}/retire         off the site (its page answers 404)
 *  - POST /api/desk/replays/{kind}/{id}/restore        on the site again
 */
import crypto from 'node:crypto';
import type { Locale } from '../../i18n/locales.ts';
import type { DB } from '../db/index.ts';
import { getConfig } from '../config.ts';
import { mediaOriginRefusal, mediaOrigins } from '../media-origins.ts';
import {
  itemPaths,
  publishReplay,
  ReplayInputError,
  replayInput,
  replayOriginRefusals,
  setReplayRetired,
  type ReplayBefore,
  type ReplayKind,
  type ReplayResult,
} from '../broadcast/replays.ts';
import { readJson } from '../http/body.ts';
import { casablancaLocalDateTime, fromCasablancaLocal } from '../../lib/desk-dates.ts';
import * as m from '../../paraglide/messages.js';
import { deskAudit } from './audit.ts';
import { idParam, likePattern, zodErrors } from './input.ts';
import { mediaRefusalText } from './media-refusal.ts';
import { CURATORS } from './roles.ts';
import { personOf, type DeskContext, type DeskOutcome, type DeskRoute, type FieldErrors } from './router.ts';

const KINDS: readonly ReplayKind[] = ['jt', 'episode', 'webvideo'];
const PAGE = 50;
/** A replay's form: texts of two languages, captions. */
const REPLAY_BODY = 64 * 1024;

const kindOf = (v: string | null | undefined): ReplayKind | null => (KINDS.includes(v as ReplayKind) ? (v as ReplayKind) : null);

/** The fields whose refusal says more than "incorrect value" (the first of a key's messages is replaced). */
function wordErrors(errors: FieldErrors, locale: Locale): FieldErrors {
  const o = { locale };
  const words: Record<string, () => string> = {
    title: () => m.desk_replay_err_title({}, o),
    airDate: () => m.desk_replay_err_day({}, o),
    programmeId: () => m.desk_replay_err_programme({}, o),
    programme: () => m.desk_replay_err_programme({}, o),
    tagId: () => m.desk_replay_err_tag({}, o),
    tag: () => m.desk_replay_err_tag({}, o),
    'video.mime': () => m.desk_replay_err_mime({}, o),
    'poster.mediaId': () => m.desk_replay_err_poster({}, o),
    slug: () => m.desk_replay_err_slug({}, o),
  };
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(errors)) out[key] = words[key] ? [words[key]()] : list;
  return out;
}

interface ReplayRow {
  kind: ReplayKind;
  id: number;
  titleAr: string;
  titleFr: string;
  publishedAt: string;
  retiredAt: string | null;
  durationS: number | null;
  poster: string | null;
  /** The bulletin's edition, the episode's programme, the web video's category. */
  group: string;
  paths: Record<Locale, string>;
}

async function listReplays(db: DB, kind: ReplayKind, filter: { edition?: string | undefined; q?: string | undefined; page: number }): Promise<{ items: ReplayRow[]; next: number | null }> {
  const words = filter.q?.trim().slice(0, 100);
  const table = kind === 'episode' ? 'episodes' : kind === 'jt' ? 'jt_bulletins' : 'web_videos';
  // The three tables share these columns (titles, video, poster, times).
  let q = db
    .selectFrom(`${table} as r` as 'episodes as r')
    .leftJoin('videos', 'videos.id', 'r.video_id')
    .leftJoin('images', 'images.id', 'r.thumbnail_image_id')
    .select(['r.id', 'r.title_ar', 'r.title_fr', 'r.published_at', 'r.retired_at', 'videos.duration_s', 'images.url as poster']);
  if (words) q = q.where((eb) => eb.or([eb('r.title_ar', 'like', likePattern(words)), eb('r.title_fr', 'like', likePattern(words))]));
  if (kind === 'jt' && filter.edition) q = q.where(`r.edition` as 'r.title_ar', '=', filter.edition);
  const rows = await q
    .orderBy('r.published_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(PAGE + 1)
    .offset(filter.page * PAGE)
    .execute();
  const ids = rows.slice(0, PAGE).map((r) => r.id);
  const group = new Map<number, string>();
  if (ids.length && kind === 'jt') for (const r of await db.selectFrom('jt_bulletins').select(['id', 'edition']).where('id', 'in', ids).execute()) group.set(r.id, r.edition);
  if (ids.length && kind === 'episode') {
    const got = await db.selectFrom('episodes').innerJoin('programmes', 'programmes.id', 'episodes.programme_id').select(['episodes.id', 'programmes.title_fr', 'programmes.title_ar']).where('episodes.id', 'in', ids).execute();
    for (const r of got) group.set(r.id, `${r.title_fr} · ${r.title_ar}`);
  }
  if (ids.length && kind === 'webvideo') {
    const got = await db.selectFrom('web_videos').innerJoin('web_video_tags', 'web_video_tags.id', 'web_videos.tag_id').select(['web_videos.id', 'web_video_tags.name_fr', 'web_video_tags.name_ar']).where('web_videos.id', 'in', ids).execute();
    for (const r of got) group.set(r.id, `${r.name_fr} · ${r.name_ar}`);
  }
  const items = rows.slice(0, PAGE).map((r) => ({
    kind,
    id: r.id,
    titleAr: r.title_ar,
    titleFr: r.title_fr,
    publishedAt: r.published_at,
    retiredAt: r.retired_at,
    durationS: r.duration_s,
    poster: r.poster,
    group: group.get(r.id) ?? '',
    paths: itemPaths(kind, r.id, kind === 'jt' ? group.get(r.id) : undefined),
  }));
  return { items, next: rows.length > PAGE ? filter.page + 1 : null };
}

/** A replay as its form shows it (times in Casablanca), or null. */
async function replayForm(db: DB, kind: ReplayKind, id: number) {
  const common = ['r.id', 'r.external_uri', 'r.title_ar', 'r.title_fr', 'r.description_ar', 'r.description_fr', 'r.video_id', 'r.thumbnail_image_id', 'r.published_at', 'r.retired_at'] as const;
  let row;
  let extra: Record<string, unknown> = {};
  if (kind === 'episode') {
    row = await db.selectFrom('episodes as r').select([...common, 'r.programme_id', 'r.season', 'r.number']).where('r.id', '=', id).executeTakeFirst();
    if (row) extra = { programmeId: row.programme_id, season: row.season, number: row.number };
  } else if (kind === 'jt') {
    row = await db.selectFrom('jt_bulletins as r').select([...common, 'r.edition', 'r.air_date', 'r.air_time']).where('r.id', '=', id).executeTakeFirst();
    if (row) extra = { edition: row.edition, airDate: row.air_date, airTime: row.air_time };
  } else {
    row = await db.selectFrom('web_videos as r').select([...common, 'r.tag_id', 'r.slug']).where('r.id', '=', id).executeTakeFirst();
    if (row) extra = { tagId: row.tag_id, slug: row.slug };
  }
  if (!row) return null;
  const video = row.video_id === null ? undefined : await db.selectFrom('videos').selectAll().where('id', '=', row.video_id).executeTakeFirst();
  const poster = row.thumbnail_image_id === null ? undefined : await db.selectFrom('images').select(['id', 'url', 'alt_ar', 'alt_fr']).where('id', '=', row.thumbnail_image_id).executeTakeFirst();
  return {
    kind,
    id: row.id,
    uri: row.external_uri,
    title: { ar: row.title_ar, fr: row.title_fr },
    description: { ar: row.description_ar, fr: row.description_fr },
    video: video
      ? { url: video.url, mime: video.mime, durationSeconds: video.duration_s, width: video.width, height: video.height, captions: JSON.parse(video.captions) as { lang: string; label: string; url: string }[] }
      : null,
    poster: poster ? { mediaId: poster.id, url: poster.url, alt: poster.alt_fr || poster.alt_ar } : null,
    publishedAt: casablancaLocalDateTime(row.published_at),
    retiredAt: row.retired_at,
    paths: itemPaths(kind, row.id, 'edition' in row ? row.edition : undefined),
    ...extra,
  };
}

/**
 * Makes or changes a replay from the desk's form: its `publishedAt` is a
 * Casablanca date and time ("YYYY-MM-DDTHH:MM"), its poster a picture of the
 * media library with both alternative texts; the rest is the newsroom API's
 * body (src/server/broadcast/replays.ts), checked by the same schema and
 * saved by the same function.
 */
async function save(ctx: DeskContext, kind: ReplayKind, target: { id: number; uri: string } | null, value: Record<string, unknown>): Promise<DeskOutcome> {
  const { publishedAt: local, ...raw } = value;
  const errors: FieldErrors = {};
  let publishedAt: string | undefined;
  if (typeof local === 'string' && local !== '') {
    const at = fromCasablancaLocal(local);
    if (at) publishedAt = at.toISOString();
    else errors.publishedAt = [m.desk_replay_err_date({}, { locale: ctx.locale })];
  } else if (local !== undefined && local !== '' && local !== null) errors.publishedAt = [m.desk_replay_err_date({}, { locale: ctx.locale })];
  const uri = target?.uri ?? `urn:2m:desk:${kind}:${crypto.randomUUID()}`;
  const parsed = replayInput.safeParse({ ...raw, kind, uri, ...(publishedAt ? { publishedAt } : {}) });
  if (!parsed.success) Object.assign(errors, wordErrors(zodErrors(parsed.error, ctx.locale), ctx.locale));
  if (parsed.success) {
    for (const [key, url] of Object.entries(replayOriginRefusals(parsed.data))) errors[key] = [mediaRefusalText(mediaOriginRefusal(url)!, ctx.locale)];
    const poster = parsed.data.poster;
    if (poster && !('mediaId' in poster)) errors.poster = [m.desk_replay_err_poster({}, { locale: ctx.locale })];
    else if (poster) {
      const img = await ctx.db.selectFrom('images').select(['alt_ar', 'alt_fr']).where('id', '=', poster.mediaId).executeTakeFirst();
      if (!img || !img.alt_ar.trim() || !img.alt_fr.trim()) errors['poster.mediaId'] = [m.desk_replay_err_poster({}, { locale: ctx.locale })];
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { status: 422, errors };
  const person = personOf(ctx);
  try {
    const result: ReplayResult = await publishReplay(ctx.db, parsed.data, new Date(), {
      ...(target ? { id: target.id } : {}),
      inTransaction: (trx, r, before: ReplayBefore | null) =>
        deskAudit(trx, {
          user: person,
          address: ctx.address,
          action: before ? 'replay.save' : 'replay.create',
          itemType: 'replay',
          itemId: `${r.kind}:${r.id}`,
          summary: parsed.data.title.fr || parsed.data.title.ar,
          before: before && { title: { ar: before.title_ar, fr: before.title_fr }, publishedAt: before.published_at },
          after: { title: parsed.data.title, publishedAt: r.publishedAt, video: parsed.data.video.url },
        }),
    });
    return { status: result.created ? 201 : 200, response: await replayForm(ctx.db, kind, result.id) };
  } catch (error) {
    if (error instanceof ReplayInputError) return { status: 422, errors: wordErrors(error.errors, ctx.locale) };
    throw error;
  }
}

/** The JSON object of a replay's form (413, 415, 400 as every desk body; 422 for anything but an object). */
async function readBody(ctx: DeskContext): Promise<{ value: Record<string, unknown> } | DeskOutcome> {
  const body = await readJson(ctx.request, REPLAY_BODY);
  if (!body.ok) return { status: body.status };
  if (!body.value || typeof body.value !== 'object' || Array.isArray(body.value)) return { status: 422, errors: { body: [m.desk_err_field_invalid({}, { locale: ctx.locale })] } };
  return { value: body.value as Record<string, unknown> };
}

const target = async (ctx: DeskContext): Promise<{ kind: ReplayKind; id: number; uri: string } | null> => {
  const kind = kindOf(ctx.params.kind);
  const id = idParam(ctx.params.id);
  if (!kind || id === null) return null;
  const form = await replayForm(ctx.db, kind, id);
  // A seeded replay has no uri yet: the desk's names it.
  return form ? { kind, id, uri: form.uri ?? `urn:2m:desk:${kind}:${id}` } : null;
};

const retireRoute = (retire: boolean): DeskRoute => ({
  method: 'POST',
  path: `/api/desk/replays/{kind}/{id}/${retire ? 'retire' : 'restore'}`,
  access: 'signed-in',
  roles: CURATORS,
  doc: {
    summary: retire ? 'Retire a replay: it leaves every public list, its page answers 404' : 'Put a retired replay back on the site',
    response: replayDoc,
    codes: { '200': retire ? 'Retired' : 'Back on the site', '404': 'Unknown replay' },
  },
  async handler(ctx) {
    const kind = kindOf(ctx.params.kind);
    const id = idParam(ctx.params.id);
    if (!kind || id === null) return { status: 404 };
    const person = personOf(ctx);
    const done = await setReplayRetired(ctx.db, kind, id, retire, new Date(), (trx, before) =>
      deskAudit(trx, { user: person, address: ctx.address, action: retire ? 'replay.retire' : 'replay.restore', itemType: 'replay', itemId: `${kind}:${id}`, summary: before.title_fr || before.title_ar }),
    );
    return done ? { status: 200, response: await replayForm(ctx.db, kind, id) } : { status: 404 };
  },
});

/** A kind's own fields: an episode's programme and place, a bulletin's edition and air time, a web video's category and slug. */
const kindFields = {
  programmeId: { type: 'integer' },
  season: { type: 'integer' },
  number: { type: 'integer' },
  edition: { enum: ['ar', 'fr', 'amz'] },
  airDate: { type: 'string', description: 'A bulletin’s air day in Casablanca, YYYY-MM-DD' },
  airTime: { type: 'string', description: 'HH:MM' },
  tagId: { type: 'integer' },
  slug: { type: 'string' },
};
const replayDoc = {
  type: 'object',
  required: ['kind', 'id', 'uri', 'title', 'description', 'video', 'poster', 'publishedAt', 'retiredAt', 'paths'],
  properties: {
    kind: { enum: ['jt', 'episode', 'webvideo'] },
    id: { type: 'integer' },
    uri: { type: ['string', 'null'], description: 'The newsroom’s id (POST /api/newsroom/videos); null for a seeded replay never saved' },
    title: { type: 'object', properties: { ar: { type: 'string' }, fr: { type: 'string' } } },
    description: { type: 'object', properties: { ar: { type: 'string' }, fr: { type: 'string' } } },
    video: { type: ['object', 'null'], description: '{ url, mime, durationSeconds, width, height, captions: [{ lang, label, url }] }' },
    poster: { type: ['object', 'null'], description: '{ mediaId, url, alt }: a picture of the media library' },
    publishedAt: { type: 'string', description: 'Public from, in Casablanca: YYYY-MM-DDTHH:MM' },
    retiredAt: { type: ['string', 'null'] },
    paths: { type: 'object', properties: { ar: { type: 'string' }, fr: { type: 'string' } } },
    ...kindFields,
  },
};
const inputDoc = {
  'application/json': {
    type: 'object',
    required: ['title', 'video'],
    description:
      'The body of POST /api/newsroom/videos without uri, with publishedAt as a Casablanca date and time (YYYY-MM-DDTHH:MM) and the poster as { mediaId } (a picture of the media library with both alternative texts); POST also gives kind',
    properties: {
      kind: { enum: ['jt', 'episode', 'webvideo'] },
      title: { type: 'object', properties: { ar: { type: 'string' }, fr: { type: 'string' } } },
      description: { type: 'object', properties: { ar: { type: 'string' }, fr: { type: 'string' } } },
      video: { type: 'object', required: ['url', 'durationSeconds'], properties: { url: { type: 'string' }, durationSeconds: { type: 'number' }, mime: { type: 'string' }, captions: { type: 'array', items: { type: 'object' } } } },
      poster: { type: 'object', required: ['mediaId'], properties: { mediaId: { type: 'integer' } } },
      publishedAt: { type: 'string' },
      ...kindFields,
    },
  },
};

export const replayRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/replays',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'One kind’s replays (retired ones too), newest first, 50 a page',
      query: {
        kind: { description: 'jt (default), episode or webvideo' },
        edition: { description: 'A news bulletin’s edition: ar, fr or amz' },
        q: { description: 'Words of the Arabic or French title' },
        page: { description: 'From 0' },
      },
      response: { type: 'object', required: ['items', 'next'], properties: { items: { type: 'array', items: { type: 'object' } }, next: { type: ['integer', 'null'] } } },
      codes: { '200': 'The replays' },
    },
    async handler(ctx) {
      const p = ctx.url.searchParams;
      const edition = p.get('edition');
      const page = Math.min(1000, Math.max(0, Number.parseInt(p.get('page') ?? '0', 10) || 0));
      return { status: 200, response: await listReplays(ctx.db, kindOf(p.get('kind')) ?? 'jt', { edition: edition && ['ar', 'fr', 'amz'].includes(edition) ? edition : undefined, q: p.get('q') ?? undefined, page }) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/replays/options',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'What a replay’s form offers: the programmes, the web video categories, the origins videos may play from',
      response: {
        type: 'object',
        required: ['programmes', 'tags', 'mediaOrigins'],
        properties: { programmes: { type: 'array', items: { type: 'object' } }, tags: { type: 'array', items: { type: 'object' } }, mediaOrigins: { type: 'array', items: { type: 'string' } } },
      },
      codes: { '200': 'The choices' },
    },
    async handler(ctx) {
      const [programmes, tags] = await Promise.all([
        ctx.db.selectFrom('programmes').select(['id', 'title_ar', 'title_fr']).orderBy('position').orderBy('id').execute(),
        ctx.db.selectFrom('web_video_tags').select(['id', 'name_ar', 'name_fr']).orderBy('position').orderBy('id').execute(),
      ]);
      return {
        status: 200,
        response: {
          programmes: programmes.map((p) => ({ id: p.id, titleAr: p.title_ar, titleFr: p.title_fr })),
          tags: tags.map((t) => ({ id: t.id, nameAr: t.name_ar, nameFr: t.name_fr })),
          mediaOrigins: mediaOrigins(getConfig()),
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/replays',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'Make a replay (on its pages and lists at once, or at publishedAt)', body: inputDoc, response: replayDoc, codes: { '201': 'Made', '422': 'A field is refused; nothing changed' } },
    async handler(ctx) {
      const body = await readBody(ctx);
      if ('status' in body) return body;
      const kind = kindOf(String(body.value.kind));
      return kind ? save(ctx, kind, null, body.value) : { status: 422, errors: { kind: [m.desk_err_field_required({}, { locale: ctx.locale })] } };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/replays/{kind}/{id}',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'A replay as its form shows it', response: replayDoc, codes: { '200': 'The replay', '404': 'Unknown replay' } },
    async handler(ctx) {
      const kind = kindOf(ctx.params.kind);
      const id = idParam(ctx.params.id);
      const form = kind && id !== null ? await replayForm(ctx.db, kind, id) : null;
      return form ? { status: 200, response: form } : { status: 404 };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/replays/{kind}/{id}',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'Change a replay (its pages and lists at once)', body: inputDoc, response: replayDoc, codes: { '200': 'Saved', '404': 'Unknown replay', '422': 'A field is refused; nothing changed' } },
    async handler(ctx) {
      const t = await target(ctx);
      if (!t) return { status: 404 };
      const body = await readBody(ctx);
      return 'status' in body ? body : save(ctx, t.kind, t, body.value);
    },
  },
  retireRoute(true),
  retireRoute(false),
];

