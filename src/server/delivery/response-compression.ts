/**
 * Everything compressed once, off the front server's thread (ADR 010).
 * Inside a render worker (render-worker.ts), every answer of a
 * compressible type (HTML, JSON, XML feeds and sitemaps, text) is read
 * whole, then (`encodeAnswer`):
 *
 *  - when the front server will keep it (it asked, naming the visitor's
 *    encoding, and the answer is storable, page-cache.ts): compressed in
 *    that encoding only (`br` or `gzip`), or not at all (`identity`: a
 *    visitor who accepts neither, as wrk and autocannon send), sent back
 *    with that encoding and the ETag of the uncompressed body. The front
 *    server keeps it and makes another encoding only when a visitor needs
 *    it (`compressTwin`, a job of a worker), so each encoding of an answer
 *    is still made once;
 *  - else, from 1 KB: compressed with the visitor's best encoding (brotli,
 *    else gzip) and sent with Content-Encoding and Vary: Accept-Encoding.
 *
 * Other answers (media, HEAD, 304…) pass as they come. This runs on the
 * worker's own (lower priority) thread, so compression never holds up
 * pre-built pages and cache hits.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { etagOf, storableTtl } from './page-cache.ts';
import { brotliOptions, MISS_BROTLI_QUALITY, MISS_GZIP_LEVEL } from './render-page.ts';
import { asBuffer } from './render-protocol.ts';

/** The encodings a kept answer may have. */
export type KeptEncoding = 'br' | 'gzip' | 'identity';

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
  const src = asBuffer(source);
  const body = sourceEncoding === 'br' ? brotliDecompressSync(src) : sourceEncoding === 'gzip' ? gunzipSync(src) : src;
  return encoding === 'br' ? brotli(body) : gzip(body);
}

/**
 * The encodings an Accept-Encoding header accepts among those we make
 * (RFC 9110 §12.5.3): named with a q above 0, or left to `*` with a q
 * above 0; `br;q=0` (any spacing, `q=0.000`) refuses br even when `*`
 * accepts everything. The one parser of the header: the front server's
 * pre-built pages (server.ts) and every answer a worker compresses use it.
 * Browsers send a handful of distinct headers: the last ones parsed are
 * remembered, so the front server's hot path does not parse them again.
 */
interface Accepted {
  br: boolean;
  gzip: boolean;
}

const parsedHeaders = new Map<string, Accepted>();

function parseAcceptEncoding(header: string): Accepted {
  const known = parsedHeaders.get(header);
  if (known) return known;
  let br: number | undefined;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq !== -1 && param.slice(0, eq).trim().toLowerCase() === 'q') {
        const value = Number(param.slice(eq + 1).trim());
        q = Number.isFinite(value) ? value : 0;
      }
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (name === '*') star = q;
  }
  const result = { br: (br ?? star ?? 0) > 0, gzip: (gzip ?? star ?? 0) > 0 };
  if (parsedHeaders.size >= 64) parsedHeaders.clear();
  parsedHeaders.set(header, result);
  return result;
}

/** Whether the visitor accepts `encoding` (not when it is absent, or refused with q=0). */
export function acceptsEncoding(acceptEncoding: string | undefined, encoding: 'br' | 'gzip'): boolean {
  if (!acceptEncoding) return false;
  return parseAcceptEncoding(acceptEncoding)[encoding];
}

/** The visitor's best encoding we make. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (acceptsEncoding(acceptEncoding, 'br')) return 'br';
  if (acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

/** An answer's head: lower-case names and their values in pairs (`[name, value, name, value…]`), each Set-Cookie apart. */
export type HeaderPairs = string[];

/** The value of `name` in `pairs` (the first), or undefined. */
export function headerOf(pairs: HeaderPairs, name: string): string | undefined {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === name) return pairs[i + 1];
  return undefined;
}

/** Whether an answer is read whole and compressed here; the others (media, HEAD, 304, already encoded) pass as they come. */
export function isCompressible(method: string, status: number, headers: HeaderPairs): boolean {
  if (method === 'HEAD' || status === 204 || status === 304 || status < 200) return false;
  return headerOf(headers, 'content-encoding') === undefined && COMPRESSIBLE.test(headerOf(headers, 'content-type') ?? '');
}

/** A compressible answer as it leaves the worker. */
export interface EncodedAnswer {
  headers: HeaderPairs;
  body: Buffer;
  /** When the front server keeps it: the encoding it is in, and the ETag of the uncompressed body. */
  kept: { encoding: KeptEncoding; etag: string } | null;
}

/**
 * A compressible answer, read whole, compressed as above: in `keep` (the
 * visitor's encoding, asked by the front server) when it may be kept, else
 * in the visitor's best encoding from MIN_BYTES. Content-Length is set.
 */
export function encodeAnswer(status: number, headers: HeaderPairs, body: Buffer, acceptEncoding: string | undefined, keep: KeptEncoding | null): EncodedAnswer {
  const out: HeaderPairs = [];
  // Set-Cookie lines joined by "\n", as storableTtl reads them.
  const flat: Record<string, string> = {};
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    const value = headers[i + 1]!;
    if (name === 'content-length') continue;
    out.push(name, value);
    flat[name] = flat[name] === undefined ? value : `${flat[name]}\n${value}`;
  }
  if (keep && body.length > 0 && storableTtl(status, flat) !== null) {
    // Only the encoding this visitor takes; the front server asks for others when a visitor needs them.
    const encoded = keep === 'br' ? brotli(body) : keep === 'gzip' ? gzip(body) : body;
    out.push('content-length', String(encoded.length));
    return { headers: out, body: encoded, kept: { encoding: keep, etag: etagOf(body) } };
  }
  const encoding = body.length >= MIN_BYTES ? preferredEncoding(acceptEncoding) : null;
  const encoded = encoding === 'br' ? brotli(body) : encoding === 'gzip' ? gzip(body) : body;
  if (encoding) {
    out.push('content-encoding', encoding);
    const vary = flat['vary'] ?? '';
    if (!/accept-encoding/i.test(vary)) {
      let at = -1;
      for (let i = 0; i < out.length && at < 0; i += 2) if (out[i] === 'vary') at = i;
      if (at >= 0) out[at + 1] = `${vary}, Accept-Encoding`;
      else out.push('vary', 'Accept-Encoding');
    }
  }
  out.push('content-length', String(encoded.length));
  return { headers: out, body: encoded, kept: null };
}
