/**
 * Picture and video items of the newsroom's ninjs (ADR 031): a picture item
 * is its picture (copied into the media store, src/server/newsroom/pictures.ts),
 * addressable by its uri in later associations; a video item becomes a web
 * video (its category from a subject `urn:2m:videotag:<slug>`, else the
 * first category) or a news bulletin (subject `urn:2m:jt:ar|fr|amz`),
 * through the replays' own upsert, its poster copied like any picture.
 * Versions are ordered as articles' are (`isOlderVersion`): by `version`,
 * else by `versioncreated`; an older one answers 409.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { publishReplayIn, ReplayInputError, type ReplayInput, type ReplayResult } from '../broadcast/replays.ts';
import { findMedia, type StoredMedia } from './media.ts';
import type { FieldErrors, NinjsPicture, NinjsVideo } from './ninjs.ts';
import { recordPicture, type ReadyPicture } from './pictures.ts';
import type { Locale } from '../../i18n/locales.ts';

type Trx = Transaction<Database>;

/** The stored order of a uri's versions. */
interface StoredVersion {
  version: number | null;
  versionCreated: string | null;
}

/**
 * Whether an incoming version is older than the stored one: by `version`
 * when both carry one, else by `versioncreated` when both carry one; a
 * version that says neither is taken as the newest. The same one re-applies.
 */
export function isOlderVersion(incoming: { version: number | null; versionCreated: Date | null }, stored: StoredVersion): boolean {
  if (incoming.version !== null && stored.version !== null) return incoming.version < stored.version;
  if (incoming.versionCreated && stored.versionCreated) return incoming.versionCreated.getTime() < Date.parse(stored.versionCreated);
  return false;
}

/** How an older version is refused (409): what the store holds, in words. */
export function storedVersionText(stored: StoredVersion): string {
  return stored.version !== null ? `version ${stored.version}` : `the version created ${stored.versionCreated ?? '?'}`;
}

export type ItemResult<T> = { kind: 'created' | 'updated'; value: T } | { kind: 'conflict'; stored: string } | { kind: 'invalid'; errors: FieldErrors };

class Refused extends Error {
  readonly result: ItemResult<never>;
  constructor(result: ItemResult<never>) {
    super('refused');
    this.result = result;
  }
}

async function itemRow(trx: Trx, uri: string) {
  return trx.selectFrom('newsroom_items').selectAll().where('uri', '=', uri).executeTakeFirst();
}

function versionValues(v: { version: number | null; versionCreated: Date | null }) {
  return { version: v.version, version_created: v.versionCreated?.toISOString() ?? null };
}

/** Records a picture item (its picture ready, readyPictures); 409 for an older version. */
export async function upsertPictureItem(db: DB, item: NinjsPicture, ready: ReadyPicture): Promise<ItemResult<StoredMedia & { version: number | null }>> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      const existing = await itemRow(trx, item.uri);
      if (existing && existing.kind !== 'picture') throw new Refused({ kind: 'invalid', errors: { type: [`this uri is a ${existing.kind} item`] } });
      if (existing && isOlderVersion(item, { version: existing.version, versionCreated: existing.version_created })) {
        throw new Refused({ kind: 'conflict', stored: storedVersionText({ version: existing.version, versionCreated: existing.version_created }) });
      }
      if (await trx.selectFrom('articles').select('id').where('ninjs_uri', '=', item.uri).executeTakeFirst()) {
        throw new Refused({ kind: 'invalid', errors: { uri: ['this uri is an article'] } });
      }
      const imageId = await recordPicture(trx, ready, { alt: item.alt, credit: item.picture.credit, uri: item.uri });
      // A new caption fills the alternative text it did not have.
      for (const [lang, alt] of Object.entries(item.alt) as [Locale, string][]) {
        await trx.updateTable('images').set(lang === 'ar' ? { alt_ar: alt } : { alt_fr: alt }).where('id', '=', imageId).where(lang === 'ar' ? 'alt_ar' : 'alt_fr', '=', '').execute();
      }
      await trx.updateTable('newsroom_items').set(versionValues(item)).where('uri', '=', item.uri).execute();
      return { imageId, created: !existing };
    });
    const media = (await findMedia(db, id.imageId))!;
    return { kind: id.created ? 'created' : 'updated', value: { ...media, version: item.version } };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

export interface VideoItemAnswer extends ReplayResult {
  version: number | null;
}

/** Publishes a video item as a replay (its poster ready, or null); 409 for an older version. */
export async function upsertVideoItem(db: DB, item: NinjsVideo, poster: ReadyPicture | null, now: Date = new Date()): Promise<ItemResult<VideoItemAnswer>> {
  if (item.withdrawn) return { kind: 'invalid', errors: { pubstatus: ['a video item is published as usable (withdraw its replay from the desk)'] } };
  try {
    const value = await db.transaction().execute(async (trx) => {
      const existing = await itemRow(trx, item.uri);
      if (existing && existing.kind !== 'video') throw new Refused({ kind: 'invalid', errors: { type: [`this uri is a ${existing.kind} item`] } });
      if (existing && isOlderVersion(item, { version: existing.version, versionCreated: existing.version_created })) {
        throw new Refused({ kind: 'conflict', stored: storedVersionText({ version: existing.version, versionCreated: existing.version_created }) });
      }
      const posterId = poster ? await recordPicture(trx, poster, { alt: item.lang ? { [item.lang]: item.title } : { ar: item.title, fr: item.title } }) : null;
      const title = item.lang === 'ar' ? { ar: item.title, fr: '' } : { ar: '', fr: item.title };
      const description = item.lang === 'ar' ? { ar: item.description, fr: '' } : { ar: '', fr: item.description };
      const common = {
        uri: item.uri,
        title,
        description,
        video: { url: item.video.url, mime: item.video.mime, durationSeconds: item.video.durationS, width: item.video.width, height: item.video.height, captions: [] },
        ...(posterId !== null ? { poster: { mediaId: posterId } } : {}),
        ...(item.publishedAt ? { publishedAt: item.publishedAt.toISOString() } : {}),
      };
      let input: ReplayInput;
      if (item.destination.kind === 'jt') input = { kind: 'jt', edition: item.destination.edition, ...common };
      else {
        const tag = item.destination.tag
          ? await trx.selectFrom('web_video_tags').select('slug').where('slug', '=', item.destination.tag).executeTakeFirst()
          : await trx.selectFrom('web_video_tags').select('slug').orderBy('position').orderBy('id').executeTakeFirst();
        if (!tag) {
          const known = await trx.selectFrom('web_video_tags').select('slug').orderBy('position').execute();
          throw new Refused({ kind: 'invalid', errors: { subjects: [`no web video category ${item.destination.tag ?? ''}; known: ${known.map((k) => k.slug).join(', ') || 'none'}`] } });
        }
        input = { kind: 'webvideo', tag: tag.slug, ...common };
      }
      let result: ReplayResult;
      try {
        result = await publishReplayIn(trx, input, now);
      } catch (error) {
        if (error instanceof ReplayInputError) throw new Refused({ kind: 'invalid', errors: error.errors });
        throw error;
      }
      const values = { kind: 'video' as const, image_id: posterId, replay_kind: result.kind, replay_id: result.id, ...versionValues(item), updated_at: now.toISOString() };
      await trx
        .insertInto('newsroom_items')
        .values({ uri: item.uri, ...values })
        .onConflict((oc) => oc.column('uri').doUpdateSet(values))
        .execute();
      return { ...result, created: !existing, version: item.version };
    });
    return { kind: value.created ? 'created' : 'updated', value };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

type FoundItem =
  | { kind: 'picture'; version: number | null; media: StoredMedia | null }
  | { kind: 'video'; version: number | null; replay: { kind: string | null; id: number | null } };

/** What is stored for the uri of a picture or video item, or null. */
export async function findItem(db: DB, uri: string): Promise<FoundItem | null> {
  const row = await db.selectFrom('newsroom_items').selectAll().where('uri', '=', uri).executeTakeFirst();
  if (!row) return null;
  if (row.kind === 'picture') return { kind: 'picture', version: row.version, media: row.image_id !== null ? await findMedia(db, row.image_id) : null };
  return { kind: 'video', version: row.version, replay: { kind: row.replay_kind, id: row.replay_id } };
}
