/**
 * Astro's handler with the public files (dist/client: favicon, badges,
 * sample media…) served beside it, without a file-system look-up before
 * every page (ADR 010, docs/performance.md "Renders at 100,000 articles").
 *
 * The node adapter runs in middleware mode (astro.config.mjs): its handler
 * only renders. Its standalone mode put a static-file check (`lstat`, then
 * `send`'s `stat` and an error object for the miss) in front of every
 * render, about 5 % of a render's CPU. Here the client folder's files are
 * listed once at start, and only a request for one of them goes to `send`,
 * with the options the standalone handler gave it (dotfiles denied except
 * under /.well-known/, the build's assets immutable, ranges, ETag); every
 * other path goes straight to Astro. A folder (`/badges`, `/badges/`) has no
 * index.html, so the standalone handler rendered it too. A new build means a
 * new process, so the list never goes stale. This runs on the front
 * server's thread, in front of the render pool (or of the adapter's handler
 * with RENDER_WORKERS=0), so a public file never crosses to a worker.
 */
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import send from 'send';
import { silentLog, type Log } from '../log.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** URL paths (`/favicon.svg`) of every file under `dir`. */
export function listPublicFiles(dir: string): Set<string> {
  const files = new Set<string>();
  const walk = (abs: string, url: string) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(abs, e.name), `${url}${e.name}/`);
      else files.add(`${url}${e.name}`);
    }
  };
  walk(dir, '/');
  return files;
}

/** The public file a request names (decoded, normalised), or null. */
export function publicFileOf(url: string | undefined, files: ReadonlySet<string>): string | null {
  if (!url) return null;
  let end = url.length;
  const hash = url.indexOf('#');
  if (hash >= 0) end = hash;
  const query = url.indexOf('?');
  if (query >= 0 && query < end) end = query;
  let pathname = url.slice(0, end);
  try {
    pathname = decodeURI(pathname);
  } catch {
    /* as the adapter: the raw path */
  }
  const normalized = path.posix.normalize(pathname.startsWith('/') ? pathname : `/${pathname}`);
  return files.has(normalized) ? normalized : null;
}

/**
 * `render` (the adapter's middleware-mode handler) for every request but the
 * public files, which `send` answers from `clientDir`. A URL that cannot be
 * decoded gets the adapter's 400.
 */
export function withPublicFiles(render: NodeHandler, clientDir: string, opts: { assetsDir?: string; log?: Log } = {}): NodeHandler {
  const assetsDir = opts.assetsDir ?? '_astro';
  const log = opts.log ?? silentLog;
  const files = listPublicFiles(clientDir);
  return (req, res) => {
    try {
      decodeURI(req.url ?? '');
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    const file = publicFileOf(req.url, files);
    if (!file) return render(req, res);
    const stream = send(req, file, { root: clientDir, dotfiles: file.startsWith('/.well-known/') ? 'allow' : 'deny', extensions: [] });
    let found = false;
    stream.on('error', (err: Error & { statusCode?: number }) => {
      if (!found) {
        void render(req, res);
        return;
      }
      const status = err.statusCode ?? 500;
      if (status >= 500) log.error({ err }, `could not send ${file}`);
      res.writeHead(status);
      res.end(status >= 500 ? 'Internal server error' : '');
    });
    stream.on('file', () => {
      found = true;
    });
    stream.on('stream', () => {
      if (file.startsWith(`/${assetsDir}/`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    });
    stream.pipe(res);
  };
}
