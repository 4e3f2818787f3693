/**
 * The newsroom's live stream (ADR 012): set or clear the stream URL
 * and title of the main live channel (the first active one). What the site
 * plays, in order: the newsroom's stream, LIVE_STREAM_URL, the built-in
 * channel (`liveSection` in src/server/content/live.ts). Clearing goes back
 * to the configured stream or the built-in channel.
 *
 * The newsroom API and the desk both set it through `setLive`, which
 * refuses a stream the site's Content-Security-Policy would block (its
 * origin is neither this site's, LIVE_STREAM_URL's nor one of
 * MEDIA_ORIGINS: src/server/media-origins.ts), so nothing is saved that the
 * player cannot play.
 */
import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { getConfig } from '../config.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { recordContentChange } from '../content/changes.ts';
import { BUILTIN_LIVE_URL, LIVE_TITLE } from '../content/live.ts';
import { mediaOriginRefusal, type MediaOriginRefusal } from '../media-origins.ts';

/** A stream the player could not play: refused, nothing saved. */
export class LiveRefused extends Error {
  readonly refusal: MediaOriginRefusal;
  constructor(refusal: MediaOriginRefusal) {
    super(`live stream refused: ${refusal.reason}`);
    this.refusal = refusal;
  }
}

type Db = Kysely<Database> | Transaction<Database>;

const title = z.string().trim().min(1).max(200);

export const liveInput = z
  .object({
    /** HLS (.m3u8) or MP4 stream: an http(s) URL or a path of this site. */
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((u) => /^\/(?!\/)/.test(u) || /^https?:\/\/[^\s/]+/i.test(u), 'must be an http(s) URL or a site path'),
    /** The title in both languages, or per language with `titles`. */
    title: title.optional(),
    titles: z.object({ ar: title.optional(), fr: title.optional() }).strict().optional(),
  })
  .strict();

export type LiveInput = z.infer<typeof liveInput>;

export interface LiveState {
  /** What the site plays now. */
  url: string;
  /** Where it comes from. */
  source: 'newsroom' | 'config' | 'builtin';
  title: { ar: string; fr: string };
  /** The newsroom's own settings (null when cleared). */
  newsroom: { url: string; title: { ar: string | null; fr: string | null } } | null;
}

/** The pages the live stream and title show on: the live page and the home pages, and the live API. */
function livePaths(): string[] {
  return [...LOCALES.flatMap((l) => [route('live', l), route('index', l)]), '/api/getLiveSection'];
}

async function mainChannel(db: Db) {
  return db.selectFrom('live_channels').selectAll().where('is_active', '=', 1).orderBy('position').orderBy('id').executeTakeFirst();
}

export async function liveState(db: Db, liveStreamUrl: string | undefined = getConfig().LIVE_STREAM_URL): Promise<LiveState> {
  const main = await mainChannel(db);
  const url = main?.stream_url ?? liveStreamUrl ?? BUILTIN_LIVE_URL;
  const source = main?.stream_url ? 'newsroom' : liveStreamUrl ? 'config' : 'builtin';
  return {
    url,
    source,
    title: {
      ar: main?.live_title_ar || main?.name_ar || LIVE_TITLE.ar,
      fr: main?.live_title_fr || main?.name_fr || LIVE_TITLE.fr,
    },
    newsroom: main?.stream_url ? { url: main.stream_url, title: { ar: main.live_title_ar, fr: main.live_title_fr } } : null,
  };
}

/** Sets the newsroom's stream and title (a title left out keeps the channel's name); throws LiveRefused for a stream that could not play. */
export async function setLive(db: DB, input: LiveInput, now: Date = new Date()): Promise<LiveState> {
  const refusal = mediaOriginRefusal(input.url, getConfig());
  if (refusal) throw new LiveRefused(refusal);
  return db.transaction().execute(async (trx) => {
    const values = {
      stream_url: input.url,
      live_title_ar: input.titles?.ar ?? input.title ?? null,
      live_title_fr: input.titles?.fr ?? input.title ?? null,
    };
    const main = await mainChannel(trx);
    if (main) await trx.updateTable('live_channels').set(values).where('id', '=', main.id).execute();
    else {
      await trx
        .insertInto('live_channels')
        .values({ slug: '2m', name_ar: LIVE_TITLE.ar, name_fr: LIVE_TITLE.fr, poster_image_id: null, is_active: 1, position: 0, ...values })
        .execute();
    }
    await recordContentChange(trx, { paths: livePaths(), reason: 'live set' }, now);
    return liveState(trx);
  });
}

/** Clears the newsroom's stream and title: LIVE_STREAM_URL or the built-in channel plays again. */
export async function clearLive(db: DB, now: Date = new Date()): Promise<LiveState> {
  return db.transaction().execute(async (trx) => {
    const main = await mainChannel(trx);
    if (main) {
      await trx.updateTable('live_channels').set({ stream_url: null, live_title_ar: null, live_title_fr: null }).where('id', '=', main.id).execute();
    }
    await recordContentChange(trx, { paths: livePaths(), reason: 'live cleared' }, now);
    return liveState(trx);
  });
}
