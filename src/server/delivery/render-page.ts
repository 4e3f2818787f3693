/**
 * The one render path (ADR 010), the part shared by every place that renders
 * a page for the pre-build or the change feed: the request that asks the
 * site's on-demand route for a fresh copy, what its answer means, and the
 * compression done once per render. Used on the front server's side over
 * HTTP (prebuild.ts, `npm run rebuild`) and inside a render worker
 * (render-worker.ts: rendered and compressed on the worker's own, lower
 * priority thread).
 */
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { promisify } from 'node:util';
import type { PageHeaders } from './site-dir.ts';

/** Asks the front server for a fresh render instead of the pre-built copy. */
export const RENDER_HEADER = 'x-prebuild-render';

/** The request headers of a render. */
export const RENDER_REQUEST_HEADERS: Readonly<Record<string, string>> = { [RENDER_HEADER]: '1', 'accept-encoding': 'identity' };

/** A page rendered, compressed, ready to write. */
export interface RenderedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
  headers: PageHeaders;
}

/** A render that failed (5xx, not HTML, unreachable, too slow): the pre-build fails, the change feed retries. */
export class RenderError extends Error {}

const KEPT_HEADERS = ['cache-control', 'content-language'] as const;

/**
 * Brotli of a text answer. Quality 6 for the pre-build and the change
 * feed: about 1% larger than 9 on our pages, and 30 times faster (4 ms
 * against 110 ms for a 165 KB home here), which is what lets a whole-site
 * pre-build (about 900 pages) finish in seconds, not minutes.
 */
export const brotliOptions = (size: number, quality = 6): BrotliOptions => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: quality,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * A visitor's miss (the request path, response-compression.ts and the page
 * cache when Astro runs on the front thread): brotli quality 4, about 0.7 ms
 * of CPU less per article miss than 5 (docs/performance.md), and gzip 6.
 */
export const MISS_BROTLI_QUALITY = 4;
export const MISS_GZIP_LEVEL = 6;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** On zlib's thread pool. */
export const compressAsync = async (html: Buffer): Promise<{ gzip: Buffer; br: Buffer }> => {
  const [gz, br] = await Promise.all([gzipAsync(html, { level: 9 }), brotliAsync(html, brotliOptions(html.length))]);
  return { gzip: gz, br };
};

/** On the calling thread (a render worker, whose thread runs at a lower priority). */
export const compressSync = (html: Buffer): { gzip: Buffer; br: Buffer } => ({ gzip: gzipSync(html, { level: 9 }), br: brotliCompressSync(html, brotliOptions(html.length)) });

/** A render's page before compression. */
export interface RenderedHtml {
  html: Buffer;
  headers: PageHeaders;
}

/** What a render's answer means: a page (not yet compressed), 'gone' (404, 410, a redirect), or a RenderError. */
export async function readRendered(pagePath: string, res: Response): Promise<RenderedHtml | 'gone'> {
  if (res.status === 404 || res.status === 410 || (res.status >= 300 && res.status < 400)) {
    await res.body?.cancel();
    return 'gone';
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new RenderError(`${pagePath}: status ${res.status}`);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html')) {
    await res.body?.cancel();
    throw new RenderError(`${pagePath}: not HTML (${type})`);
  }
  const html = Buffer.from(await res.arrayBuffer());
  const headers: PageHeaders = { 'content-type': /charset=/i.test(type) ? type : `${type}; charset=utf-8` };
  for (const name of KEPT_HEADERS) {
    const v = res.headers.get(name);
    if (v) headers[name] = v;
  }
  return { html, headers };
}
