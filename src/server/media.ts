/**
 * Serves files under DATA_DIR/media (generated images, sample video). Paths
 * are confined to that folder; files are immutable once written, so they are
 * cached for a year. Supports Range requests for video.
 *
 * AVIF and WebP twins of JPEG/PNG pictures (src/lib/renditions.ts) are made
 * with sharp on their first request and written beside the original (a
 * temporary file renamed into place), so every later request is a plain
 * file (ADR 014).
 */
import { createReadStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getConfig } from './config.ts';

const TYPES: Record<string, string> = {
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

export function mediaRoot(): string {
  return path.resolve(getConfig().DATA_DIR, 'media');
}

export async function serveMedia(relative: string, request: Request): Promise<Response> {
  const root = mediaRoot();
  const file = path.resolve(root, relative);
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!file.startsWith(root + path.sep) || !type) return new Response('Not found', { status: 404 });
  let size: number;
  try {
    await ensureRendition(file);
    const s = await stat(file);
    if (!s.isFile()) return new Response('Not found', { status: 404 });
    size = s.size;
  } catch {
    return new Response('Not found', { status: 404 });
  }
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    'accept-ranges': 'bytes',
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
    }
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) },
    });
  }
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, { headers: { ...headers, 'content-length': String(size) } });
}

/** Encoder settings: small files, fast enough to make on a first request. */
const ENCODE = {
  '.avif': (img: import('sharp').Sharp) => img.avif({ quality: 50, effort: 2 }),
  '.webp': (img: import('sharp').Sharp) => img.webp({ quality: 70, effort: 4 }),
} as const;

const making = new Map<string, Promise<void>>();

/**
 * When `file` is a missing .avif/.webp whose .jpg/.jpeg/.png original
 * exists, makes it (once at a time per file). Anything else: nothing.
 */
async function ensureRendition(file: string): Promise<void> {
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.avif' && ext !== '.webp') return;
  try {
    await stat(file);
    return;
  } catch {
    /* not made yet */
  }
  let job = making.get(file);
  if (!job) {
    job = makeRendition(file, ext).finally(() => making.delete(file));
    making.set(file, job);
  }
  await job;
}

async function makeRendition(file: string, ext: '.avif' | '.webp'): Promise<void> {
  const base = file.slice(0, -ext.length);
  let source: string | null = null;
  for (const candidate of ['.jpg', '.jpeg', '.png']) {
    try {
      if ((await stat(base + candidate)).isFile()) {
        source = base + candidate;
        break;
      }
    } catch {
      /* next */
    }
  }
  if (!source) return;
  const { default: sharp } = await import('sharp');
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await ENCODE[ext](sharp(source)).toFile(tmp);
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
}
