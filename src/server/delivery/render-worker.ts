/**
 * One render worker of the pool (render-pool.ts, ADR 010): a worker thread
 * that runs the built Astro app (renders, the API, every store read) on its
 * own event loop, with its own store connection and module singletons. Its
 * thread runs at a lower CPU priority (its niceness plus 10), so that
 * pre-built pages and cache hits answered by the main thread go first when
 * the cores are busy.
 *
 * No HTTP between the threads: a visitor's request comes as a message
 * (method, URL, headers, the visitor's address, its body in chunks when it
 * has one), becomes a web Request that Astro's App renders as the node
 * adapter's middleware-mode handler would (`app.match`, then `app.render`
 * with the cookies in the answer), and the Response goes back as messages:
 * status and headers (each Set-Cookie apart), and the body moved, not
 * copied. A compressible answer is read whole and compressed here
 * (http-cache.ts `encodeAnswer`); any other (media, ranges) is streamed in
 * chunks, paused while the visitor reads slower than it comes.
 *
 * Other messages: `call` (a job: a render for the pre-build or the change
 * feed, through the same `renderRequest`; another encoding of a kept answer;
 * listing the pages to pre-build), answered with `result`; `stop` (finish
 * the requests in flight within the grace period, run the shutdown hooks,
 * close the stores, answer `stopped`).
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { runShutdownHooks } from '../lifecycle.ts';
import { featureLogger } from '../log.ts';
import { readRendered, RENDER_REQUEST_HEADERS, RenderError, type RenderedHtml } from './render-page.ts';
import { reusePageSync, writePageSync } from './prebuild.ts';
import { compressPageSync, encodeAnswer, headerOf, isCompressible, makeTwinSync, type HeaderPairs, type KeptEncoding } from './http-cache.ts';
import { releaseRender } from './render-release.ts';
import { asBuffer, movable, type AnswerHead, type RenderRequest, type WorkerData, type WorkerMessage, type WorkerReply } from './render-protocol.ts';

const data = workerData as WorkerData;
/** This worker's log lines: the render feature's, with the worker's index (ADR 051). */
const log = featureLogger('render').child({ worker: data.index });
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

/** What the worker uses of Astro's App (astro/app: BaseApp). */
interface AstroApp {
  match(request: Request, allowPrerenderedRoutes?: boolean): { prerender: boolean; type: string } | undefined;
  render(
    request: Request,
    options: { addCookieHeader: boolean; clientAddress: string | undefined; routeData: unknown; prerenderedErrorPageFetch: (url: string) => Promise<Response> },
  ): Promise<Response>;
}

const { app } = (await import(data.entry)) as { app?: AstroApp };
if (!app) throw new Error(`${data.entry} exports no app: see src/build/expose-app-plugin.ts`);
const clientDir = fileURLToPath(new URL('../client/', data.entry));

/** As the adapter: a pre-rendered 404 or 500 page from the client folder, if the build has one. */
const prerenderedErrorPageFetch = async (url: string): Promise<Response> => {
  const match = /\/(404|500)(?:\.html|\/index\.html)$/.exec(new URL(url).pathname);
  for (const file of match ? [`${match[1]}.html`, `${match[1]}/index.html`] : []) {
    try {
      return new Response(readFileSync(`${clientDir}${file}`), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    } catch {
      /* not this one */
    }
  }
  return new Response(null, { status: 404 });
};

/**
 * The URL a request is rendered at: the site's origin (SITE_URL) and the
 * path, never the Host header (ADR 029: a Host carrying `\`, a path or
 * `@` made the worker render another page, which the page cache then
 * kept under the requested path). The origin and the path are joined as
 * strings, so a path such as `//evil.example/x` stays a path.
 */
function requestUrl(path: string): string {
  const url = `${data.siteOrigin}${path.startsWith('/') ? path : `/${path}`}`;
  return URL.canParse(url) ? url : data.siteOrigin;
}

/**
 * Astro's answer to a request, as the node adapter's middleware-mode handler
 * gets it (node_modules/@astrojs/node/dist/serve-app.js): the route matched
 * (a pre-rendered one only when it is an endpoint or page the build left
 * to render), cookies set in the answer, the visitor's address for
 * `Astro.clientAddress`; a render that throws is a bare 500.
 */
async function renderRequest(request: Request, clientAddress: string | undefined): Promise<Response> {
  try {
    let routeData = app!.match(request, true);
    if (routeData?.prerender && (routeData.type === 'page' || routeData.type === 'endpoint')) routeData = app!.match(request);
    return await app!.render(request, { addCookieHeader: true, clientAddress, routeData, prerenderedErrorPageFetch });
  } catch (err) {
    log.error({ err }, `could not render ${request.url}`);
    return new Response('Internal Server Error', { status: 500 });
  }
}

/** An answer's headers as pairs, each Set-Cookie apart. */
function headerPairs(headers: Headers): HeaderPairs {
  const out: HeaderPairs = [];
  for (const [name, value] of headers) if (name !== 'set-cookie') out.push(name, value);
  for (const cookie of headers.getSetCookie()) out.push('set-cookie', cookie);
  return out;
}

/** Posts a message with its bytes moved (copied when Node does not let go of their buffer). */
function post(msg: WorkerReply, bytes: Uint8Array | Uint8Array[] | null): void {
  const list = bytes === null ? [] : Array.isArray(bytes) ? bytes : [bytes];
  try {
    port.postMessage(msg, list.map((b) => b.buffer as ArrayBuffer));
  } catch {
    port.postMessage(msg);
  }
}

/**
 * A job's result with its bytes (a twin, a page and its twins) made
 * movable: a slice of a larger buffer would otherwise be cloned with the
 * whole buffer.
 */
function movableResult(value: unknown): [unknown, Uint8Array[]] {
  if (value instanceof Uint8Array) {
    const bytes = movable(value);
    return [bytes, [bytes]];
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [value, []];
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const moved: Uint8Array[] = [];
  for (const [key, field] of Object.entries(out)) {
    if (!(field instanceof Uint8Array)) continue;
    const bytes = movable(field);
    out[key] = bytes;
    moved.push(bytes);
  }
  return [out, moved];
}

interface Inflight {
  /** The visitor left: the answer is no longer wanted. */
  aborted: boolean;
  /** The request body's stream, while it is open. */
  body: ReadableStreamDefaultController<Uint8Array> | null;
  /** The answer's body being streamed. */
  reader: ReadableStreamDefaultReader<Uint8Array> | null;
  /** Set while the front server asks to wait (its visitor reads slower). */
  paused: PromiseWithResolvers<void> | null;
}

const inflight = new Map<number, Inflight>();
/** Resolved when the last request in flight ends (a stop waits for it). */
let idle: PromiseWithResolvers<void> | null = null;

async function handleRequest(msg: RenderRequest): Promise<void> {
  const state: Inflight = { aborted: false, body: null, reader: null, paused: null };
  inflight.set(msg.id, state);
  try {
    const headers = new Headers();
    for (let i = 0; i < msg.headers.length; i += 2) headers.append(msg.headers[i]!, msg.headers[i + 1]!);
    // No signal: undici keeps a Request made with one in a FinalizationRegistry, and with it the
    // whole render until the next full GC (ADR 028). A render is never cut short (the page is
    // rendered whole); a visitor who left gets nothing sent, a streamed answer stops.
    const init: RequestInit & { duplex?: 'half' } = { method: msg.method, headers };
    if (msg.body) {
      init.body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          state.body = controller;
        },
        cancel: () => {
          // The render read enough (a body over its limit): the front server drops the rest.
          state.body = null;
          port.postMessage({ type: 'body-cancel', id: msg.id } satisfies WorkerReply);
        },
      });
      init.duplex = 'half';
    }
    const request = new Request(requestUrl(msg.url), init);
    const response = await renderRequest(request, msg.peer || undefined);
    // The visitor left meanwhile: nothing to compress or send.
    if (state.aborted) await response.body?.cancel().catch(() => {});
    else await answer(msg, response, state);
    // Nothing reads the render's state again: emptied now rather than kept until a full GC (ADR 028).
    releaseRender(request);
  } catch (err) {
    if (!state.aborted) log.error({ err }, `${msg.method} ${msg.url} failed`);
    port.postMessage({ type: 'end', id: msg.id, failed: true } satisfies WorkerReply);
  } finally {
    inflight.delete(msg.id);
    if (inflight.size === 0) idle?.resolve();
  }
}

/** A body read whole: its one chunk as it is (a page rendered whole), else its chunks joined. */
async function readWhole(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const only = chunks.length === 1 ? chunks[0]! : null;
  return only ? asBuffer(only) : Buffer.concat(chunks, size);
}

/** Sends a Response back: read whole and compressed, or streamed as it comes. */
async function answer(msg: RenderRequest, response: Response, state: Inflight): Promise<void> {
  const headers = headerPairs(response.headers);
  const head = (body: Uint8Array | null, end: boolean, pairs = headers, kept: AnswerHead['kept'] = null): AnswerHead => ({
    type: 'head',
    id: msg.id,
    status: response.status,
    headers: pairs,
    body,
    end,
    kept,
  });
  if (!response.body || msg.method === 'HEAD') {
    await response.body?.cancel().catch(() => {});
    post(head(null, true), null);
    return;
  }
  if (isCompressible(msg.method, response.status, headers)) {
    const body = await readWhole(response.body);
    const encoded = encodeAnswer(response.status, headers, body, headerOf(msg.headers, 'accept-encoding'), msg.keep);
    const bytes = movable(encoded.body);
    post(head(bytes, true, encoded.headers, encoded.kept), bytes);
    return;
  }
  // Streamed (media, ranges): the head now, the body as it comes.
  post(head(null, false), null);
  const reader = response.body.getReader();
  state.reader = reader;
  for (;;) {
    if (state.paused) await state.paused.promise;
    const { done, value } = await reader.read();
    if (done) break;
    if (state.aborted) return;
    const bytes = movable(value);
    post({ type: 'chunk', id: msg.id, chunk: bytes }, bytes);
  }
  port.postMessage({ type: 'end', id: msg.id, failed: false } satisfies WorkerReply);
}

/** Stops a request: its answer is no longer sent, a streamed one is cancelled, its body errors. */
function abort(state: Inflight): void {
  state.aborted = true;
  state.paused?.resolve();
  state.body?.error(new Error('request aborted'));
  state.body = null;
  state.reader?.cancel().catch(() => {});
}

/** A page for the pre-build or the change feed (render-page.ts): Astro's render of `pagePath`, within `timeoutMs`. */
async function renderPath(pagePath: string, host: string, timeoutMs: number): Promise<RenderedHtml | 'gone'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new RenderError(`${pagePath}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    // No signal, as for a visitor's request: a render that comes too late is dropped, not cut.
    const request = new Request(requestUrl(pagePath), { headers: { ...RENDER_REQUEST_HEADERS, host } });
    return await Promise.race([
      renderRequest(request, undefined)
        .then((res) => readRendered(pagePath, res))
        .finally(() => releaseRender(request)),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a job opened this thread's store (the built app has its own copy). */
let storeOpened = false;

const jobs: Record<string, (...args: never[]) => Promise<unknown>> = {
  /** A render for the change feed (render-page.ts), compressed on this thread. */
  render: async (pagePath: string, host: string, timeoutMs: number) => {
    const page = await renderPath(pagePath, host, timeoutMs);
    return page === 'gone' ? page : { ...page, ...compressPageSync(page.html) };
  },
  /**
   * A page of the pre-build: rendered, compressed and written here (on this
   * lower-priority thread, not the process's shared I/O threads), or linked
   * from the earlier build when byte for byte the same; only its headers go
   * back to the front server's thread.
   */
  renderTo: async (pagePath: string, host: string, timeoutMs: number, pagesDir: string, reuseDir: string | null) => {
    const page = await renderPath(pagePath, host, timeoutMs);
    if (page === 'gone') return page;
    const key = decodeURI(pagePath);
    // Unchanged since the build serving now (most pages): its files, not compressed again.
    if (reuseDir && reusePageSync(reuseDir, pagesDir, key, page.html)) return page.headers;
    writePageSync(pagesDir, key, { ...page, ...compressPageSync(page.html) });
    return page.headers;
  },
  /**
   * Another encoding of an answer the front server keeps (page-cache.ts),
   * made when a visitor first needs it; its bytes go back moved.
   */
  compressTwin: async (encoding: 'br' | 'gzip', source: Uint8Array, sourceEncoding: KeptEncoding) => makeTwinSync(encoding, asBuffer(source), sourceEncoding),
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

function runJob(msg: Extract<WorkerMessage, { type: 'call' }>): void {
  const job = jobs[msg.fn];
  Promise.resolve()
    .then(() => {
      if (!job) throw new Error(`unknown job ${msg.fn}`);
      return (job as (...a: unknown[]) => Promise<unknown>)(...msg.args);
    })
    .then(
      (value) => {
        const [result, bytes] = movableResult(value);
        post({ type: 'result', id: msg.id, value: result }, bytes);
      },
      (err: unknown) => port.postMessage({ type: 'result', id: msg.id, error: (err as Error).message } satisfies WorkerReply),
    );
}

async function stop(graceMs: number): Promise<void> {
  // The requests in flight finish within the grace period; then they are stopped.
  if (inflight.size > 0) {
    idle = Promise.withResolvers<void>();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([idle.promise, new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    for (const state of inflight.values()) abort(state);
  }
  // Hooks first (they may still write, e.g. queued tracking events), then the stores.
  await runShutdownHooks(5000, log);
  if (storeOpened) {
    const { getStore } = await import('../db/index.ts');
    await (await getStore()).db.destroy();
  }
  port.postMessage({ type: 'stopped' } satisfies WorkerReply);
  port.close();
}

port.on('message', (msg: WorkerMessage) => {
  switch (msg.type) {
    case 'request':
      void handleRequest(msg);
      break;
    case 'body':
      inflight.get(msg.id)?.body?.enqueue(msg.chunk);
      break;
    case 'body-end': {
      const state = inflight.get(msg.id);
      state?.body?.close();
      if (state) state.body = null;
      break;
    }
    case 'abort': {
      const state = inflight.get(msg.id);
      if (state) abort(state);
      break;
    }
    case 'pause': {
      const state = inflight.get(msg.id);
      if (state && !state.paused) state.paused = Promise.withResolvers<void>();
      break;
    }
    case 'resume': {
      const state = inflight.get(msg.id);
      state?.paused?.resolve();
      if (state) state.paused = null;
      break;
    }
    case 'call':
      runJob(msg);
      break;
    case 'stop':
      void stop(msg.graceMs);
      break;
  }
});

port.postMessage({ type: 'ready' } satisfies WorkerReply);
