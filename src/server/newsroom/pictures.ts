/**
 * The pictures of the newsroom's items, by URL or by name (ADR 031):
 *
 *  - `readyPictures`: before any transaction, every picture an item names is
 *    made ready: an uploaded media id or a picture item known by its uri (a
 *    row already), a path of this site, or a rendition fetched once
 *    (src/server/newsroom/media-fetch.ts) and turned into renditions in the
 *    media store (src/server/newsroom/media.ts `prepareMedia`), the same
 *    pipeline as uploads. A URL fetched before is not fetched again
 *    (`newsroom_pictures`). A picture that cannot be had is a field error
 *    (422) with the reason: the page never hotlinks it;
 *  - `recordPicture`: inside the item's transaction, a prepared picture
 *    becomes its `images` row, with the URL it came from and the uri that
 *    names it (`newsroom_items`), so that a refused item leaves no row.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { getConfig } from '../config.ts';
import { getMediaStore, type MediaStore } from '../media-store.ts';
import { fetchMedia, MediaFetchRefused, type FetchPolicy } from './media-fetch.ts';
import { mainRendition, MediaRefused, prepareMedia, recordMedia, type PreparedMedia } from './media.ts';
import { pictureKey, type FieldErrors, type PictureRef } from './ninjs.ts';

type Trx = Transaction<Database>;

/** A picture ready for the transaction. */
export type ReadyPicture =
  /** A row already: an uploaded media id (checked in the transaction), a known uri or URL. */
  | { kind: 'row'; imageId: number; checked: boolean }
  /** A path of this site, stored as given. */
  | { kind: 'site'; url: string; width: number; height: number }
  /** Fetched and made into renditions, to record. */
  | { kind: 'prepared'; prepared: PreparedMedia; sourceUrl: string };

export interface IngestDeps {
  media: MediaStore;
  policy: FetchPolicy;
  /** Pictures fetched at once. */
  concurrency?: number;
}

/** The configured fetch (MEDIA_FETCH_HOSTS, MEDIA_FETCH_ALLOW_PRIVATE) into the configured media store. */
export function newsroomIngestDeps(): IngestDeps {
  const config = getConfig();
  return { media: getMediaStore(), policy: { hosts: config.MEDIA_FETCH_HOSTS, allowPrivate: config.MEDIA_FETCH_ALLOW_PRIVATE } };
}

/** Where a picture comes from, for the one-fetch-per-URL rule. */
async function knownSource(db: DB, url: string): Promise<number | null> {
  const row = await db.selectFrom('newsroom_pictures').select('image_id').where('source_url', '=', url).executeTakeFirst();
  return row?.image_id ?? null;
}

async function knownItemPicture(db: DB, uri: string): Promise<number | null> {
  const row = await db.selectFrom('newsroom_items').select('image_id').where('uri', '=', uri).where('kind', '=', 'picture').executeTakeFirst();
  return row?.image_id ?? null;
}

/**
 * Makes every picture of `refs` ready (fetching what must be), a few at a
 * time; the errors per field of those that cannot be had.
 */
export async function readyPictures(db: DB, refs: readonly PictureRef[], deps: IngestDeps): Promise<{ ready: Map<PictureRef, ReadyPicture>; errors: FieldErrors }> {
  const ready = new Map<PictureRef, ReadyPicture>();
  const errors: FieldErrors = {};
  const fetched = new Map<string, Promise<ReadyPicture>>();
  const one = async (ref: PictureRef): Promise<void> => {
    if (ref.mediaId !== null) return void ready.set(ref, { kind: 'row', imageId: ref.mediaId, checked: false });
    if (ref.sitePath) return void ready.set(ref, { kind: 'site', ...ref.sitePath });
    if (ref.source) {
      const known = await knownSource(db, ref.source.href);
      if (known !== null) return void ready.set(ref, { kind: 'row', imageId: known, checked: true });
      // The same URL twice in one item is fetched once.
      let job = fetched.get(ref.source.href);
      if (!job) {
        const href = ref.source.href;
        job = fetchMedia(href, deps.policy).then(async (got) => ({ kind: 'prepared', prepared: await prepareMedia(got.bytes, { media: deps.media }), sourceUrl: href }) as const);
        fetched.set(href, job);
      }
      try {
        ready.set(ref, await job);
      } catch (error) {
        if (!(error instanceof MediaFetchRefused || error instanceof MediaRefused)) throw error;
        (errors[pictureKey(ref.field, 'renditions')] ??= []).push(`${ref.source.href}: ${error.message}`);
      }
      return;
    }
    const byUri = ref.uri ? await knownItemPicture(db, ref.uri) : null;
    if (byUri !== null) return void ready.set(ref, { kind: 'row', imageId: byUri, checked: true });
    (errors[pictureKey(ref.field, 'uri')] ??= []).push(`no picture item with uri ${ref.uri ?? '?'}: send it first (type picture) or give its renditions`);
  };
  const queue = [...refs];
  const worker = async () => {
    for (let ref = queue.shift(); ref; ref = queue.shift()) await one(ref);
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 4) }, worker));
  return { ready, errors };
}

/**
 * The `images` row of a ready picture, inside the item's transaction: a
 * prepared one is recorded (with the URL it came from, and `uri` naming it
 * when given); a site path gets a row of its own (or the one it has).
 */
export async function recordPicture(
  trx: Trx,
  ready: ReadyPicture,
  opts: { alt?: { ar?: string; fr?: string }; credit?: string | null; uri?: string | null } = {},
): Promise<number> {
  let id: number;
  if (ready.kind === 'row') id = ready.imageId;
  else if (ready.kind === 'site') {
    const existing = await trx.selectFrom('images').select('id').where('url', '=', ready.url).orderBy('id', 'desc').executeTakeFirst();
    id =
      existing?.id ??
      (
        await trx
          .insertInto('images')
          .values({
            url: ready.url,
            width: ready.width,
            height: ready.height,
            mime: /\.png(\?|$)/i.test(ready.url) ? 'image/png' : /\.webp(\?|$)/i.test(ready.url) ? 'image/webp' : 'image/jpeg',
            bytes: 0,
            alt_ar: opts.alt?.ar ?? '',
            alt_fr: opts.alt?.fr ?? '',
            credit: opts.credit ?? null,
            variants: '[]',
            color: '#808080',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  } else {
    id = (await recordMedia(trx, ready.prepared, opts)).id;
    await trx
      .insertInto('newsroom_pictures')
      .values({ source_url: ready.sourceUrl, image_id: id })
      .onConflict((oc) => oc.column('source_url').doUpdateSet({ image_id: id }))
      .execute();
  }
  if (opts.uri) {
    await trx
      .insertInto('newsroom_items')
      .values({ uri: opts.uri, kind: 'picture', image_id: id, updated_at: new Date().toISOString() })
      // A uri that names a video item (or an article) is not taken over by a picture of the same name.
      .onConflict((oc) => oc.column('uri').doUpdateSet({ image_id: id, updated_at: new Date().toISOString() }).where('newsroom_items.kind', '=', 'picture'))
      .execute();
  }
  return id;
}

/** The public URL and srcset of a ready picture (a body's `<img>` points there). */
export async function pictureUrls(trx: Trx, ready: ReadyPicture, imageId: number): Promise<{ url: string; srcset: string; width: number; height: number } | null> {
  if (ready.kind === 'prepared') {
    const webp = ready.prepared.renditions.filter((r) => r.type === 'image/webp');
    const main = mainRendition(ready.prepared);
    return { url: main.url, srcset: webp.map((r) => `${r.url} ${r.width}w`).join(', '), width: main.width, height: main.height };
  }
  const row = await trx.selectFrom('images').select(['url', 'width', 'height', 'variants']).where('id', '=', imageId).executeTakeFirst();
  if (!row) return null;
  const variants = [...(JSON.parse(row.variants) as { url: string; width: number }[]), { url: row.url, width: row.width }];
  return { url: row.url, srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', '), width: row.width, height: row.height };
}

