/**
 * Pictures uploaded by the newsroom (ADR 011): `POST
 * /api/newsroom/media` with the raw bytes of a JPEG, PNG or WebP
 * (`Content-Type: image/jpeg|png|webp`, at most MAX_MEDIA_BYTES: 413
 * beyond). The picture is turned upright (EXIF orientation) and re-encoded
 * with sharp, which drops every metadata block (EXIF, GPS, IPTC, XMP, ICC
 * profiles become sRGB); the original bytes are not kept. Renditions are
 * made in WebP and AVIF at the widths the layouts ask for (RENDITION_WIDTHS,
 * never wider than the original) and written to the media store under
 * newsroom/ (src/server/media-store.ts: MEDIA_DIR or MEDIA_S3_URL; served by
 * /media/…, immutable), then one `images` row records them: the
 * widest WebP as the image, the other WebPs as its srcset variants, and
 * every rendition (AVIF included) in `renditions`. Its id is used in ninjs
 * `associations` as `urn:2m:media:<id>`. The same picture uploaded twice
 * answers the same id. Pictures the newsroom gives by URL take the same
 * path (src/server/newsroom/pictures.ts): `prepareMedia` before the item's
 * transaction, `recordMedia` inside it (ADR 031). A picture over
 * MAX_PIXELS is named as such from its header, never decoded.
 */
import crypto from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { MediaStore } from '../media-store.ts';
import { BodyTooLarge, contentType, readBodyBytes } from '../http/body.ts';

type Trx = Transaction<Database>;

/** A stored picture's id in ninjs (`uri` of an association): urn:2m:media:<id>. */
export const MEDIA_URI_PREFIX = 'urn:2m:media:';
/** 20 MB: a full-resolution press photo is 5-15 MB. */
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
/** 60 megapixels at most (a decompression bomb is refused, not decoded). */
const MAX_PIXELS = 60_000_000;
/**
 * The widths of the site's image slots at 1x and 2x: cards 320-420 px, the
 * article's cover 760 px, full-width on phones (360-430 px at 2-3x).
 */
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1600] as const;
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface Rendition {
  url: string;
  width: number;
  height: number;
  type: 'image/webp' | 'image/avif';
}

export interface StoredMedia {
  id: number;
  uri: string;
  url: string;
  width: number;
  height: number;
  renditions: Rendition[];
}

export class MediaRefused extends Error {}

export type PictureBody = { ok: true; bytes: Uint8Array } | { ok: false; status: 413 | 415 };

/**
 * A picture's raw bytes from a request (the newsroom's and the desk's
 * uploads): 415 for another Content-Type (the body dropped unread), 413
 * past MAX_MEDIA_BYTES (never held whole).
 */
export async function readPictureBody(request: Request): Promise<PictureBody> {
  if (!(MEDIA_TYPES as readonly string[]).includes(contentType(request))) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, status: 415 };
  }
  try {
    return { ok: true, bytes: await readBodyBytes(request, MAX_MEDIA_BYTES) };
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, status: 413 };
    throw error;
  }
}

/**
 * A picture decoded, checked and written to the media store as renditions,
 * not recorded yet (recordMedia does that, inside the caller's transaction,
 * so that a refused article leaves no row behind; the files are named by
 * the picture's hash, so a refused one is simply written again, the same,
 * next time).
 */
export interface PreparedMedia {
  /** The public URL prefix of its renditions (`/media/newsroom/ab/ab12…`): what finds it again. */
  base: string;
  bytes: number;
  /** WebP first, then AVIF, at each width. */
  renditions: Rendition[];
  color: string;
}

/** What sharp reads of a picture's header (no decoding), or MediaRefused. */
async function headerOf(input: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    // The header only: its size is read before the pixel limit applies, so that an oversized picture is named as such.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefused('not a readable JPEG, PNG or WebP picture');
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new MediaRefused(`a ${meta.format ?? 'unknown'} file: send a JPEG, PNG or WebP`);
  if (!meta.width || !meta.height) throw new MediaRefused('the picture has no size');
  const pixels = meta.width * meta.height;
  if (pixels > MAX_PIXELS) {
    throw new MediaRefused(
      `the picture is ${meta.width} × ${meta.height} px (${Math.round(pixels / 1e6)} megapixels): over ${MAX_PIXELS / 1e6} megapixels, the largest accepted`,
    );
  }
  return meta;
}

const hashOf = (input: Buffer) => crypto.createHash('sha256').update(input).digest('hex').slice(0, 24);
const baseOf = (hash: string) => `/media/newsroom/${hash.slice(0, 2)}/${hash}`;

/** The stored picture made from these very bytes, if any (the same upload twice answers the same id). */
async function knownMedia(db: DB | Trx, base: string): Promise<number | null> {
  const row = await db.selectFrom('images').select('id').where('url', 'like', `${base}-%`).orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Checks a picture (JPEG, PNG or WebP, at most MAX_PIXELS), turns it upright
 * and writes its renditions to the media store; MediaRefused when it is not
 * a usable picture.
 */
export async function prepareMedia(bytes: Uint8Array, opts: { media: MediaStore }): Promise<PreparedMedia> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await headerOf(input);
  const hash = hashOf(input);
  const folder = `newsroom/${hash.slice(0, 2)}`;
  const base = baseOf(hash);

  let upright: { data: Buffer; info: OutputInfo };
  try {
    // rotate(): apply the EXIF orientation before the metadata goes.
    upright = await sharp(input, { limitInputPixels: MAX_PIXELS }).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRefused('the picture could not be decoded');
  }
  const { width: srcW, height: srcH, channels } = upright.info;
  const widths = [...new Set([...RENDITION_WIDTHS.filter((w) => w < srcW), Math.min(srcW, RENDITION_WIDTHS.at(-1)!)])].sort((a, b) => a - b);
  const renditions: Rendition[] = [];
  const written: string[] = [];
  try {
    for (const w of widths) {
      const h = Math.round((srcH * w) / srcW);
      const resized = sharp(upright.data, { raw: { width: srcW, height: srcH, channels } }).resize(w, h);
      for (const [type, ext, encode] of [
        ['image/webp', 'webp', (s: Sharp) => s.webp({ quality: 80 })],
        ['image/avif', 'avif', (s: Sharp) => s.avif({ quality: 55, effort: 2 })],
      ] as const) {
        const data = await encode(resized.clone()).toBuffer();
        const key = `${folder}/${hash}-${w}.${ext}`;
        await opts.media.write(key, data);
        written.push(key);
        renditions.push({ url: `${base}-${w}.${ext}`, width: w, height: h, type });
      }
    }
    const stats = await sharp(upright.data, { raw: { width: srcW, height: srcH, channels } }).stats();
    const { r, g, b } = stats.dominant;
    const color = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    return { base, bytes: input.byteLength, renditions, color };
  } catch (error) {
    await Promise.all(written.map((key) => opts.media.remove(key).catch(() => {})));
    throw error;
  }
}

/** The widest WebP rendition of a prepared picture: what its `images` row points at. */
export function mainRendition(prepared: Pick<PreparedMedia, 'renditions'>): Rendition {
  return prepared.renditions.filter((x) => x.type === 'image/webp').at(-1)!;
}

/** Records a prepared picture as one `images` row (or finds the row of the same bytes); its id. */
export async function recordMedia(
  db: DB | Trx,
  prepared: PreparedMedia,
  opts: { alt?: { ar?: string; fr?: string }; credit?: string | null } = {},
): Promise<{ created: boolean; id: number }> {
  const known = await knownMedia(db, prepared.base);
  if (known !== null) return { created: false, id: known };
  const webp = prepared.renditions.filter((x) => x.type === 'image/webp');
  const main = mainRendition(prepared);
  const row = await db
    .insertInto('images')
    .values({
      url: main.url,
      width: main.width,
      height: main.height,
      mime: 'image/webp',
      bytes: prepared.bytes,
      alt_ar: opts.alt?.ar ?? '',
      alt_fr: opts.alt?.fr ?? '',
      credit: opts.credit ?? null,
      variants: JSON.stringify(webp.slice(0, -1).map(({ url, width, height }) => ({ url, width, height }))),
      renditions: JSON.stringify(prepared.renditions),
      color: prepared.color,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: true, id: row.id };
}

/** Makes the renditions of an uploaded picture and records it; MediaRefused when it is not a usable picture. */
export async function storeMedia(
  db: DB,
  bytes: Uint8Array,
  opts: { media: MediaStore; alt?: { ar?: string; fr?: string }; credit?: string | null },
): Promise<{ created: boolean; media: StoredMedia }> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The same bytes again: the same id, without decoding them twice.
  await headerOf(input);
  const known = await knownMedia(db, baseOf(hashOf(input)));
  if (known !== null) return { created: false, media: (await findMedia(db, known))! };
  const prepared = await prepareMedia(bytes, opts);
  const { created, id } = await recordMedia(db, prepared, opts);
  return { created, media: (await findMedia(db, id))! };
}

export async function findMedia(db: DB, id: number): Promise<StoredMedia | null> {
  const row = await db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    uri: `${MEDIA_URI_PREFIX}${row.id}`,
    url: row.url,
    width: row.width,
    height: row.height,
    renditions: JSON.parse(row.renditions) as Rendition[],
  };
}
