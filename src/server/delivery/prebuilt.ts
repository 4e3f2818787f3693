/**
 * The front server's pre-built pages (ADR 005): a plain GET or HEAD of a
 * page of the current build (site-dir.ts) without a query parameter the
 * page reads (page-query.ts: a random `?x=123` is the clean URL) is
 * answered from memory, read once from the build's files, with the
 * Cache-Control the page was rendered with, an ETag (304 on If-None-Match)
 * and the brotli or gzip twin the visitor accepts. With `Save-Data: on`, the
 * page's pre-built lite twin answers in its place (src/lib/lite.ts, ADR 038),
 * and every answer of a page that has one says `Vary: Save-Data`.
 *
 * The change feed (freshness.ts) replaces a page's bytes in place
 * (`swapPage`); a new build is picked up on the next request.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { hasTestClock } from '../clock.ts';
import { pageCacheQuery } from '../../lib/page-query.ts';
import { liteTwin } from '../../lib/lite.ts';
import { cachedFile, sendCachedFile, type ByteLru, type CachedFile } from './http-cache.ts';
import { RENDER_HEADER } from './render-page.ts';
import { buildDir, pageFile, pageKey, PAGES, readManifest, type BuildManifest, type PageHeaders } from './site-dir.ts';
import type { Log } from '../log.ts';

/** A page rendered without its own Cache-Control (should not happen). */
const DEFAULT_PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** The Save-Data client hint: the visitor's browser asks for less data (a phone on a slow or metered network). */
const wantsLessData = (req: IncomingMessage): boolean => /^\s*on\s*$/i.test(String(req.headers['save-data'] ?? ''));

/** A page of build `id` rendered again (freshness.ts), or null when it left the build. */
type SwappedPage = { html: Buffer; gzip: Buffer; br: Buffer; headers: PageHeaders } | null;

export interface PrebuiltPages {
  /** Answers a GET/HEAD from the build `buildId()` names; false when it is not a pre-built page of it. */
  serve(req: IncomingMessage, res: ServerResponse, buildId: () => string | null): Promise<boolean>;
  swapPage(id: string, key: string, page: SwappedPage): void;
}

export function createPrebuiltPages(siteDir: string, files: ByteLru<CachedFile>, log: Log): PrebuiltPages {
  const manifests = new Map<string, BuildManifest>();

  const manifestOf = (id: string): BuildManifest | null => {
    let m = manifests.get(id);
    if (!m) {
      try {
        m = readManifest(siteDir, id);
      } catch (err) {
        log.error(`cannot read the manifest of build ${id}: ${(err as Error).message}`);
        return null;
      }
      manifests.set(id, m);
      // Requests resolve `current` themselves; older manifests are only kept for in-flight ones.
      while (manifests.size > 3) manifests.delete(manifests.keys().next().value as string);
    }
    return m;
  };

  const loadPage = async (id: string, key: string): Promise<CachedFile> => {
    const file = pageFile(path.join(buildDir(siteDir, id), PAGES), key);
    const [identity, gzip, br] = await Promise.all([readFile(file), readFile(`${file}.gz`).catch(() => undefined), readFile(`${file}.br`).catch(() => undefined)]);
    return cachedFile(identity, { gzip, br });
  };

  const serve: PrebuiltPages['serve'] = async (req, res, buildId) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
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
    let file = files.get(cacheKey);
    if (!file) {
      try {
        file = await loadPage(id, served);
      } catch (err) {
        // The build vanished under us (pruned): render on demand instead.
        log.error(`pre-built ${key} unreadable in build ${id}: ${(err as Error).message}`);
        return false;
      }
      files.set(cacheKey, file);
    }
    sendCachedFile(req, res, file, {
      'Content-Type': headers['content-type'],
      'Cache-Control': headers['cache-control'] ?? DEFAULT_PAGE_CACHE,
      ...(headers['content-language'] ? { 'Content-Language': headers['content-language'] } : {}),
      ...(hasLite ? { Vary: 'Save-Data' } : {}),
      'X-Prebuilt': id,
    });
    return true;
  };

  const swapPage: PrebuiltPages['swapPage'] = (id, key, page) => {
    const manifest = manifests.get(id);
    const cacheKey = `page:${id}:${key}`;
    if (page) {
      if (manifest) manifest.pages[key] = page.headers;
      files.set(cacheKey, cachedFile(page.html, { gzip: page.gzip, br: page.br }));
    } else {
      if (manifest) delete manifest.pages[key];
      files.delete(cacheKey);
    }
  };

  return { serve, swapPage };
}
