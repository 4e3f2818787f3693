/**
 * What the front server hands on to Astro's handler (the render pool), with
 * the cache of what it answers (page-cache.ts): pages rendered on demand
 * (published since the last build, the TV guide…), API answers, feeds and
 * sitemaps are kept for the shared lifetime they announce, keyed by the
 * build, their path and the query parameters they read (`sharedCacheKey`).
 * A miss that comes while the same answer is being rendered for another
 * visitor waits for that render (single flight) instead of starting its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasTestClock } from '../clock.ts';
import { isDeskPath } from '../desk/paths.ts';
import { isPagePath } from '../http/request-policy.ts';
import { pageCacheQuery } from '../../lib/page-query.ts';
import { KEEP, type KeepableRequest } from './http-cache.ts';
import type { PageCache } from './page-cache.ts';
import { RENDER_HEADER } from './render-page.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

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

export interface OnDemandOptions {
  /** Astro's handler (the render pool's, or the node adapter's on this thread). */
  fallback: NodeHandler;
  /**
   * The fallback is the render pool: it compresses in the worker and hands
   * answers that may be kept, in the visitor's encoding, to the request's
   * KEEP callback. Otherwise the page cache watches the answer and keeps it
   * as it is.
   */
  fallbackCompresses: boolean;
  pages: PageCache;
  /** The query parameters an /api path reads, or null when unknown: the others are left out of its cache key. */
  apiQueryParams?: ((pathname: string) => readonly string[] | null) | undefined;
}

/** Answers a request from the page cache when it holds the answer, else through the fallback (and keeps the answer if it may). */
export type OnDemand = (req: IncomingMessage, res: ServerResponse, buildId: () => string | null) => Promise<void>;

export function createOnDemand(opts: OnDemandOptions): OnDemand {
  const { pages } = opts;
  /** Misses being rendered, by page-cache key: a second visitor's miss of the same answer waits for the first (single flight). */
  const rendering = new Map<string, Promise<void>>();

  return async (req, res, buildId) => {
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
          // The render worker sends an answer that may be kept in this visitor's encoding only, and says so (http-cache.ts encodeAnswer).
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
}
