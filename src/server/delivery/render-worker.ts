/**
 * One render worker of the pool (render-pool.ts, ADR 010): a worker thread
 * that runs the built Astro handler (renders, the API, every store read) on
 * its own event loop, with its own store connection and module singletons,
 * behind a private HTTP server on a Unix socket that only the front server
 * (the main thread) talks to. Its thread runs at a lower CPU priority
 * (its niceness plus 10), so that pre-built pages and cache hits answered by the main
 * thread go first when the cores are busy.
 *
 * Messages from the main thread: `call` (a job such as listing the pages to
 * pre-build, answered with `result`) and `stop` (close the server, run the
 * shutdown hooks, close the stores, answer `stopped`).
 */
import { readlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { runShutdownHooks } from '../lifecycle.ts';
import { compressSync, readRendered, RENDER_REQUEST_HEADERS } from './render-page.ts';
import { reusePageSync, writePageSync } from './prebuild.ts';
import { compressResponses, compressTwin, VARIANTS_HEADER, type KeptEncoding } from './response-compression.ts';
import { withPublicFiles, type NodeHandler } from './public-files.ts';
import { getOverSocket, PEER_HEADER, type WorkerData, type WorkerMessage } from './render-protocol.ts';

const data = workerData as WorkerData;
const port = parentPort!;

// Linux: a thread's own niceness (setpriority on its thread id), relative to the process's.
if (data.nice > 0) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, Math.min(19, getPriority(tid) + data.nice));
  } catch {
    /* not Linux, or not allowed: same priority as the front server */
  }
}

const entry = (await import(data.entry)) as { handler: NodeHandler };
// The adapter's middleware-mode handler renders; the public files are listed once (public-files.ts).
const handler = withPublicFiles(entry.handler, fileURLToPath(new URL('../client/', data.entry)));

const server = createServer((req, res) => {
  // The visitor's address, as the front server saw it (only the main thread can reach this socket).
  const peer = req.headers[PEER_HEADER];
  delete req.headers[PEER_HEADER];
  if (typeof peer === 'string' && peer) {
    Object.defineProperty(req.socket, 'remoteAddress', { value: peer, configurable: true });
  }
  // Everything leaves compressed; what the front server keeps, in the one encoding it asked for.
  const keep = req.headers[VARIANTS_HEADER];
  delete req.headers[VARIANTS_HEADER];
  compressResponses(req, res, typeof keep === 'string' ? keep : undefined);
  void handler(req, res);
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
server.requestTimeout = 0;

/** Whether a job opened this thread's store (the built handler has its own copy). */
let storeOpened = false;

const jobs: Record<string, (...args: never[]) => Promise<unknown>> = {
  /** A render for the pre-build or the change feed (render-page.ts), compressed on this thread. */
  render: async (pagePath: string, host: string, timeoutMs: number) => {
    const res = await getOverSocket(data.socketPath, pagePath, { ...RENDER_REQUEST_HEADERS, host }, { signal: AbortSignal.timeout(timeoutMs) });
    const page = await readRendered(pagePath, res);
    return page === 'gone' ? page : { ...page, ...compressSync(page.html) };
  },
  /**
   * A page of the pre-build: rendered, compressed and written here (on this
   * lower-priority thread, not the process's shared I/O threads), or linked
   * from the earlier build when byte for byte the same; only its headers go
   * back to the front server's thread.
   */
  renderTo: async (pagePath: string, host: string, timeoutMs: number, pagesDir: string, reuseDir: string | null) => {
    const res = await getOverSocket(data.socketPath, pagePath, { ...RENDER_REQUEST_HEADERS, host }, { signal: AbortSignal.timeout(timeoutMs) });
    const page = await readRendered(pagePath, res);
    if (page === 'gone') return page;
    const key = decodeURI(pagePath);
    // Unchanged since the build serving now (most pages): its files, not compressed again.
    if (reuseDir && reusePageSync(reuseDir, pagesDir, key, page.html)) return page.headers;
    writePageSync(pagesDir, key, { ...page, ...compressSync(page.html) });
    return page.headers;
  },
  /**
   * Another encoding of an answer the front server keeps (page-cache.ts),
   * made when a visitor first needs it; its bytes go back transferred.
   */
  compressTwin: async (encoding: 'br' | 'gzip', source: Uint8Array, sourceEncoding: KeptEncoding) => compressTwin(encoding, source, sourceEncoding),
  /** The query parameters each API route reads (src/server/api/query-params.ts), for the front server's cache keys. */
  apiQueryRules: async () => {
    const [{ apiRoutes }, { apiQueryRules }] = await Promise.all([import('../api/routes/index.ts'), import('../api/query-params.ts')]);
    return apiQueryRules(apiRoutes);
  },
  /** The pages to pre-build (prebuild-paths.ts), read from this worker's store. */
  prebuildPaths: async (articlesPerLanguage: number) => {
    const [{ getStore }, { prebuildPaths }] = await Promise.all([import('../db/index.ts'), import('./prebuild-paths.ts')]);
    storeOpened = true;
    return prebuildPaths((await getStore()).db, articlesPerLanguage);
  },
};

port.on('message', (msg: WorkerMessage) => {
  if (msg.type === 'call') {
    const job = jobs[msg.fn];
    Promise.resolve()
      .then(() => {
        if (!job) throw new Error(`unknown job ${msg.fn}`);
        return (job as (...a: unknown[]) => Promise<unknown>)(...msg.args);
      })
      .then(
        // Bytes that own their whole buffer (a compressed twin) are moved, not copied.
        (value) =>
          port.postMessage(
            { type: 'result', id: msg.id, value },
            value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer as ArrayBuffer] : [],
          ),
        (err: unknown) => port.postMessage({ type: 'result', id: msg.id, error: (err as Error).message }),
      );
  } else if (msg.type === 'stop') {
    void (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), msg.graceMs);
      await closed;
      clearTimeout(force);
      // Hooks first (they may still write, e.g. queued tracking events), then the stores.
      await runShutdownHooks(5000, (m) => console.error(`[render ${data.index}] ${m}`));
      if (storeOpened) {
        const { getStore } = await import('../db/index.ts');
        await (await getStore()).db.destroy();
      }
      port.postMessage({ type: 'stopped' });
      port.close();
    })();
  }
});

server.listen(data.socketPath, () => port.postMessage({ type: 'ready' }));
