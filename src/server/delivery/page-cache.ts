/**
 * The front server's cache of pages rendered on demand (DESIGN.md §4: a page
 * published after the last build "is reachable at once … renders it and
 * caches it"): what Astro's handler answers is kept in memory for the
 * shared lifetime it announces (`s-maxage`, at most 10 minutes) and served
 * from there, with an ETag and gzip, until it expires or a new pre-build
 * lands (the build id is part of the key).
 *
 * Only what any visitor may receive is kept: a 200 GET of HTML with a
 * `public` Cache-Control carrying `s-maxage`, no Vary on Cookie (the
 * unprefixed /shows & co. answer in the cookie's language), and no cookie
 * but the `locale` one (365 days) that the middleware sets when the
 * visitor's differs from the page's language: that one is kept apart and
 * sent again, under the same condition, with the cached page.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { pageKey } from './site-dir.ts';

/** Longest a page stays, whatever it announces. */
export const PAGE_CACHE_MAX_TTL_S = 600;
/** A page larger than this is not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

interface Cached {
  status: number;
  headers: Record<string, string>;
  /** The locale cookie the page sets (`locale=fr; …`), sent to visitors whose cookie says otherwise. */
  localeCookie: string | null;
  storedAt: number;
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  expires: number;
  size: number;
}

export interface PageCacheOptions {
  maxBytes?: number;
  now?: () => number;
}

/** The shared lifetime a response announces, when it may be shared at all. */
export function sharedTtl(headers: Record<string, string>): number | null {
  const cc = (headers['cache-control'] ?? '').toLowerCase();
  if (!/\bpublic\b/.test(cc) || /\b(no-store|no-cache|private)\b/.test(cc)) return null;
  const m = /\bs-maxage=(\d+)/.exec(cc);
  if (!m) return null;
  const ttl = Math.min(Number(m[1]), PAGE_CACHE_MAX_TTL_S);
  return ttl > 0 ? ttl : null;
}

/** `locale=ar; Path=/; …`: the only cookie a shared page may come with. */
const LOCALE_SET_COOKIE = /^locale=(ar|fr);/i;

/** Whether a finished response may be kept for everyone. */
export function cacheable(status: number, headers: Record<string, string>): boolean {
  if (status !== 200) return false;
  if (!(headers['content-type'] ?? '').startsWith('text/html')) return false;
  if (headers['set-cookie'] !== undefined && !LOCALE_SET_COOKIE.test(headers['set-cookie'])) return false;
  if (/\bcookie\b|\*/i.test(headers['vary'] ?? '')) return false;
  return sharedTtl(headers) !== null;
}

function flatten(headers: OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}

/** Headers passed to writeHead as an object or as a flat [name, value, …] array. */
function headersArg(arg: unknown): OutgoingHttpHeaders {
  if (Array.isArray(arg)) {
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i + 1 < arg.length; i += 2) out[String(arg[i])] = arg[i + 1] as string;
    return out;
  }
  return (arg && typeof arg === 'object' ? arg : {}) as OutgoingHttpHeaders;
}

export class PageCache {
  private readonly map = new Map<string, Cached>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(opts: PageCacheOptions = {}) {
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.map.size;
  }

  /** Answers from the cache; false when it holds nothing fresh for this key. */
  serve(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const hit = this.map.get(key);
    if (!hit) return false;
    if (hit.expires <= this.now()) {
      this.drop(key, hit);
      return false;
    }
    this.map.delete(key);
    this.map.set(key, hit);
    const age = Math.max(0, Math.floor((this.now() - hit.storedAt) / 1000));
    const headers: Record<string, string | number> = { ...hit.headers, etag: hit.etag, age, 'x-cache': 'HIT' };
    if (hit.localeCookie) {
      const lang = LOCALE_SET_COOKIE.exec(hit.localeCookie)?.[1];
      const theirs = /(?:^|;\s*)locale=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
      if (theirs !== lang) headers['set-cookie'] = hit.localeCookie;
    }
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === hit.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const gz = hit.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gz ? hit.gzip! : hit.body;
    if (gz) headers['content-encoding'] = 'gzip';
    headers['vary'] = 'Accept-Encoding';
    headers['content-length'] = body.length;
    res.writeHead(hit.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /**
   * Watches `res` as Astro's handler writes it (it passes through untouched)
   * and keeps the page under `key` if, once finished, it may be shared.
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
      if (length > MAX_PAGE_BYTES) tooBig = true;
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
      // Content-Encoding would mean the chunks are not the page itself.
      if (headers['content-encoding'] || !cacheable(res.statusCode, headers)) return;
      const body = Buffer.concat(chunks);
      const kept: Record<string, string> = {};
      for (const name of ['content-type', 'cache-control', 'content-language', 'x-robots-tag', 'link', 'content-security-policy', 'x-frame-options']) {
        if (headers[name] !== undefined) kept[name] = headers[name]!;
      }
      const gzip = body.length > 1024 ? gzipSync(body, { level: 6 }) : null;
      const setCookie = headers['set-cookie'];
      const entry: Cached = {
        status: res.statusCode,
        headers: kept,
        localeCookie: setCookie && LOCALE_SET_COOKIE.test(setCookie) ? setCookie : null,
        storedAt: this.now(),
        body,
        gzip,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        expires: this.now() + sharedTtl(headers)! * 1000,
        size: body.length + (gzip?.length ?? 0),
      };
      this.store(key, entry);
    });
  }

  /**
   * Drops the entries of these decoded page paths (page keys, see
   * site-dir.ts `pageKey`), whatever their build and query string. Cache keys
   * are `<build>:<url>`. Returns how many entries went.
   */
  forgetPaths(paths: Iterable<string>): number {
    const wanted = new Set(paths);
    if (wanted.size === 0) return 0;
    let dropped = 0;
    for (const [key, entry] of this.map) {
      const url = key.slice(key.indexOf(':') + 1);
      const q = url.indexOf('?');
      const p = pageKey(q === -1 ? url : url.slice(0, q));
      if (p !== null && wanted.has(p)) {
        this.drop(key, entry);
        dropped++;
      }
    }
    return dropped;
  }

  private store(key: string, entry: Cached): void {
    if (entry.size > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) this.drop(key, old);
    this.map.set(key, entry);
    this.bytes += entry.size;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, v);
    }
  }

  private drop(key: string, entry: Cached): void {
    this.map.delete(key);
    this.bytes -= entry.size;
  }
}
