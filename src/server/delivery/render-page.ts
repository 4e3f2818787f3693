/**
 * The one render path (ADR 010), the part shared by every place that renders
 * a page for the pre-build or the change feed: the request that asks the
 * site's on-demand route for a fresh copy and what its answer means (its
 * compression, once per render: http-cache.ts `compressPage…`). Used on the front server's side over
 * HTTP (prebuild.ts, `npm run rebuild`) and inside a render worker
 * (render-worker.ts: rendered and compressed on the worker's own, lower
 * priority thread).
 */
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
