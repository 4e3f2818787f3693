/**
 * Everything compressed once, off the front server's thread (issue 11 item
 * 4, ADR 010). Inside a render worker, every answer of a compressible type
 * (HTML, JSON, XML feeds and sitemaps, text) is held until complete, then:
 *
 *  - when the front server will keep it (it asked with VARIANTS_HEADER,
 *    naming the visitor's encoding, and the answer is storable,
 *    page-cache.ts): compressed in that encoding only (`br` or `gzip`), or
 *    not at all (`identity`: a visitor who accepts neither, as wrk and
 *    autocannon send), the encoding in VARIANTS_HEADER and the ETag of the
 *    uncompressed body in ETAG_HEADER. The front server keeps it and makes
 *    another encoding only when a visitor needs it (`compressTwin`, a job
 *    of a worker), so each encoding of an answer is still made once;
 *  - else, from 1 KB: compressed with the visitor's best encoding (brotli,
 *    else gzip) and sent with Content-Encoding and Vary: Accept-Encoding.
 *
 * This runs on the worker's own (lower priority) thread, so compression never
 * holds up pre-built pages and cache hits.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { etagOf, storableTtl } from './page-cache.ts';
import { brotliOptions, MISS_BROTLI_QUALITY, MISS_GZIP_LEVEL } from './render-page.ts';

/** Asked by the front server with the encoding it will keep first (`br`, `gzip`, `identity`); answered with the encoding sent. */
export const VARIANTS_HEADER = 'x-2m-variants';
/** The encodings a kept answer may have. */
export type KeptEncoding = 'br' | 'gzip' | 'identity';
const KEPT_ENCODINGS: ReadonlySet<string> = new Set<KeptEncoding>(['br', 'gzip', 'identity']);
/** Whether a VARIANTS_HEADER value names an encoding a kept answer may have. */
export const isKeptEncoding = (value: unknown): value is KeptEncoding => typeof value === 'string' && KEPT_ENCODINGS.has(value);
/** The ETag of the uncompressed body, with a kept answer. */
export const ETAG_HEADER = 'x-2m-etag';

const COMPRESSIBLE = /^(text\/(html|plain|css|xml|javascript|vtt)|application\/([a-z.+-]*\+)?(json|xml|javascript)|application\/vnd\.apple\.mpegurl|image\/svg\+xml)\b/i;
/** Smaller than this goes as it is (one TCP packet either way). */
const MIN_BYTES = 1024;

const brotli = (body: Buffer) => brotliCompressSync(body, brotliOptions(body.length, MISS_BROTLI_QUALITY));
const gzip = (body: Buffer) => gzipSync(body, { level: MISS_GZIP_LEVEL });

/**
 * Another encoding of a kept answer (the page cache's `compress`, run as a
 * render worker's job): `source` inflated if it is compressed, then
 * compressed with the miss settings.
 */
export function compressTwin(encoding: 'br' | 'gzip', source: Uint8Array, sourceEncoding: KeptEncoding): Buffer {
  const src = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  const body = sourceEncoding === 'br' ? brotliDecompressSync(src) : sourceEncoding === 'gzip' ? gunzipSync(src) : src;
  return encoding === 'br' ? brotli(body) : gzip(body);
}

/** Each encoding we make, as accepted in an Accept-Encoding header (named, and not with q=0). */
const ACCEPTED = { br: /\bbr\b(?!;q=0(\.0*)?\b)/, gzip: /\bgzip\b(?!;q=0(\.0*)?\b)/ } as const;

/** Whether the visitor accepts `encoding`. */
export function accepts(acceptEncoding: string | undefined, encoding: 'br' | 'gzip'): boolean {
  return ACCEPTED[encoding].test(acceptEncoding ?? '');
}

/** The visitor's best encoding we make. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

function lowerCase(headers: OutgoingHttpHeaders): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function headerArg(arg: unknown): OutgoingHttpHeaders {
  if (Array.isArray(arg)) {
    const out: Record<string, string | string[]> = {};
    for (let i = 0; i + 1 < arg.length; i += 2) {
      const k = String(arg[i]).toLowerCase();
      const v = String(arg[i + 1]);
      const had = out[k];
      out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
    }
    return out;
  }
  return (arg && typeof arg === 'object' ? arg : {}) as OutgoingHttpHeaders;
}

const flat = (v: string | number | string[] | undefined): string => (v === undefined ? '' : Array.isArray(v) ? v.join('\n') : String(v));

/** Wraps `res` so that what the handler writes leaves compressed as above. */
export function compressResponses(req: IncomingMessage, res: ServerResponse, keep: string | undefined): void {
  const kept = isKeptEncoding(keep) ? keep : null;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let mode: 'pass' | 'hold' | null = null;
  let status = 200;
  let headers: Record<string, string | number | string[]> = {};
  const chunks: Buffer[] = [];

  const decide = () => {
    if (mode === null) (res.writeHead as (s: number) => void)(res.statusCode);
  };
  const add = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
    );
  };

  (res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
    if (mode !== null) return writeHead(...args);
    const statusCode = Number(args[0]);
    const passed = headerArg(typeof args[1] === 'string' ? args[2] : args[1]);
    const merged = { ...lowerCase(res.getHeaders()), ...lowerCase(passed) };
    const type = flat(merged['content-type']);
    if (req.method === 'HEAD' || statusCode === 204 || statusCode === 304 || statusCode < 200 || merged['content-encoding'] !== undefined || !COMPRESSIBLE.test(type)) {
      mode = 'pass';
      return writeHead(...args);
    }
    mode = 'hold';
    status = statusCode;
    headers = merged;
    return res;
  };
  (res as { write: unknown }).write = (...args: unknown[]) => {
    decide();
    if (mode === 'pass') return write(...args);
    add(args[0], args[1]);
    const cb = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    if (cb) process.nextTick(cb);
    return true;
  };
  (res as { end: unknown }).end = (...args: unknown[]) => {
    decide();
    if (mode === 'pass') return end(...args);
    if (typeof args[0] !== 'function') add(args[0], args[1]);
    const cb = args.find((a) => typeof a === 'function');
    // Astro renders a page whole (ADR 021): usually one chunk, taken as it is.
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    delete headers['content-length'];
    const asString: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) asString[k] = flat(v);
    if (kept && body.length > 0 && storableTtl(status, asString) !== null) {
      // Only the encoding this visitor takes; the front server asks for others when a visitor needs them.
      const out = kept === 'br' ? brotli(body) : kept === 'gzip' ? gzip(body) : body;
      headers[VARIANTS_HEADER] = kept;
      headers[ETAG_HEADER] = etagOf(body);
      headers['content-length'] = out.length;
      writeHead(status, headers);
      return end(out, ...(cb ? [cb] : []));
    }
    const encoding = body.length >= MIN_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
    const out = encoding === 'br' ? brotli(body) : encoding === 'gzip' ? gzip(body) : body;
    if (encoding) {
      headers['content-encoding'] = encoding;
      const vary = flat(headers['vary']);
      if (!/accept-encoding/i.test(vary)) headers['vary'] = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
    }
    headers['content-length'] = out.length;
    writeHead(status, headers);
    return end(out, ...(cb ? [cb] : []));
  };
}
