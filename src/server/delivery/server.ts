/**
 * The site's front HTTP server (ADR 005: the node adapter's own static
 * handler is about 20 times slower than nginx). In front of Astro's
 * handler, it refuses what no page takes (request-policy.ts), then answers
 * from memory, in this order:
 *
 *  - GET /healthz: whether the site is ready (health.ts);
 *  - the hashed build assets under /_astro/, immutable (assets.ts);
 *  - pre-built pages of the current build, with their lite twin for
 *    `Save-Data: on` (prebuilt.ts);
 *  - answers rendered on demand and kept for the shared lifetime they
 *    announce, a miss waiting for the same render already under way
 *    (on-demand.ts, page-cache.ts).
 *
 * Everything else (API, on-demand pages, queries, other public files with
 * range requests, POSTs) goes to Astro's handler. Assets and pre-built pages
 * are read once and kept in one byte-bounded LRU; ETags, conditional GETs,
 * the Accept-Encoding negotiation and every compression setting are
 * http-cache.ts's (ADR 044).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { withRequestLog } from '../http/request-log.ts';
import { clientErrorHandler, setSecurityHeaders, type SecurityPolicy } from '../http/security-headers.ts';
import { requestRefusal } from '../http/request-policy.ts';
import { createAssetServer } from './assets.ts';
import { answerHealth } from './health.ts';
import { ByteLru, type CachedFile, type CompressTwin } from './http-cache.ts';
import { createOnDemand, type NodeHandler } from './on-demand.ts';
import { PageCache } from './page-cache.ts';
import { createPrebuiltPages, type PrebuiltPages } from './prebuilt.ts';
import { RENDER_HEADER } from './render-page.ts';
import { currentBuildId } from './site-dir.ts';
import { silentLog, type Log } from '../log.ts';

export type { NodeHandler } from './on-demand.ts';

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

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
   * KEEP callback (http-cache.ts). Otherwise the page cache watches the answer and keeps it
   * as it is.
   */
  fallbackCompresses?: boolean;
  /** Memory for the assets and pre-built pages kept (default 128 MB). */
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
  /** Whether the site is ready (GET /healthz, health.ts): by default, once a pre-built site exists. */
  ready?: () => boolean;
  /**
   * The Host values the site answers to (src/server/http/request-policy.ts
   * `acceptedHosts`): any other gets 400. Unset: any Host (tests of other parts).
   */
  hosts?: ReadonlySet<string>;
  /** The Host every request accepted is handed on with (SITE_URL's), so that nothing behind sees an alias. */
  siteHost?: string;
  log?: Log;
}

/** What the freshness loop (freshness.ts) changes in a running front server. */
export interface DeliveryControl {
  /**
   * A page of build `id` was rendered again (its files are already replaced
   * on disk): serve these bytes from now on. `null`: the page left the build
   * (its files are removed), the on-demand route answers for it.
   */
  swapPage: PrebuiltPages['swapPage'];
  /** Drops every page-cache entry of these decoded paths, whatever their query string. */
  forgetPaths(keys: Iterable<string>): number;
  /** Drops every cached API answer, feed and sitemap (any content change may alter them). */
  forgetListings(): number;
}

export type DeliveryHandler = NodeHandler & DeliveryControl;

export function createDeliveryHandler(opts: DeliveryOptions): DeliveryHandler {
  const log = opts.log ?? silentLog;
  // Assets and pre-built pages share one memory.
  const files = new ByteLru<CachedFile>(opts.cacheBytes ?? 128 * 1024 * 1024);
  const assets = createAssetServer(opts.clientDir, files);
  const prebuilt = createPrebuiltPages(opts.siteDir, files, log);
  const pages = opts.pageCache ?? new PageCache(opts.compressTwin ? { compress: opts.compressTwin } : {});
  const onDemand = createOnDemand({ fallback: opts.fallback, fallbackCompresses: opts.fallbackCompresses ?? false, pages, apiQueryParams: opts.apiQueryParams });
  const ready = opts.ready ?? (() => currentBuildId(opts.siteDir) !== null);

  /** Answers from memory or files; false when the request is not ours. */
  const fromMemory = async (req: IncomingMessage, res: ServerResponse, buildId: () => string | null): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.startsWith('/_astro/')) return assets(req, res, pathname);
    return prebuilt.serve(req, res, buildId);
  };

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
    if (answerHealth(req, res, ready, opts.siteDir)) return;
    // The current build, read (a readlink) at most once per request.
    let build: string | null | undefined;
    const buildId = () => (build === undefined ? (build = currentBuildId(opts.siteDir)) : build);
    try {
      if (await fromMemory(req, res, buildId)) return;
    } catch (err) {
      log.error({ err }, `delivery error on ${req.url}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    await onDemand(req, res, buildId);
  };

  return Object.assign(handle, {
    swapPage: prebuilt.swapPage,
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
