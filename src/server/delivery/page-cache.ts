/**
 * The front server's cache of answers rendered on demand (ADR 005: a
 * page published after the last build "is reachable at once … renders it and
 * caches it"; ADR 010: everything compressed once). What Astro's
 * handler answers is kept in memory, with its gzip and brotli twins as visitors need them, for the
 * shared lifetime it announces (`s-maxage`, at most 10 minutes) and served
 * from there, with an ETag and the encoding the visitor accepts, until it
 * expires, a content change drops it, or a new pre-build lands (the build id
 * is part of the key).
 *
 * Kept: pages, API answers, feeds and sitemaps that any visitor may receive
 * (http-cache.ts `storableTtl`: a public 200 with `s-maxage`, a 404 for 30 s
 * at most, never an answer that sets a cookie or varies on it; the
 * middleware sets the `locale` cookie only on answers no shared cache
 * keeps, ADR 029). The key (on-demand.ts) holds the build, the path, the query parameters the
 * page reads and, for the API (Vary: locale), the `locale` header. Answers
 * keyed by query parameters (searches, `?page=N`, API parameters) are kept
 * on a shelf of their own, a quarter of the memory: random searches evict
 * older searches, never the pages.
 *
 * An answer is kept in the encoding its first visitor took (from a render
 * worker, http-cache.ts `encodeAnswer`: `put`; or as it is, when Astro runs on
 * this thread, RENDER_WORKERS=0: `capture`). Another encoding is made when
 * a visitor first needs it (`compress`: a render worker's job, or zlib's
 * thread pool), once, and kept with the entry; visitors who come meanwhile
 * wait for it, or get an encoding they accept that is already there. Each
 * shelf is an LRU bounded by the bytes of its answers' bodies (http-cache.ts
 * `ByteLru`).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { acceptsEncoding, ByteLru, COMPRESSION, etagOf, inflate, makeTwinInPool, notModified, preferredEncoding, storableTtl, varyOnEncoding, type CompressTwin, type KeptEncoding } from './http-cache.ts';
import { pageKey } from './site-dir.ts';

/** An answer larger than this is not kept (a sitemap of 50,000 URLs is some 8 MB). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

interface Cached {
  status: number;
  headers: Record<string, string>;
  storedAt: number;
  /** The answer itself, and its gzip and brotli twins: whichever were asked for so far (at least one). */
  body: Buffer | null;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Twins being made (each once, whoever asks meanwhile waits for the same one). */
  making: Partial<Record<'br' | 'gzip', Promise<Buffer | null>>>;
  etag: string;
  expires: number;
  size: number;
}

export interface PageCacheOptions {
  /** Memory for every kept answer (default 128 MB). */
  maxBytes?: number;
  /** Of which answers keyed by query parameters may take at most (default a quarter). */
  queryBytes?: number;
  now?: () => number;
  /** Makes a twin a visitor needs (default: zlib's thread pool; the front server passes its render pool's). */
  compress?: CompressTwin;
}

function flatten(headers: OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    // Set-Cookie lines stay apart (a comma may sit inside one): two cookies are never shared.
    const name = k.toLowerCase();
    out[name] = Array.isArray(v) ? v.join(name === 'set-cookie' ? '\n' : ', ') : String(v);
  }
  return out;
}

/** Headers passed to writeHead as an object or as a flat [name, value, …] array. */
function headersArg(arg: unknown): OutgoingHttpHeaders {
  if (Array.isArray(arg)) {
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i + 1 < arg.length; i += 2) {
      const k = String(arg[i]).toLowerCase();
      const had = out[k];
      const v = String(arg[i + 1]);
      out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [String(had), v];
    }
    return out;
  }
  return (arg && typeof arg === 'object' ? arg : {}) as OutgoingHttpHeaders;
}

/** The headers a kept answer is sent again with. */
const KEPT = ['content-type', 'cache-control', 'content-language', 'x-robots-tag', 'link', 'vary', 'content-security-policy', 'x-frame-options'];

export class PageCache {
  /** Answers whose key has no query string (a page, a sitemap, a feed). */
  private readonly plain: ByteLru<Cached>;
  /**
   * Answers keyed by query parameters (a search, `?page=N`, the API's
   * parameters): as many keys as visitors care to invent, so they get a
   * shelf of their own (a quarter of the memory by default) and can never
   * push the others out.
   */
  private readonly queried: ByteLru<Cached>;
  private readonly now: () => number;
  private readonly compress: CompressTwin;

  constructor(opts: PageCacheOptions = {}) {
    this.compress = opts.compress ?? makeTwinInPool;
    const maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
    const queryBytes = Math.min(maxBytes, opts.queryBytes ?? Math.floor(maxBytes / 4));
    this.plain = new ByteLru(maxBytes - queryBytes);
    this.queried = new ByteLru(queryBytes);
    this.now = opts.now ?? Date.now;
  }

  private shelf(key: string): ByteLru<Cached> {
    return key.includes('?') ? this.queried : this.plain;
  }

  get size(): number {
    return this.plain.size + this.queried.size;
  }

  /** Bytes held: [answers without a query string, answers keyed by query parameters]. */
  get bytes(): [number, number] {
    return [this.plain.bytes, this.queried.bytes];
  }

  /**
   * Answers from the cache; false when it holds nothing fresh for this key.
   * A promise when the encoding the visitor needs is being made first.
   */
  serve(key: string, req: IncomingMessage, res: ServerResponse): boolean | Promise<void> {
    const shelf = this.shelf(key);
    const hit = shelf.peek(key);
    if (!hit) return false;
    if (hit.expires <= this.now()) {
      shelf.delete(key);
      return false;
    }
    shelf.get(key);
    const age = Math.max(0, Math.floor((this.now() - hit.storedAt) / 1000));
    // Kept answers vary by encoding, whichever of them this one is sent in.
    const headers: Record<string, string | number> = { ...hit.headers, etag: hit.etag, age, 'x-cache': 'HIT', vary: varyOnEncoding(hit.headers['vary']) };
    if (notModified(req.headers['if-none-match'], hit.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const send = (encoding: 'br' | 'gzip' | null, body: Buffer) => {
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      res.writeHead(hit.status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const want = preferredEncoding(req.headers['accept-encoding']);
    if (want === null) {
      send(null, this.identity(shelf, key, hit));
      return true;
    }
    const ready = hit[want];
    if (ready) {
      send(want, ready);
      return true;
    }
    // Too small to gain from compression (one packet either way); what a render worker sent compressed is kept compressed.
    if (hit.body && hit.body.length <= COMPRESSION.miss.minBytes) {
      send(null, hit.body);
      return true;
    }
    const making = this.twin(shelf, key, hit, want);
    // Brotli is being made: a visitor who also takes gzip gets the gzip already kept.
    if (want === 'br' && hit.gzip && acceptsEncoding(req.headers['accept-encoding'], 'gzip')) {
      send('gzip', hit.gzip);
      return true;
    }
    return making.then((made) => {
      if (made) send(want, made);
      else send(null, this.identity(shelf, key, hit));
    });
  }

  /** The answer itself: kept, or inflated from a twin once and kept. */
  private identity(shelf: ByteLru<Cached>, key: string, hit: Cached): Buffer {
    if (hit.body) return hit.body;
    const body = hit.br ? inflate(hit.br, 'br') : inflate(hit.gzip!, 'gzip');
    this.grow(shelf, key, hit, 'body', body);
    return body;
  }

  /** Makes a twin of a kept answer, once (whoever asks meanwhile gets the same promise); null if it failed. */
  private twin(shelf: ByteLru<Cached>, key: string, hit: Cached, encoding: 'br' | 'gzip'): Promise<Buffer | null> {
    const pending = hit.making[encoding];
    if (pending) return pending;
    const [source, sourceEncoding]: [Buffer, KeptEncoding] = hit.body ? [hit.body, 'identity'] : hit.gzip ? [hit.gzip, 'gzip'] : [hit.br!, 'br'];
    const made = this.compress(encoding, source, sourceEncoding).then(
      (buf) => {
        delete hit.making[encoding];
        this.grow(shelf, key, hit, encoding, buf);
        return buf;
      },
      () => {
        delete hit.making[encoding];
        return null;
      },
    );
    hit.making[encoding] = made;
    return made;
  }

  /** Adds an encoding to an entry (counted again unless a content change dropped it, or a newer copy took its place, meanwhile). */
  private grow(shelf: ByteLru<Cached>, key: string, hit: Cached, field: 'body' | 'gzip' | 'br', buf: Buffer): void {
    if (hit[field]) return;
    hit[field] = buf;
    hit.size += buf.length;
    shelf.resize(key, hit);
  }

  /**
   * Keeps a finished answer, if it may be kept; returns whether it was.
   * From a render worker it comes in one encoding (the others null) with
   * the uncompressed body's ETag.
   */
  put(key: string, status: number, rawHeaders: OutgoingHttpHeaders, body: Buffer | null, gz: Buffer | null, br: Buffer | null, etag?: string): boolean {
    const headers = flatten(rawHeaders);
    const ttl = storableTtl(status, headers);
    if (ttl === null) return false;
    if (body === null && ((gz === null && br === null) || etag === undefined)) return false;
    const kept: Record<string, string> = {};
    for (const name of KEPT) if (headers[name] !== undefined) kept[name] = headers[name]!;
    const entry: Cached = {
      status,
      headers: kept,
      storedAt: this.now(),
      body,
      gzip: gz,
      br,
      making: {},
      etag: etag ?? etagOf(body!),
      expires: this.now() + ttl * 1000,
      size: (body?.length ?? 0) + (gz?.length ?? 0) + (br?.length ?? 0),
    };
    // Too large (a copy already there stays until it expires or a content change drops it).
    if (entry.size <= MAX_ENTRY_BYTES * 2) this.shelf(key).set(key, entry);
    return true;
  }

  /**
   * Watches `res` as Astro's handler writes it on this thread (it passes
   * through untouched) and keeps the answer under `key` if, once finished, it
   * may be shared (as it is: twins are made when a visitor needs them).
   */
  capture(key: string, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let length = 0;
    let tooBig = false;
    let headArg: OutgoingHttpHeaders = {};
    const add = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || tooBig) return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      length += buf.length;
      if (length > MAX_ENTRY_BYTES) tooBig = true;
      else chunks.push(buf);
    };
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    (res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
      headArg = headersArg(typeof args[1] === 'string' ? args[2] : args[1]);
      return writeHead(...args);
    };
    (res as { write: unknown }).write = (...args: unknown[]) => {
      add(args[0], args[1]);
      return write(...args);
    };
    (res as { end: unknown }).end = (...args: unknown[]) => {
      add(args[0], args[1]);
      return end(...args);
    };
    res.once('finish', () => {
      if (tooBig) return;
      const headers = { ...flatten(res.getHeaders()), ...flatten(headArg) };
      // Content-Encoding would mean the chunks are not the answer itself.
      if (headers['content-encoding'] || storableTtl(res.statusCode, headers) === null) return;
      this.put(key, res.statusCode, headers, Buffer.concat(chunks), null, null);
    });
  }

  /**
   * Drops the entries of these decoded page paths (page keys, see
   * site-dir.ts `pageKey`), whatever their build and query string. Cache keys
   * are `<build>:<url>[|locale=…]`. Returns how many entries went.
   */
  forgetPaths(paths: Iterable<string>): number {
    const wanted = new Set(paths);
    if (wanted.size === 0) return 0;
    return this.forgetWhere((pathname) => {
      const p = pageKey(pathname);
      return p !== null && wanted.has(p);
    });
  }

  /** Drops every entry whose request path passes `test`; returns how many went. */
  forgetWhere(test: (pathname: string) => boolean): number {
    let dropped = 0;
    for (const shelf of [this.plain, this.queried]) {
      for (const key of shelf.keys()) {
        const url = key.slice(key.indexOf(':') + 1);
        const end = url.search(/[?|]/);
        if (test(end === -1 ? url : url.slice(0, end))) {
          shelf.delete(key);
          dropped++;
        }
      }
    }
    return dropped;
  }
}
