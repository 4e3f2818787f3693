/**
 * The site's front HTTP server (ADR 005: the node adapter's own
 * static handler is about 20 times slower than nginx). In front of Astro's
 * handler, it answers from memory:
 *
 *  - pre-built pages of the current build (site-dir.ts) for plain GET/HEAD
 *    requests without a query parameter the page reads (page-query.ts: a
 *    random `?x=123` is the clean URL), with the Cache-Control the page was
 *    rendered with, an ETag (304 on If-None-Match) and the brotli or gzip
 *    twin the client accepts; with `Save-Data: on`, the page's pre-built
 *    lite twin in its place (src/lib/lite.ts, ADR 038), and `Vary: Save-Data`
 *    on every answer of a page that has one;
 *  - the hashed build assets under /_astro/ (immutable).
 *
 * Everything else (API, on-demand pages, queries, other public files with
 * range requests, POSTs) goes to Astro's handler. Files are read once and
 * kept in a byte-bounded LRU; a new build is picked up on the next request.
 * Pages Astro renders on demand (published since the last build, the TV
 * guide…) are kept for the shared lifetime they announce (page-cache.ts),
 * keyed by their path and the query parameters they read; a miss that
 * comes while the same answer is being rendered for another visitor waits
 * for that render (single flight) instead of starting its own.
 * GET /healthz says whether the site is ready (503 until the first
 * pre-build is in place).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { withRequestLog } from '../http/request-log.ts';
import { clientErrorHandler, setSecurityHeaders, type SecurityPolicy } from '../http/security-headers.ts';
import { RENDER_HEADER } from './prebuild.ts';
import { hasTestClock } from '../clock.ts';
import { PageCache, type CompressTwin } from './page-cache.ts';
import { isDeskPath } from '../desk/paths.ts';
import { HEALTH_PATH, isPagePath, requestRefusal } from '../http/request-policy.ts';
import { acceptsEncoding } from './response-compression.ts';
import { pageCacheQuery } from '../../lib/page-query.ts';
import { liteTwin } from '../../lib/lite.ts';
import { buildDir, currentBuildId, pageFile, pageKey, PAGES, readManifest, type BuildManifest, type PageHeaders } from './site-dir.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

interface Variant {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface Entry {
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  etag: string;
  size: number;
}

/** A least-recently-used map bounded by the bytes it holds. */
class ByteLru<V extends { size: number }> {
  private readonly map = new Map<string, V>();
  private bytes = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  delete(key: string): void {
    const v = this.map.get(key);
    if (!v) return;
    this.map.delete(key);
    this.bytes -= v.size;
  }

  set(key: string, value: V): void {
    if (value.size > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.size;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.size;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.size;
    }
  }
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.json': 'application/json',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.map']);
/** Hashed files under /_astro/ never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A page rendered without its own Cache-Control (should not happen). */
const DEFAULT_PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** The twin a client accepts (`q=0` refuses an encoding: response-compression.ts reads the header). */
function pickVariant(entry: Entry, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding) return entry.identity;
  if (entry.br && acceptsEncoding(acceptEncoding, 'br')) return entry.br;
  if (entry.gzip && acceptsEncoding(acceptEncoding, 'gzip')) return entry.gzip;
  return entry.identity;
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, headers: Record<string, string>): void {
  const variant = pickVariant(entry, req.headers['accept-encoding']);
  const out: Record<string, string | number> = { ...headers, ETag: entry.etag };
  if (entry.br || entry.gzip) out['Vary'] = out['Vary'] ? `${out['Vary']}, Accept-Encoding` : 'Accept-Encoding';
  if (notModified(req, entry.etag)) {
    res.writeHead(304, out);
    res.end();
    return;
  }
  if (variant.encoding) out['Content-Encoding'] = variant.encoding;
  out['Content-Length'] = variant.body.length;
  res.writeHead(200, out);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

/** The Save-Data client hint: the visitor's browser asks for less data (a phone on a slow or metered network). */
const wantsLessData = (req: IncomingMessage): boolean => /^\s*on\s*$/i.test(String(req.headers['save-data'] ?? ''));

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** A path that may be a page (not the API, media, the live stream, a file…): what the page cache looks at. */
const pageLike = (url: string): boolean => isPagePath(url.split('?')[0] ?? '/');

/** A page URL as a cache key: the path and only the query parameters the page reads (page-query.ts). */
export function cacheUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const pathname = url.slice(0, q);
  const query = pageCacheQuery(pathname, url.slice(q + 1));
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The page-cache key of a request (without the build), or null when its
 * answer is never shared: a page (path and the query parameters it reads),
 * an API answer (the parameters its route reads, all of them for a path
 * outside the route registry, and the `locale` header it varies on; not
 * when the visitor's cookie decides the language), an XML feed or sitemap.
 * Never the desk's (ADR 033): its pages, API and previews are per person.
 */
export function sharedCacheKey(req: IncomingMessage, apiQueryParams?: (pathname: string) => readonly string[] | null): string | null {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (isDeskPath(pathname)) return null;
  if (pathname.startsWith('/api/')) {
    const locale = req.headers.locale;
    if (typeof locale !== 'string' || locale === '') {
      if (/(?:^|;\s*)locale=/.test(req.headers.cookie ?? '') && !/[?&]lang=/.test(url)) return null;
    }
    // Only the parameters the API route reads (src/server/api/query-params.ts), when it is known.
    const reads = q === -1 ? null : (apiQueryParams?.(pathname) ?? null);
    let keyUrl = cacheUrl(url);
    if (reads) {
      const kept = new URLSearchParams();
      for (const [k, v] of new URLSearchParams(url.slice(q + 1))) if (reads.includes(k)) kept.append(k, v);
      kept.sort();
      const query = kept.toString();
      keyUrl = query ? `${pathname}?${query}` : pathname;
    }
    return `${keyUrl}|locale=${typeof locale === 'string' ? locale : ''}`;
  }
  if (/\.xml$/.test(pathname) || pageLike(url)) return cacheUrl(url);
  return null;
}

/** Set on a request by the front server: keeps the answer a render worker sends in the visitor's encoding. */
export const KEEP = Symbol('2m.keepAnswer');
export type KeepableRequest = IncomingMessage & {
  [KEEP]?: (status: number, headers: OutgoingHttpHeaders, body: Buffer | null, gz: Buffer | null, br: Buffer | null, etag?: string) => void;
};

export interface DeliveryOptions {
  /** The build's client folder (dist/client). */
  clientDir: string;
  /** The pre-built pages folder (site-dir.ts); pages are served only once a build exists. */
  siteDir: string;
  /** Astro's handler (the node adapter's), for everything else. */
  fallback: NodeHandler;
  /**
   * The fallback is the render pool: it compresses in the worker and hands
   * answers that may be kept, in the visitor's encoding, to the request's
   * KEEP callback. Otherwise the page cache watches the answer and keeps it
   * as it is.
   */
  fallbackCompresses?: boolean;
  /** Memory for cached files (default 128 MB). */
  cacheBytes?: number;
  /** The cache of answers rendered on demand (default: 128 MB, a quarter of it for answers keyed by query parameters; the real clock). */
  pageCache?: PageCache;
  /** How the default page cache makes an encoding a visitor needs (the render pool's `compressTwin`; default zlib's thread pool). */
  compressTwin?: CompressTwin;
  /**
   * The query parameters an /api path reads (src/server/api/query-params.ts),
   * or null when unknown: the others are left out of its cache key.
   */
  apiQueryParams?: (pathname: string) => readonly string[] | null;
  /** Whether the site is ready (GET /healthz): by default, once a pre-built site exists. */
  ready?: () => boolean;
  /**
   * The Host values the site answers to (src/server/http/request-policy.ts
   * `acceptedHosts`): any other gets 400. Unset: any Host (tests of other parts).
   */
  hosts?: ReadonlySet<string>;
  /** The Host every request accepted is handed on with (SITE_URL's), so that nothing behind sees an alias. */
  siteHost?: string;
  log?: (message: string) => void;
}

/** What the freshness loop (freshness.ts) changes in a running front server. */
export interface DeliveryControl {
  /**
   * A page of build `id` was rendered again (its files are already replaced
   * on disk): serve these bytes from now on. `null`: the page left the build
   * (its files are removed), the on-demand route answers for it.
   */
  swapPage(id: string, key: string, page: { html: Buffer; gzip: Buffer; br: Buffer; headers: PageHeaders } | null): void;
  /** Drops every page-cache entry of these decoded paths, whatever their query string. */
  forgetPaths(keys: Iterable<string>): number;
  /** Drops every cached API answer, feed and sitemap (any content change may alter them). */
  forgetListings(): number;
}

export type DeliveryHandler = NodeHandler & DeliveryControl;

export function createDeliveryHandler(opts: DeliveryOptions): DeliveryHandler {
  const cache = new ByteLru<Entry>(opts.cacheBytes ?? 128 * 1024 * 1024);
  const pages = opts.pageCache ?? new PageCache(opts.compressTwin ? { compress: opts.compressTwin } : {});
  const manifests = new Map<string, BuildManifest>();
  const assetsDir = path.join(opts.clientDir, '_astro');
  const log = opts.log ?? (() => {});

  const manifestOf = (id: string): BuildManifest | null => {
    let m = manifests.get(id);
    if (!m) {
      try {
        m = readManifest(opts.siteDir, id);
      } catch (err) {
        log(`cannot read the manifest of build ${id}: ${(err as Error).message}`);
        return null;
      }
      manifests.set(id, m);
      // Requests resolve `current` themselves; older manifests are only kept for in-flight ones.
      while (manifests.size > 3) manifests.delete(manifests.keys().next().value as string);
    }
    return m;
  };

  const loadPage = async (id: string, key: string): Promise<Entry> => {
    const file = pageFile(path.join(buildDir(opts.siteDir, id), PAGES), key);
    const [identity, gz, br] = await Promise.all([
      readFile(file),
      readFile(`${file}.gz`).catch(() => undefined),
      readFile(`${file}.br`).catch(() => undefined),
    ]);
    return {
      identity: { body: identity, encoding: null },
      ...(gz ? { gzip: { body: gz, encoding: 'gzip' as const } } : {}),
      ...(br ? { br: { body: br, encoding: 'br' as const } } : {}),
      etag: etagOf(identity),
      size: identity.length + (gz?.length ?? 0) + (br?.length ?? 0),
    };
  };

  const loadAsset = async (name: string, ext: string): Promise<Entry> => {
    const identity = await readFile(path.join(assetsDir, name));
    const entry: Entry = { identity: { body: identity, encoding: null }, etag: etagOf(identity), size: identity.length };
    if (COMPRESSIBLE.has(ext) && identity.length > 512) {
      const [gz, br] = await Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]);
      entry.gzip = { body: gz, encoding: 'gzip' };
      entry.br = { body: br, encoding: 'br' };
      entry.size += gz.length + br.length;
    }
    return entry;
  };

  /** Answers from memory or files; false when the request is not ours. */
  const tryServe = async (req: IncomingMessage, res: ServerResponse, buildId: () => string | null): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);

    if (pathname.startsWith('/_astro/')) {
      const name = pathname.slice('/_astro/'.length);
      const ext = path.extname(name);
      if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.') || !(ext in ASSET_TYPES)) return false;
      const key = `asset:${name}`;
      let entry = cache.get(key);
      if (!entry) {
        try {
          entry = await loadAsset(name, ext);
        } catch {
          return false;
        }
        cache.set(key, entry);
      }
      send(req, res, entry, { 'Content-Type': ASSET_TYPES[ext]!, 'Cache-Control': IMMUTABLE });
      return true;
    }

    // A query the page does not read is not part of what it shows (page-query.ts): the pre-built copy answers.
    if (req.headers[RENDER_HEADER] || hasTestClock(req.headers) || (q !== -1 && pageCacheQuery(pathname, url.slice(q + 1)) !== '')) return false;
    const key = pageKey(pathname);
    if (!key) return false;
    const id = buildId();
    if (!id) return false;
    const manifest = manifestOf(id);
    // A phone that asks to save data (Save-Data: on) gets the page's lite twin when it is pre-built (ADR 038).
    const lite = liteTwin(key);
    const hasLite = lite !== null && manifest?.pages[lite] !== undefined;
    const served = hasLite && wantsLessData(req) ? lite : key;
    const headers = manifest?.pages[served];
    if (!headers) return false;
    const cacheKey = `page:${id}:${served}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      try {
        entry = await loadPage(id, served);
      } catch (err) {
        // The build vanished under us (pruned): render on demand instead.
        log(`pre-built ${key} unreadable in build ${id}: ${(err as Error).message}`);
        return false;
      }
      cache.set(cacheKey, entry);
    }
    send(req, res, entry, {
      'Content-Type': headers['content-type'],
      'Cache-Control': headers['cache-control'] ?? DEFAULT_PAGE_CACHE,
      ...(headers['content-language'] ? { 'Content-Language': headers['content-language'] } : {}),
      ...(hasLite ? { Vary: 'Save-Data' } : {}),
      'X-Prebuilt': id,
    });
    return true;
  };

  const ready = opts.ready ?? (() => currentBuildId(opts.siteDir) !== null);
  /** Misses being rendered, by page-cache key: a second visitor's miss of the same answer waits for the first (single flight). */
  const rendering = new Map<string, Promise<void>>();

  const handle: NodeHandler = async (req, res) => {
    // Only this machine (the pre-build, `npm run rebuild`) asks for a render past every cache.
    if (req.headers[RENDER_HEADER] !== undefined && !isLoopback(req.socket.remoteAddress)) delete req.headers[RENDER_HEADER];
    // Unknown Host, over-long path, a method the path does not answer: refused here, before any cache or worker (ADR 029).
    // This machine's own renders (the pre-build over HTTP, `npm run rebuild`) come by address, whatever SITE_URL says.
    const hosts = req.headers[RENDER_HEADER] === undefined ? (opts.hosts ?? null) : null;
    const refused = requestRefusal(req.method, req.url, req.headers.host, hosts);
    if (refused) {
      res.writeHead(refused.status, { ...refused.headers, 'Content-Length': Buffer.byteLength(refused.body) });
      res.end(req.method === 'HEAD' ? undefined : refused.body);
      return;
    }
    if (opts.siteHost) req.headers.host = opts.siteHost;
    if (req.url === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      // For load balancers and the test harness: 503 until the first pre-build is in place.
      const ok = ready();
      const body = JSON.stringify({ status: ok ? 'ok' : 'starting', build: currentBuildId(opts.siteDir) });
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    // The current build, read (a readlink) at most once per request.
    let build: string | null | undefined;
    const buildId = () => (build === undefined ? (build = currentBuildId(opts.siteDir)) : build);
    try {
      if (await tryServe(req, res, buildId)) return;
    } catch (err) {
      log(`delivery error on ${req.url}: ${(err as Error).message}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    // On demand: from the page cache when it holds the answer, else rendered (and kept if it may be).
    const key = (req.method === 'GET' || req.method === 'HEAD') && !req.headers[RENDER_HEADER] && !hasTestClock(req.headers) ? sharedCacheKey(req, opts.apiQueryParams) : null;
    if (key !== null) {
      const fullKey = `${buildId() ?? '-'}:${key}`;
      let served = pages.serve(fullKey, req, res);
      // Single flight: the same answer is being rendered for another visitor; this one waits for it,
      // then takes it from the cache (or, when it could not be kept, is rendered on its own).
      const underWay = served ? undefined : rendering.get(fullKey);
      if (underWay) {
        await underWay;
        served = pages.serve(fullKey, req, res);
      }
      if (served) {
        await served;
        return;
      }
      if (req.method === 'GET') {
        let release = () => {};
        if (!underWay && !rendering.has(fullKey)) {
          const turn = Promise.withResolvers<void>();
          rendering.set(fullKey, turn.promise);
          release = () => {
            if (rendering.get(fullKey) === turn.promise) rendering.delete(fullKey);
            turn.resolve();
          };
          // Also when the answer is not kept, or the visitor leaves first.
          res.once('close', release);
        }
        if (opts.fallbackCompresses) {
          // The render worker sends an answer that may be kept in this visitor's encoding only, and says so (response-compression.ts).
          (req as KeepableRequest)[KEEP] = (status, headers, body, gz, br, etag) => {
            pages.put(fullKey, status, headers, body, gz, br, etag);
            release();
          };
        } else {
          pages.capture(fullKey, res);
        }
      }
    }
    await opts.fallback(req, res);
  };

  const swapPage: DeliveryControl['swapPage'] = (id, key, page) => {
    const manifest = manifests.get(id);
    const cacheKey = `page:${id}:${key}`;
    if (page) {
      if (manifest) manifest.pages[key] = page.headers;
      cache.set(cacheKey, {
        identity: { body: page.html, encoding: null },
        gzip: { body: page.gzip, encoding: 'gzip' },
        br: { body: page.br, encoding: 'br' },
        etag: etagOf(page.html),
        size: page.html.length + page.gzip.length + page.br.length,
      });
    } else {
      if (manifest) delete manifest.pages[key];
      cache.delete(cacheKey);
    }
  };

  return Object.assign(handle, {
    swapPage,
    forgetPaths: (keys: Iterable<string>) => pages.forgetPaths(keys),
    forgetListings: () => pages.forgetWhere((p) => p.startsWith('/api/') || p.endsWith('.xml')),
  });
}

/**
 * The front server (where it is created: headers and timeouts of the HTTP
 * server belong here).
 */
export function createDeliveryServer(handler: DeliveryHandler | NodeHandler, opts: { securityPolicy?: SecurityPolicy | undefined } = {}): Server {
  // Timeouts are checked every 2 s (Node's default, 30 s, would let a slow client linger long past them).
  const server = createServer({ connectionsCheckingInterval: 2000 }, (req, res) => {
    // Security headers first: every answer carries them (src/server/http/security-headers.ts).
    if (opts.securityPolicy) setSecurityHeaders(req, res, opts.securityPolicy);
    // Request id and log line (src/server/http/request-log.ts).
    withRequestLog(req, res, () => void handler(req, res));
  });
  // Requests Node's parser refuses (400, 408, 431) get the security headers too.
  if (opts.securityPolicy) server.on('clientError', clientErrorHandler(opts.securityPolicy));
  server.keepAliveTimeout = 65_000;
  // A client must send its headers within 10 s and its whole request within 30 s (slowloris).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}
