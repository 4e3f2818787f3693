/**
 * Where media live (ADR 019): generated demo pictures,
 * newsroom uploads and the AVIF/WebP twins `/media` makes on first request.
 * Two backends behind one interface, chosen by the configuration:
 *
 *  - a folder, `MEDIA_DIR` (default `DATA_DIR/media`): one machine as
 *    before, or several instances on one shared volume (NFS, EFS…);
 *  - an S3-compatible bucket, `MEDIA_S3_URL`
 *    (`s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=1`, parsed by
 *    config.ts), through the AWS SDK v3, credentials from the SDK's usual
 *    chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_PROFILE…).
 *
 * Keys are relative paths under /media/ (`img/cover-1.jpg`,
 * `newsroom/ab/ab12…-640.avif`), checked by mediaKey(). A write is durable
 * when it resolves (folder: written to a temporary file, fsynced, renamed
 * into place, the folder fsynced; bucket: PutObject acknowledged) and
 * atomic: readers see the whole object or none.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { getConfig, parseMediaS3Url, type Config, type MediaS3Location } from './config.ts';

/** Content types of what /media serves; a key with another extension is not media. */
const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.vtt': 'text/vtt; charset=utf-8',
};

export function mediaContentType(key: string): string | undefined {
  return MEDIA_CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}

/** The media key of a path below /media/, or null when it is not one (empty, absolute, `.`/`..` segments, odd characters). */
export function mediaKey(relative: string): string | null {
  if (relative.length === 0 || relative.length > 512) return null;
  const segments = relative.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..' || !/^[A-Za-z0-9._@+-]+$/.test(s)) return null;
  }
  return segments.join('/');
}

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaBody {
  /** Size of the whole object in bytes. */
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface MediaStore {
  /** What it is, for logs ("folder /srv/media", "bucket s3://media/site/"). */
  readonly description: string;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The whole object, or null. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the object (or of `range`, inclusive, within it), or null when absent. */
  get(key: string, range?: ByteRange): Promise<MediaBody | null>;
  /** Stores `data` under `key` (replacing it), durably and atomically. */
  write(key: string, data: Uint8Array): Promise<void>;
  /** Removes the object if it exists. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (ending with "/"). */
  removeAll(prefix: string): Promise<void>;
}

function checkKey(key: string): string {
  if (mediaKey(key) !== key) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || mediaKey(prefix.slice(0, -1)) === null) throw new Error(`not a media folder: ${JSON.stringify(prefix)}`);
  return prefix;
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Media in a folder (MEDIA_DIR, default DATA_DIR/media). */
export class DirectoryMediaStore implements MediaStore {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `folder ${this.root}`;
  }

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async size(key: string): Promise<number | null> {
    try {
      const s = await stat(this.file(key));
      return s.isFile() ? s.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<MediaBody | null> {
    let handle;
    try {
      handle = await open(this.file(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      // The stream closes the handle when it ends or is cancelled.
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { size: s.size, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async write(key: string, data: Uint8Array): Promise<void> {
    const file = this.file(key);
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(tmp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
    } catch (error) {
      await unlink(tmp).catch(() => {});
      throw error;
    }
    // The rename itself survives a crash once the folder is synced.
    const folder = await open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(path.join(this.root, ...checkPrefix(prefix).slice(0, -1).split('/')), { recursive: true, force: true });
  }

  /** Every key under the store (for tests and tools). */
  async keys(): Promise<string[]> {
    try {
      const entries = await readdir(this.root, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey';
};

/** Media in an S3-compatible bucket (MEDIA_S3_URL), through the AWS SDK v3. */
export class S3MediaStore implements MediaStore {
  readonly location: MediaS3Location;
  readonly description: string;
  private client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(location: MediaS3Location) {
    this.location = location;
    this.description = `bucket s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`;
  }

  /** The SDK is loaded on first use: a site on a folder never loads it. */
  private sdk() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: this.location.region ?? process.env.AWS_REGION ?? 'us-east-1',
        ...(this.location.endpoint ? { endpoint: this.location.endpoint } : {}),
        forcePathStyle: this.location.forcePathStyle,
        // Checksums only where S3 requires them: several S3-compatible servers reject the SDK's newer default ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.client;
  }

  private objectKey(key: string): string {
    return this.location.prefix + checkKey(key);
  }

  async size(key: string): Promise<number | null> {
    const { s3, sdk } = await this.sdk();
    try {
      const head = await s3.send(new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const { s3, sdk } = await this.sdk();
    try {
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<MediaBody | null> {
    const { s3, sdk } = await this.sdk();
    try {
      const out = await s3.send(
        new sdk.GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // With a range, the whole size is after the slash of Content-Range.
      const total = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1]) : out.ContentLength;
      if (total === undefined || !Number.isFinite(total)) throw new Error(`the bucket sent no size for ${key}`);
      return { size: total, body: out.Body!.transformToWebStream() as ReadableStream<Uint8Array> };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async write(key: string, data: Uint8Array): Promise<void> {
    const { s3, sdk } = await this.sdk();
    const type = mediaContentType(key);
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.byteLength,
        ...(type ? { ContentType: type } : {}),
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    const { s3, sdk } = await this.sdk();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
  }

  async removeAll(prefix: string): Promise<void> {
    const { s3, sdk } = await this.sdk();
    const full = this.location.prefix + checkPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: full, ContinuationToken: token }));
      // One by one: DeleteObjects needs a checksum some S3-compatible servers do not take.
      const keys = (page.Contents ?? []).map((o) => o.Key!).filter(Boolean);
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(keys.slice(i, i + 8).map((Key) => s3.send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key }))));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the SDK's connections. */
  async close(): Promise<void> {
    if (this.client) (await this.client).s3.destroy();
  }
}

/** The media store a configuration names. */
export function createMediaStore(config: Pick<Config, 'DATA_DIR' | 'MEDIA_DIR' | 'MEDIA_S3_URL'>): MediaStore {
  if (config.MEDIA_S3_URL) return new S3MediaStore(parseMediaS3Url(config.MEDIA_S3_URL));
  return new DirectoryMediaStore(config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media'));
}

let shared: MediaStore | undefined;

/** This process's media store (from the environment's configuration). */
export function getMediaStore(): MediaStore {
  shared ??= createMediaStore(getConfig());
  return shared;
}
