/**
 * Replays published by the newsroom (ADR 011): a programme episode,
 * a news bulletin (JT) or a web video ("by2m"), created or updated by the
 * newsroom's own id (`uri`, kept in `external_uri`), with its video (HLS or
 * MP4 URL, duration), poster (a URL, or an uploaded picture's media id) and
 * texts in both languages. One transaction with its change-feed record.
 *
 * A replay is public once `publishedAt` has passed (the catalogue's rule),
 * so a future time schedules it.
 */
import { z } from 'zod';
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import { JT_EDITIONS, type Database } from '../db/schema.ts';
import { episodePath, jtPath, programmePath, webVideoPath } from '../../lib/paths.ts';
import { type Locale, LOCALES } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { formatTime, localDay } from '../../lib/dates.ts';
import { recordContentChange } from '../content/changes.ts';
import { makeSlug } from '../http/slug.ts';
import type { FieldErrors } from './breaking.ts';
import { recordPicture, type ReadyPicture } from '../newsroom/pictures.ts';

const text = (max: number) => z.string().trim().max(max);
const bilingual = (max: number) => z.object({ ar: text(max).default(''), fr: text(max).default('') }).strict();
const title = bilingual(300).refine((t) => t.ar !== '' || t.fr !== '', 'give the title in Arabic, French or both');
const httpOrPath = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^\/(?!\/)/.test(u) || /^https?:\/\/[^\s/]+/i.test(u), 'must be an http(s) URL or a site path');
const isoInstant = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date-time');

const HLS = 'application/vnd.apple.mpegurl';
const MP4 = 'video/mp4';

const videoInput = z
  .object({
    /** HLS playlist (.m3u8) or MP4 file. */
    url: httpOrPath,
    /** Needed when the URL does not end in .m3u8 or .mp4. */
    mime: z.enum([HLS, MP4]).optional(),
    durationSeconds: z.number().positive().max(24 * 3600),
    width: z.number().int().positive().max(7680).default(1280),
    height: z.number().int().positive().max(4320).default(720),
    captions: z.array(z.object({ lang: z.string().min(2).max(8), label: z.string().min(1).max(60), url: httpOrPath }).strict()).max(10).default([]),
  })
  .strict()
  .transform((v, ctx) => {
    const path = v.url.split(/[?#]/)[0]!.toLowerCase();
    const mime = v.mime ?? (path.endsWith('.m3u8') ? HLS : path.endsWith('.mp4') ? MP4 : undefined);
    if (!mime) {
      ctx.addIssue({ code: 'custom', path: ['mime'], message: `give mime (${HLS} or ${MP4}) for a URL that does not end in .m3u8 or .mp4` });
      return z.NEVER;
    }
    return { ...v, mime };
  });

const posterInput = z.union([
  z.object({ mediaId: z.number().int().positive() }).strict(),
  /** The uri POST /api/newsroom/media answers, as in ninjs associations. */
  z
    .object({ uri: z.string().regex(/^urn:2m:media:[1-9]\d{0,9}$/, 'must be urn:2m:media:<id>') })
    .strict()
    .transform((p) => ({ mediaId: Number(p.uri.slice('urn:2m:media:'.length)) })),
  z
    .object({
      url: httpOrPath,
      width: z.number().int().positive().max(7680).default(1280),
      height: z.number().int().positive().max(4320).default(720),
      alt: bilingual(300).optional(),
    })
    .strict(),
]);

const common = {
  /** The newsroom's id of this replay: publishing the same uri again updates it. */
  uri: z.string().trim().min(1).max(500),
  title,
  description: bilingual(5000).default({ ar: '', fr: '' }),
  video: videoInput,
  poster: posterInput.optional(),
  /** Public from (default now); a future time schedules it. */
  publishedAt: isoInstant.optional(),
};

export const replayInput = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('episode'),
      ...common,
      /** The programme, by id or slug. */
      programmeId: z.number().int().positive().optional(),
      programme: z.string().trim().min(1).max(200).optional(),
      season: z.number().int().min(1).max(999).default(1),
      number: z.number().int().min(1).max(99999),
    })
    .strict()
    .refine((v) => v.programmeId !== undefined || v.programme !== undefined, { path: ['programmeId'], message: 'give programmeId or programme (its slug)' }),
  z
    .object({
      kind: z.literal('jt'),
      ...common,
      edition: z.enum(JT_EDITIONS),
      /** Local (Casablanca) air day and time; default: those of publishedAt. */
      airDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').optional(),
      airTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM').optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('webvideo'),
      ...common,
      /** The web video tag (category), by id or slug. */
      tagId: z.number().int().positive().optional(),
      tag: z.string().trim().min(1).max(200).optional(),
      /** URL slug; default from the French (else Arabic) title. */
      slug: z.string().trim().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and hyphens').max(120).optional(),
    })
    .strict()
    .refine((v) => v.tagId !== undefined || v.tag !== undefined, { path: ['tagId'], message: 'give tagId or tag (its slug)' }),
]);

export type ReplayInput = z.infer<typeof replayInput>;
type ReplayKind = ReplayInput['kind'];

const TABLE = { episode: 'episodes', jt: 'jt_bulletins', webvideo: 'web_videos' } as const;

export interface ReplayResult {
  id: number;
  kind: ReplayKind;
  uri: string;
  created: boolean;
  publishedAt: string;
  /** The replay's page in each language. */
  paths: Record<Locale, string>;
}

export class ReplayInputError extends Error {
  readonly status = 422;
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    super(Object.entries(errors).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; '));
    this.errors = errors;
  }
}

type Trx = Transaction<Database>;

const IMAGE_MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' };

/**
 * The poster's image row: an uploaded picture (media id); a picture by URL
 * copied into the media store before the transaction (`ready`,
 * src/server/newsroom/pictures.ts: never hotlinked); a path of this site
 * (a row for it, reused when the path is already known).
 */
async function posterImage(trx: Trx, poster: NonNullable<ReplayInput['poster']>, titleText: { ar: string; fr: string }, ready?: ReadyPicture): Promise<number | FieldErrors> {
  if ('mediaId' in poster) {
    const row = await trx.selectFrom('images').select('id').where('id', '=', poster.mediaId).executeTakeFirst();
    return row ? row.id : { 'poster.mediaId': [`no uploaded picture ${poster.mediaId} (POST /api/newsroom/media)`] };
  }
  const alt = { ar: poster.alt?.ar || titleText.ar || titleText.fr, fr: poster.alt?.fr || titleText.fr || titleText.ar };
  if (ready) return recordPicture(trx, ready, { alt });
  if (!poster.url.startsWith('/')) return { 'poster.url': ['a poster by URL is copied into the media store first (POST /api/newsroom/videos does it)'] };
  const known = await trx.selectFrom('images').select('id').where('url', '=', poster.url).orderBy('id').executeTakeFirst();
  if (known) {
    await trx.updateTable('images').set({ width: poster.width, height: poster.height, alt_ar: alt.ar, alt_fr: alt.fr }).where('id', '=', known.id).execute();
    return known.id;
  }
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(poster.url)?.[1]?.toLowerCase() ?? '';
  const { id } = await trx
    .insertInto('images')
    .values({
      url: poster.url,
      width: poster.width,
      height: poster.height,
      mime: IMAGE_MIME[ext] ?? 'image/jpeg',
      bytes: 0,
      alt_ar: alt.ar,
      alt_fr: alt.fr,
      credit: null,
      variants: '[]',
      color: '#1a1a1a',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Creates or updates the replay's video row. */
async function saveVideo(trx: Trx, videoId: number | null, video: ReplayInput['video'], posterId: number | null): Promise<number> {
  const values = {
    url: video.url,
    mime: video.mime,
    duration_s: video.durationSeconds,
    width: video.width,
    height: video.height,
    poster_image_id: posterId,
    captions: JSON.stringify(video.captions),
  };
  if (videoId !== null) {
    const updated = await trx.updateTable('videos').set(values).where('id', '=', videoId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return videoId;
  }
  const { id } = await trx.insertInto('videos').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The site paths a replay change alters: its page, its lists, the replay home (and the home page for a bulletin). */
function replayPaths(kind: ReplayKind, row: { id: number; programmeId?: number; edition?: string; tagId?: number }): string[] {
  return LOCALES.flatMap((l) => {
    const home = route('replay-id', l, {});
    if (kind === 'episode') return [episodePath(l, row.id), programmePath(l, row.programmeId!), home];
    if (kind === 'jt') return [jtPath(l, row.edition!, row.id), route('replay-news-type', l, { type: row.edition! }), route('replay-news', l), home, route('index', l)];
    return [webVideoPath(l, row.id), route('replay-by2m-id', l, { id: row.tagId! }), route('replay-by2m-id', l, {}), home];
  });
}

function itemPaths(kind: ReplayKind, id: number, edition?: string): Record<Locale, string> {
  const one = (l: Locale) => (kind === 'episode' ? episodePath(l, id) : kind === 'jt' ? jtPath(l, edition!, id) : webVideoPath(l, id));
  return { ar: one('ar'), fr: one('fr') };
}

/**
 * Creates or updates a replay by its uri. Throws ReplayInputError (nothing
 * changed) for an unknown programme, tag or media id, a slug taken by
 * another video, or a uri used by another kind of replay.
 */
export async function publishReplay(db: DB, input: ReplayInput, now: Date = new Date(), opts: ReplayOptions = {}): Promise<ReplayResult> {
  // Two first publications of one uri racing on PostgreSQL: the loser's insert
  // breaks the unique uri (or slug) and is run again, as an update.
  try {
    return await publishOnce(db, input, now, opts);
  } catch (error) {
    if (error instanceof ReplayInputError || !/unique|duplicate/i.test(String((error as Error).message))) throw error;
    return publishOnce(db, input, now, opts);
  }
}

interface ReplayOptions {
  /** The poster given by URL, fetched into the media store (src/server/newsroom/pictures.ts). */
  poster?: ReadyPicture;
}

async function publishOnce(db: DB, input: ReplayInput, now: Date, opts: ReplayOptions): Promise<ReplayResult> {
  return db.transaction().execute((trx) => publishReplayIn(trx, input, now, opts));
}

/**
 * publishReplay inside the caller's transaction (a ninjs video item records
 * its poster and its item row in the same one, src/server/newsroom/items.ts).
 */
export async function publishReplayIn(trx: Trx, input: ReplayInput, now: Date, opts: ReplayOptions = {}): Promise<ReplayResult> {
  // A uri names one replay, whatever its kind.
  for (const kind of Object.keys(TABLE) as ReplayKind[]) {
    if (kind === input.kind) continue;
    const other = await trx.selectFrom(TABLE[kind]).select('id').where('external_uri', '=', input.uri).executeTakeFirst();
    if (other) throw new ReplayInputError({ uri: [`already used by a replay of kind ${kind} (id ${other.id})`] });
  }
  const publishedAt = input.publishedAt ? new Date(input.publishedAt).toISOString() : now.toISOString();
  const errors: FieldErrors = {};
  const texts = {
    title_ar: input.title.ar || input.title.fr,
    title_fr: input.title.fr || input.title.ar,
    description_ar: input.description.ar,
    description_fr: input.description.fr,
  };

  let posterId: number | null = null;
  if (input.poster) {
    const poster = await posterImage(trx, input.poster, input.title, opts.poster);
    if (typeof poster === 'number') posterId = poster;
    else Object.assign(errors, poster);
  }

  const paths: string[] = [];
  let id: number;
  let created: boolean;
  let edition: string | undefined;

  if (input.kind === 'episode') {
    let q = trx.selectFrom('programmes').select('id');
    q = input.programmeId !== undefined ? q.where('id', '=', input.programmeId) : q.where('slug', '=', input.programme!);
    const programme = await q.executeTakeFirst();
    if (!programme) errors[input.programmeId !== undefined ? 'programmeId' : 'programme'] = [`no programme ${input.programmeId ?? input.programme}`];
    if (Object.keys(errors).length) throw new ReplayInputError(errors);
    const existing = await trx.selectFrom('episodes').selectAll().where('external_uri', '=', input.uri).executeTakeFirst();
    const videoId = await saveVideo(trx, existing?.video_id ?? null, input.video, posterId ?? existing?.thumbnail_image_id ?? null);
    const values = {
      programme_id: programme!.id,
      season: input.season,
      number: input.number,
      ...texts,
      video_id: videoId,
      thumbnail_image_id: posterId ?? existing?.thumbnail_image_id ?? null,
      published_at: publishedAt,
    };
    ({ id, created } = await upsert(trx, 'episodes', existing, values, input.uri));
    if (existing && existing.programme_id !== programme!.id) paths.push(...replayPaths('episode', { id, programmeId: existing.programme_id }));
    paths.push(...replayPaths('episode', { id, programmeId: programme!.id }));
  } else if (input.kind === 'jt') {
    if (Object.keys(errors).length) throw new ReplayInputError(errors);
    const existing = await trx.selectFrom('jt_bulletins').selectAll().where('external_uri', '=', input.uri).executeTakeFirst();
    const videoId = await saveVideo(trx, existing?.video_id ?? null, input.video, posterId ?? existing?.thumbnail_image_id ?? null);
    const values = {
      edition: input.edition,
      air_date: input.airDate ?? localDay(publishedAt),
      air_time: input.airTime ?? formatTime(publishedAt),
      ...texts,
      video_id: videoId,
      thumbnail_image_id: posterId ?? existing?.thumbnail_image_id ?? null,
      published_at: publishedAt,
    };
    ({ id, created } = await upsert(trx, 'jt_bulletins', existing, values, input.uri));
    edition = input.edition;
    if (existing && existing.edition !== input.edition) paths.push(...replayPaths('jt', { id, edition: existing.edition }));
    paths.push(...replayPaths('jt', { id, edition }));
  } else {
    let q = trx.selectFrom('web_video_tags').select('id');
    q = input.tagId !== undefined ? q.where('id', '=', input.tagId) : q.where('slug', '=', input.tag!);
    const tag = await q.executeTakeFirst();
    if (!tag) errors[input.tagId !== undefined ? 'tagId' : 'tag'] = [`no web video tag ${input.tagId ?? input.tag}`];
    const existing = await trx.selectFrom('web_videos').selectAll().where('external_uri', '=', input.uri).executeTakeFirst();
    // The given slug, else the stored one, else one from the title (the next free "-2", "-3"… when taken).
    const base = input.slug ?? existing?.slug ?? (makeSlug(input.title.fr || input.title.ar, { max: 70, ascii: true }) || 'video');
    let free = base;
    for (let n = 2; ; n++) {
      const taken = await trx.selectFrom('web_videos').select('id').where('slug', '=', free).executeTakeFirst();
      if (!taken || taken.id === existing?.id) break;
      if (input.slug) {
        errors.slug = [`already used by web video ${taken.id}`];
        break;
      }
      free = `${base}-${n}`;
    }
    if (Object.keys(errors).length) throw new ReplayInputError(errors);
    const videoId = await saveVideo(trx, existing?.video_id ?? null, input.video, posterId ?? existing?.thumbnail_image_id ?? null);
    const values = {
      slug: free,
      tag_id: tag!.id,
      ...texts,
      video_id: videoId,
      thumbnail_image_id: posterId ?? existing?.thumbnail_image_id ?? null,
      published_at: publishedAt,
    };
    ({ id, created } = await upsert(trx, 'web_videos', existing, values, input.uri));
    if (existing && existing.tag_id !== tag!.id) paths.push(...replayPaths('webvideo', { id, tagId: existing.tag_id }));
    paths.push(...replayPaths('webvideo', { id, tagId: tag!.id }));
  }

  await recordContentChange(trx, { paths, reason: `replay ${input.kind} ${created ? 'publish' : 'update'}` }, now);
  return { id, kind: input.kind, uri: input.uri, created, publishedAt, paths: itemPaths(input.kind, id, edition) };
}

async function upsert(
  trx: Trx,
  table: 'episodes' | 'jt_bulletins' | 'web_videos',
  existing: { id: number } | undefined,
  values: Record<string, unknown>,
  uri: string,
): Promise<{ id: number; created: boolean }> {
  // The three tables share the columns written here; Kysely cannot type a table chosen at run time.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const t = trx as unknown as Transaction<any>;
  if (existing) {
    await t.updateTable(table).set(values).where('id', '=', existing.id).execute();
    return { id: existing.id, created: false };
  }
  const row = (await t.insertInto(table).values({ ...values, external_uri: uri }).returning('id').executeTakeFirstOrThrow()) as { id: number };
  /* eslint-enable @typescript-eslint/no-explicit-any */
  return { id: row.id, created: true };
}
