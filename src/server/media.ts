/**
 * Serves /media/… from the media store (src/server/media-store.ts: a folder,
 * MEDIA_DIR, default DATA_DIR/media, or an S3-compatible bucket,
 * MEDIA_S3_URL). Keys are checked (no `..`, known extensions only); objects
 * are immutable once written, so they are cached for a year. Supports Range
 * requests for video.
 *
 * AVIF and WebP twins of JPEG/PNG pictures (src/lib/renditions.ts) are made
 * with sharp on their first request and written to the store beside the
 * original, so every later request, on any instance sharing the store, is a
 * plain read (ADR 014, ADR 019).
 */
import { featureLogger } from './log.ts';
import { getMediaStore, mediaContentType, mediaKey, type ByteRange, type MediaStore } from './media-store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = () => new Response('Not found', { status: 404 });

export async function serveMedia(relative: string, request: Request, store: MediaStore = getMediaStore()): Promise<Response> {
  const key = mediaKey(relative);
  const type = key ? mediaContentType(key) : undefined;
  if (!key || !type) return notFound();
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': IMMUTABLE, 'accept-ranges': 'bytes' };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  try {
    if (request.method === 'HEAD' || (range && (range[1] || range[2]))) {
      const size = (await store.size(key)) ?? ((await ensureRendition(store, key)) ? await store.size(key) : null);
      if (size === null) return notFound();
      if (request.method === 'HEAD' || !range) return new Response(null, { headers: { ...headers, 'content-length': String(size) } });
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end || start >= size) {
        return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
      }
      const part = await store.get(key, { start, end } satisfies ByteRange);
      if (!part) return notFound();
      return new Response(part.body, {
        status: 206,
        headers: { ...headers, 'content-range': `bytes ${start}-${end}/${part.size}`, 'content-length': String(end - start + 1) },
      });
    }
    const whole = (await store.get(key)) ?? ((await ensureRendition(store, key)) ? await store.get(key) : null);
    if (!whole) return notFound();
    return new Response(whole.body, { headers: { ...headers, 'content-length': String(whole.size) } });
  } catch (error) {
    // The store (a bucket, a network volume) failed: this file is missing for now, not the page.
    featureLogger('media').error({ err: error, key, store: store.description }, 'media store error');
    return new Response('Media temporarily unavailable', { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } });
  }
}

/** Encoder settings: small files, fast enough to make on a first request. */
const ENCODE = {
  '.avif': (img: import('sharp').Sharp) => img.avif({ quality: 50, effort: 2 }),
  '.webp': (img: import('sharp').Sharp) => img.webp({ quality: 70, effort: 4 }),
} as const;

const making = new Map<string, Promise<boolean>>();

/**
 * When `key` is a missing .avif/.webp whose .jpg/.jpeg/.png original
 * exists, makes it (once at a time per key in this process) and answers
 * true. Anything else: false. Two instances making the same twin at once
 * write the same bytes; the last write wins.
 */
async function ensureRendition(store: MediaStore, key: string): Promise<boolean> {
  const ext = key.slice(key.lastIndexOf('.')).toLowerCase();
  if (ext !== '.avif' && ext !== '.webp') return false;
  const id = `${store.description}\n${key}`;
  let job = making.get(id);
  if (!job) {
    job = makeRendition(store, key, ext).finally(() => making.delete(id));
    making.set(id, job);
  }
  return job;
}

async function makeRendition(store: MediaStore, key: string, ext: '.avif' | '.webp'): Promise<boolean> {
  const base = key.slice(0, -ext.length);
  let source: Buffer | null = null;
  for (const candidate of ['.jpg', '.jpeg', '.png']) {
    source = await store.read(base + candidate);
    if (source) break;
  }
  if (!source) return false;
  const { default: sharp } = await import('sharp');
  const data = await ENCODE[ext](sharp(source)).toBuffer();
  await store.write(key, data);
  return true;
}
