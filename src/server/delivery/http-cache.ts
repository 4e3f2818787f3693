/**
 * The one HTTP cache module of delivery (ADR 044): what the front server
 * (server.ts and its parts: assets.ts, prebuilt.ts, page-cache.ts) and the
 * render workers (render-worker.ts, render-pool.ts) share about keeping and
 * sending answers:
 *
 *  - the memory: `ByteLru`, a least-recently-used map bounded by the bytes
 *    it holds (lru-cache);
 *  - validators: `etagOf` (of the uncompressed body, the same wherever it is
 *    computed) and `notModified` (If-None-Match, 304);
 *  - the Accept-Encoding negotiation (RFC 9110 §12.5.3), one parser for every
 *    answer: `acceptsEncoding`, `preferredEncoding`, `varyOnEncoding`;
 *  - compression: the settings of each kind of answer (`COMPRESSION`) and
 *    every compression made with them: pre-built pages (`compressPage…`),
 *    assets, a visitor's miss (`encodeAnswer`, in a worker) and another
 *    encoding of a kept answer (`makeTwin…`);
 *  - what a shared cache may keep (`storableTtl`) and what is compressed at
 *    all (`isCompressible`);
 *  - `KEEP`: how the front server asks the render pool for an answer it will
 *    keep.
 *
 * It imports nothing from delivery's other modules, so that every one of
 * them may import it (no import cycle under src/server/delivery).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  brotliDecompressSync,
  constants as zlib,
  gunzip,
  gunzipSync,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import { LRUCache } from 'lru-cache';

// ─── Memory ────────────────────────────────────────────────────────────────

/**
 * A least-recently-used map bounded by the bytes its values hold (each
 * value says its own `size`). A value larger than the whole bound is not
 * kept, and what the key held stays. A value whose size grew after it was
 * set is measured again with `resize`.
 */
export class ByteLru<V extends { size: number }> {
  private readonly lru: LRUCache<string, V>;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    // lru-cache counts sizes as positive integers: an empty value counts as one byte.
    this.lru = new LRUCache<string, V>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (v) => Math.max(1, v.size) });
  }

  /** The value of `key`, marked as used just now. */
  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** The value of `key`, its place in the order untouched. */
  peek(key: string): V | undefined {
    return this.lru.peek(key);
  }

  /** Keeps `value` (the least recently used values go until it fits); false when it alone is over the bound. */
  set(key: string, value: V): boolean {
    if (value.size > this.maxBytes) return false;
    this.lru.set(key, value);
    return true;
  }

  /** `value`, still the value of `key`, has grown: counted again, as the most recently used (others go if it no longer fits). */
  resize(key: string, value: V): void {
    if (this.lru.peek(key) !== value) return;
    // lru-cache measures a value when it is set, and not again when the same value is set over itself.
    this.lru.delete(key);
    this.set(key, value);
  }

  delete(key: string): boolean {
    return this.lru.delete(key);
  }

  /** The keys, least recently used first (a copy: deleting while walking it is safe). */
  keys(): string[] {
    return [...this.lru.rkeys()];
  }

  get size(): number {
    return this.lru.size;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.lru.calculatedSize;
  }
}

// ─── Validators ────────────────────────────────────────────────────────────

/** The ETag of an answer's uncompressed body (the same wherever it is computed: front server, worker, pre-build). */
export const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Whether If-None-Match names `etag` (weak or strong): the visitor's copy is current, 304. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

// ─── Accept-Encoding ───────────────────────────────────────────────────────

/** The encodings a kept answer may have. */
export type KeptEncoding = 'br' | 'gzip' | 'identity';

interface Accepted {
  br: boolean;
  gzip: boolean;
}

/** Browsers send a handful of distinct headers: the last ones parsed are remembered, so the hot path does not parse them again. */
const parsedHeaders = new Map<string, Accepted>();

/**
 * The encodings an Accept-Encoding header accepts among those we make
 * (RFC 9110 §12.5.3): named with a q above 0, or left to `*` with a q
 * above 0; `br;q=0` (any spacing, `q=0.000`) refuses br even when `*`
 * accepts everything.
 */
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

/** Whether the visitor accepts `encoding` (not when the header is absent, or refuses it with q=0). */
export function acceptsEncoding(acceptEncoding: string | undefined, encoding: 'br' | 'gzip'): boolean {
  if (!acceptEncoding) return false;
  return parseAcceptEncoding(acceptEncoding)[encoding];
}

/** The visitor's best encoding we make: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (acceptsEncoding(acceptEncoding, 'br')) return 'br';
  if (acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

/** A Vary value that also names Accept-Encoding (an answer sent in the encoding the visitor accepts). */
export function varyOnEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

// ─── Compression ───────────────────────────────────────────────────────────

/**
 * How each kind of answer is compressed, and from what size.
 *  - `page`: a pre-built page (the pre-build, the change feed): written
 *    once, sent many times. Brotli quality 6: about 1% larger than 9 on our
 *    pages, and 30 times faster (4 ms against 110 ms for a 165 KB home
 *    here), which is what lets a whole-site pre-build (about 900 pages)
 *    finish in seconds, not minutes; gzip 9 (nginx's gzip_static reads it).
 *  - `miss`: a visitor's miss, compressed while the visitor waits (a worker,
 *    or the page cache making another encoding): brotli quality 4, about
 *    0.7 ms of CPU less per article miss than 5 (docs/performance.md), and
 *    gzip 6; answers under 1 KB go as they are (one TCP packet either way).
 *  - `asset`: the hashed build assets under /_astro/, compressed once per
 *    process and kept: brotli 11 and gzip 9, from 513 bytes.
 */
export const COMPRESSION = {
  page: { gzipLevel: 9, brotliQuality: 6, textMode: true, minBytes: 0 },
  miss: { gzipLevel: 6, brotliQuality: 4, textMode: true, minBytes: 1024 },
  asset: { gzipLevel: 9, brotliQuality: 11, textMode: false, minBytes: 513 },
} as const;

type Profile = (typeof COMPRESSION)[keyof typeof COMPRESSION];

function brotliOptions(profile: Profile, size: number): BrotliOptions {
  return {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: profile.brotliQuality,
      ...(profile.textMode ? { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } : {}),
      [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/** `body` in `encoding` with a profile's settings, on this thread. */
function compressSync(profile: Profile, encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(profile, body.length)) : gzipSync(body, { level: profile.gzipLevel });
}

/** `body` in `encoding` with a profile's settings, on zlib's thread pool. */
function compressInPool(profile: Profile, encoding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(profile, body.length)) : gzipAsync(body, { level: profile.gzipLevel });
}

/** A pre-built page's twins, on zlib's thread pool (the pre-build over HTTP). */
export async function compressPageAsync(html: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([compressInPool(COMPRESSION.page, 'gzip', html), compressInPool(COMPRESSION.page, 'br', html)]);
  return { gzip: gz, br };
}

/** A pre-built page's twins, on the calling thread (a render worker, whose thread runs at a lower priority). */
export function compressPageSync(html: Buffer): { gzip: Buffer; br: Buffer } {
  return { gzip: compressSync(COMPRESSION.page, 'gzip', html), br: compressSync(COMPRESSION.page, 'br', html) };
}

/** A build asset's twins, or null when its type or size gains nothing from them. */
export async function compressAsset(body: Buffer, compressible: boolean): Promise<{ gzip: Buffer; br: Buffer } | null> {
  if (!compressible || body.length < COMPRESSION.asset.minBytes) return null;
  const [gz, br] = await Promise.all([compressInPool(COMPRESSION.asset, 'gzip', body), compressInPool(COMPRESSION.asset, 'br', body)]);
  return { gzip: gz, br };
}

/** Makes another encoding of a kept answer from one it has (inflated first when compressed). */
export type CompressTwin = (encoding: 'br' | 'gzip', source: Buffer, sourceEncoding: KeptEncoding) => Promise<Buffer>;

/**
 * Another encoding of a kept answer, on this thread (a render worker's job):
 * `source` inflated if it is compressed, then compressed with the miss
 * settings.
 */
export function makeTwinSync(encoding: 'br' | 'gzip', source: Buffer, sourceEncoding: KeptEncoding): Buffer {
  const body = sourceEncoding === 'br' ? brotliDecompressSync(source) : sourceEncoding === 'gzip' ? gunzipSync(source) : source;
  return compressSync(COMPRESSION.miss, encoding, body);
}

/** The same as makeTwinSync, on zlib's thread pool (the page cache's default: Astro on the front thread, tests). */
export const makeTwinInPool: CompressTwin = async (encoding, source, sourceEncoding) => {
  const body = sourceEncoding === 'br' ? await brotliDecompressAsync(source) : sourceEncoding === 'gzip' ? await gunzipAsync(source) : source;
  return compressInPool(COMPRESSION.miss, encoding, body);
};

/** A kept answer's body from one of its twins (on this thread: a fraction of a millisecond). */
export function inflate(twin: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliDecompressSync(twin) : gunzipSync(twin);
}

// ─── What is kept, what is compressed ──────────────────────────────────────

/** Longest an answer stays in the page cache, whatever it announces. */
const MAX_TTL_S = 600;
/** Longest a 404 stays (a page may be published at that address meanwhile). */
const NOT_FOUND_TTL_S = 30;
const STORABLE_TYPES = /^(text\/html|application\/json|application\/xml|text\/xml|application\/rss\+xml|application\/atom\+xml)\b/i;

/** The shared lifetime a response announces, when it may be shared at all. */
function sharedTtl(headers: Record<string, string>): number | null {
  const cc = (headers['cache-control'] ?? '').toLowerCase();
  if (!/\bpublic\b/.test(cc) || /\b(no-store|no-cache|private)\b/.test(cc)) return null;
  const m = /\bs-maxage=(\d+)/.exec(cc);
  if (!m) return null;
  const ttl = Math.min(Number(m[1]), MAX_TTL_S);
  return ttl > 0 ? ttl : null;
}

/**
 * How long a finished answer may be kept for everyone (seconds), or null
 * (headers by lower-case name, Set-Cookie lines joined by "\n"):
 *  - a 200 of HTML, JSON or XML with a `public` Cache-Control carrying
 *    `s-maxage` (10 minutes at most); or a 404 (a deep `?page=` past the
 *    end, an unknown article) that is not private, for 30 s at most;
 *  - not already encoded, no Vary on Cookie (the unprefixed /shows & co.
 *    answer in the cookie's language) or `*`, and no Set-Cookie at all: an
 *    answer that sets a cookie is someone's (ADR 029).
 */
export function storableTtl(status: number, headers: Record<string, string>): number | null {
  if (status !== 200 && status !== 404) return null;
  if (!STORABLE_TYPES.test(headers['content-type'] ?? '')) return null;
  if (headers['content-encoding']) return null;
  if (headers['set-cookie'] !== undefined) return null;
  if (/\bcookie\b|\*/i.test(headers['vary'] ?? '')) return null;
  if (status === 404) {
    if (/\b(no-store|no-cache|private)\b/i.test(headers['cache-control'] ?? '')) return null;
    return Math.min(sharedTtl(headers) ?? NOT_FOUND_TTL_S, NOT_FOUND_TTL_S);
  }
  return sharedTtl(headers);
}

const COMPRESSIBLE = /^(text\/(html|plain|css|xml|javascript|vtt)|application\/([a-z.+-]*\+)?(json|xml|javascript)|application\/vnd\.apple\.mpegurl|image\/svg\+xml)\b/i;

/** An answer's head: lower-case names and their values in pairs (`[name, value, name, value…]`), each Set-Cookie apart. */
export type HeaderPairs = string[];

/** The value of `name` in `pairs` (the first), or undefined. */
export function headerOf(pairs: HeaderPairs, name: string): string | undefined {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === name) return pairs[i + 1];
  return undefined;
}

/** Whether a worker reads an answer whole and compresses it; the others (media, HEAD, 304, already encoded) pass as they come. */
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
 * A compressible answer, read whole, as a render worker sends it (ADR 010:
 * everything compressed once, off the front server's thread):
 *  - when the front server will keep it (it asked, naming the visitor's
 *    encoding: `keep`, and the answer is storable): in that encoding only
 *    (`br` or `gzip`), or not at all (`identity`: a visitor who accepts
 *    neither, as wrk and autocannon send), with the ETag of the uncompressed
 *    body. The front server makes another encoding only when a visitor needs
 *    it (a worker's `makeTwinSync`), so each encoding of an answer is still
 *    made once;
 *  - else, from the miss settings' size: in the visitor's best encoding,
 *    with Content-Encoding and Vary: Accept-Encoding.
 * Content-Length is set.
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
    const encoded = keep === 'identity' ? body : compressSync(COMPRESSION.miss, keep, body);
    out.push('content-length', String(encoded.length));
    return { headers: out, body: encoded, kept: { encoding: keep, etag: etagOf(body) } };
  }
  const encoding = body.length >= COMPRESSION.miss.minBytes ? preferredEncoding(acceptEncoding) : null;
  const encoded = encoding ? compressSync(COMPRESSION.miss, encoding, body) : body;
  if (encoding) {
    out.push('content-encoding', encoding);
    let at = -1;
    for (let i = 0; i < out.length && at < 0; i += 2) if (out[i] === 'vary') at = i;
    if (at >= 0) out[at + 1] = varyOnEncoding(out[at + 1]);
    else out.push('vary', 'Accept-Encoding');
  }
  out.push('content-length', String(encoded.length));
  return { headers: out, body: encoded, kept: null };
}

// ─── A file kept with its twins ────────────────────────────────────────────

/** A file the front server answers from memory (an asset, a pre-built page), with the twins it has. */
export interface CachedFile {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** Bytes of the three bodies. */
  size: number;
}

/** A CachedFile of a body and its twins. */
export function cachedFile(identity: Buffer, twins: { gzip?: Buffer | undefined; br?: Buffer | undefined } = {}): CachedFile {
  return {
    identity,
    ...(twins.gzip ? { gzip: twins.gzip } : {}),
    ...(twins.br ? { br: twins.br } : {}),
    etag: etagOf(identity),
    size: identity.length + (twins.gzip?.length ?? 0) + (twins.br?.length ?? 0),
  };
}

/**
 * Sends a CachedFile with `headers`, its ETag (304 when If-None-Match names
 * it) and the twin the visitor accepts (Vary: Accept-Encoding when it has
 * twins); HEAD without a body.
 */
export function sendCachedFile(req: IncomingMessage, res: ServerResponse, file: CachedFile, headers: Record<string, string>): void {
  const out: Record<string, string | number> = { ...headers, ETag: file.etag };
  if (file.br || file.gzip) out['Vary'] = varyOnEncoding(out['Vary'] as string | undefined);
  if (notModified(req.headers['if-none-match'], file.etag)) {
    res.writeHead(304, out);
    res.end();
    return;
  }
  const accept = req.headers['accept-encoding'];
  const [encoding, body] =
    file.br && acceptsEncoding(accept, 'br') ? (['br', file.br] as const) : file.gzip && acceptsEncoding(accept, 'gzip') ? (['gzip', file.gzip] as const) : ([null, file.identity] as const);
  if (encoding) out['Content-Encoding'] = encoding;
  out['Content-Length'] = body.length;
  res.writeHead(200, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}

// ─── The front server's hand-off to the render pool ───────────────────────

/** Set on a request by the front server: keeps the answer a render worker sends in the visitor's encoding (page-cache.ts `put`). */
export const KEEP = Symbol('2m.keepAnswer');
export type KeepableRequest = IncomingMessage & {
  [KEEP]?: (status: number, headers: OutgoingHttpHeaders, body: Buffer | null, gz: Buffer | null, br: Buffer | null, etag?: string) => void;
};
