/**
 * The render pool (ADR 010): the front server's main thread
 * never runs Astro's handler or a store query. Renders, the API and every
 * store read run in worker threads (render-worker.ts), each with its own
 * store connection, at a lower CPU priority; the main thread only answers
 * pre-built pages, cache hits and assets, and hands the rest over.
 *
 * A request is handed over as worker messages (render-protocol.ts), no HTTP
 * between the threads: method, URL, headers, the visitor's address and its
 * body in chunks as they come; the answer comes back as its status and
 * headers (each Set-Cookie apart) and its body moved, not copied, whole
 * when it was compressed there, else in chunks (paused while the visitor
 * reads slower). It goes to the worker with the fewest requests in flight.
 * A worker that dies is started again; its requests in flight answer 502
 * (or are cut, once their answer has begun).
 *
 * `renderSource` is the pre-build's and the change feed's way in (the one
 * render path, prebuild.ts `renderPage`): a worker renders the page through
 * the same render function as a visitor's request and compresses it; `call`
 * runs such a job (or listing the pages to pre-build) in a worker.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { asBuffer, movable, type AnswerHead, type RenderRequest, type WorkerData, type WorkerMessage, type WorkerReply } from './render-protocol.ts';
import type { RenderedPage } from './render-page.ts';
import type { PageHeaders } from './site-dir.ts';
import { KEEP, preferredEncoding, varyOnEncoding, type HeaderPairs, type KeepableRequest, type KeptEncoding } from './http-cache.ts';
import { silentLog, type Log } from '../log.ts';

/** Headers that belong to one hop, never handed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'http2-settings']);

export interface RenderPoolOptions {
  /** file: URL of the built Astro entry. */
  entry: string;
  size: number;
  /** Niceness added to the workers' threads (default 10, at most 19 in all). */
  nice?: number;
  /** The site's public URL (SITE_URL): requests are rendered at its origin, never at their Host (ADR 029). */
  siteUrl: string;
  log?: Log;
}

interface Slot {
  index: number;
  worker: Worker | null;
  inflight: number;
  ready: Promise<void>;
}

/** A visitor's request handed to a worker, until its answer ends. */
interface Pending {
  slot: Slot;
  req: IncomingMessage;
  res: ServerResponse;
  /** The request's body is still wanted by the worker. */
  bodyOpen: boolean;
  /** The worker was asked to pause a streamed answer until the visitor's socket drains. */
  paused: boolean;
  /** Ends the request's turn (once). */
  done: () => void;
}

/** An answer's headers for writeHead (each Set-Cookie apart), hop-by-hop ones left out. */
function outgoing(pairs: HeaderPairs): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i]!;
    if (HOP_BY_HOP.has(name)) continue;
    const value = pairs[i + 1]!;
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly opts: RenderPoolOptions;
  private readonly log: Log;
  private readonly calls = new Map<number, { slot: number; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopping = false;
  private turn = 0;

  constructor(opts: RenderPoolOptions) {
    this.opts = opts;
    this.log = opts.log ?? silentLog;
    for (let i = 0; i < Math.max(1, opts.size); i++) {
      const slot: Slot = { index: i, worker: null, inflight: 0, ready: Promise.resolve() };
      this.slots.push(slot);
      this.spawn(slot);
    }
  }

  /** Resolves once every worker is ready (rejects if one fails to start). */
  ready(): Promise<void> {
    return Promise.all(this.slots.map((s) => s.ready)).then(() => {});
  }

  private spawn(slot: Slot): void {
    const data: WorkerData = { index: slot.index, entry: this.opts.entry, nice: this.opts.nice ?? 10, siteOrigin: new URL(this.opts.siteUrl).origin };
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: data, name: `render-${slot.index}` });
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: WorkerReply) => {
        switch (msg.type) {
          case 'ready':
            resolve();
            break;
          case 'result': {
            const call = this.calls.get(msg.id);
            if (!call) return;
            this.calls.delete(msg.id);
            if (msg.error !== undefined) call.reject(new Error(msg.error));
            else call.resolve(msg.value);
            break;
          }
          case 'head':
            this.onHead(msg);
            break;
          case 'chunk':
            this.onChunk(msg.id, msg.chunk);
            break;
          case 'end':
            this.onEnd(msg.id, msg.failed);
            break;
          case 'body-cancel': {
            const p = this.pending.get(msg.id);
            if (p) p.bodyOpen = false;
            break;
          }
          case 'stopped':
            break;
        }
      });
      worker.once('error', (err) => {
        this.log.error({ err }, `render worker ${slot.index} failed`);
        reject(err);
      });
      worker.once('exit', (code) => {
        slot.worker = null;
        const why = `render worker ${slot.index} exited (${code})`;
        reject(new Error(why));
        for (const [id, call] of this.calls) {
          if (call.slot !== slot.index) continue;
          this.calls.delete(id);
          call.reject(new Error(why));
        }
        for (const [id, p] of this.pending) if (p.slot === slot) this.fail(id, p, why);
        if (this.stopping) return;
        this.log.error(`${why}; starting it again`);
        setTimeout(() => {
          if (!this.stopping) this.spawn(slot);
        }, 500).unref();
      });
    });
    slot.ready.catch(() => {});
  }

  /** The worker with the fewest requests in flight (round robin among equals). */
  private pick(): Slot {
    let best: Slot | undefined;
    const n = this.slots.length;
    this.turn = (this.turn + 1) % n;
    for (let k = 0; k < n; k++) {
      const s = this.slots[(this.turn + k) % n]!;
      if (!s.worker) continue;
      if (!best || s.inflight < best.inflight) best = s;
    }
    return best ?? this.slots[this.turn]!;
  }

  private post(slot: Slot, msg: WorkerMessage, transfer: ArrayBuffer[] = []): void {
    slot.worker?.postMessage(msg, transfer);
  }

  /** Hands a request to a worker (the front server's fallback for what it does not answer itself). */
  readonly handler = (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      let settled = false;
      const p: Pending = {
        slot,
        req,
        res,
        bodyOpen: req.method !== 'GET' && req.method !== 'HEAD',
        paused: false,
        done: () => {
          if (settled) return;
          settled = true;
          this.pending.delete(id);
          slot.inflight--;
          resolve();
        },
      };
      slot.inflight++;
      if (!slot.worker) {
        this.fail(id, p, `render worker ${slot.index} is not running`);
        return;
      }
      this.pending.set(id, p);
      const headers: HeaderPairs = [];
      const raw = req.headers;
      for (const name in raw) {
        const value = raw[name];
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        if (Array.isArray(value)) for (const v of value) headers.push(name, v);
        else headers.push(name, value);
      }
      const keep = (req as KeepableRequest)[KEEP] ? (preferredEncoding(raw['accept-encoding']) ?? 'identity') : null;
      const msg: RenderRequest = { type: 'request', id, method: req.method ?? 'GET', url: req.url ?? '/', headers, peer: req.socket.remoteAddress ?? '', keep, body: p.bodyOpen };
      this.post(slot, msg);
      if (p.bodyOpen) {
        // The body as it comes, each chunk's bytes moved to the worker (until it has read enough).
        req.on('data', (chunk: Buffer) => {
          if (!p.bodyOpen || !this.pending.has(id)) return;
          const bytes = movable(chunk);
          this.post(slot, { type: 'body', id, chunk: bytes }, [bytes.buffer]);
        });
        req.once('end', () => {
          if (p.bodyOpen && this.pending.has(id)) this.post(slot, { type: 'body-end', id });
          p.bodyOpen = false;
        });
      }
      // A visitor who leaves stops the render's answer.
      res.once('close', () => {
        if (!res.writableFinished && this.pending.has(id)) this.post(slot, { type: 'abort', id });
        p.done();
      });
    });
  };

  private onHead(msg: AnswerHead): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    const { req, res } = p;
    const out: OutgoingHttpHeaders = outgoing(msg.headers);
    const body = msg.body ? asBuffer(msg.body) : null;
    if (msg.kept && body) {
      // An answer the front server keeps, in the encoding it asked for (the visitor's).
      const { encoding, etag } = msg.kept;
      const keep = (req as KeepableRequest)[KEEP];
      keep?.(msg.status, out, encoding === 'identity' ? body : null, encoding === 'gzip' ? body : null, encoding === 'br' ? body : null, etag);
      // The kept copy's ETag from the first answer on, so that this visitor can revalidate too.
      out['etag'] = etag;
      if (encoding !== 'identity') out['content-encoding'] = encoding;
      out['vary'] = varyOnEncoding(typeof out['vary'] === 'string' ? out['vary'] : undefined);
    }
    try {
      res.writeHead(msg.status, out);
    } catch (err) {
      this.fail(msg.id, p, `render worker ${p.slot.index} sent a head Node refuses (${(err as Error).message})`);
      return;
    }
    if (!msg.end) return;
    res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
    p.done();
  }

  private onChunk(id: number, chunk: Uint8Array): void {
    const p = this.pending.get(id);
    if (!p) return;
    if (!p.res.write(asBuffer(chunk)) && !p.paused) {
      // The visitor reads slower than the worker sends: it waits until the socket drains.
      p.paused = true;
      this.post(p.slot, { type: 'pause', id });
      p.res.once('drain', () => {
        p.paused = false;
        if (this.pending.has(id)) this.post(p.slot, { type: 'resume', id });
      });
    }
  }

  private onEnd(id: number, failed: boolean): void {
    const p = this.pending.get(id);
    if (!p) return;
    if (failed) this.fail(id, p, `render worker ${p.slot.index} failed on ${p.req.method} ${p.req.url}`);
    else {
      p.res.end();
      p.done();
    }
  }

  /** A request whose worker failed or died: 502 if nothing was sent yet, else its connection cut. */
  private fail(id: number, p: Pending, why: string): void {
    this.pending.delete(id);
    const { req, res } = p;
    if (!res.headersSent) {
      this.log.error(`${why}: ${req.method} ${req.url} answered 502`);
      const body = 'Bad gateway';
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': body.length });
      res.end(body);
    } else {
      res.destroy();
    }
    p.done();
  }

  /**
   * The pool as the pre-build's and the change feed's render source
   * (prebuild.ts RenderSource): a worker renders the page through the same
   * render function as a visitor's request and compresses it on its own
   * thread, at the site's own URL (SITE_URL).
   */
  renderSource(): {
    renderPage: (pagePath: string, timeoutMs: number) => Promise<RenderedPage | 'gone'>;
    renderTo: (pagePath: string, timeoutMs: number, pagesDir: string, reuseDir?: string | null) => Promise<PageHeaders | 'gone'>;
  } {
    const host = new URL(this.opts.siteUrl).host;
    return {
      // The pre-build: the worker writes (or links) the files itself; only the headers come back.
      renderTo: (pagePath, timeoutMs, pagesDir, reuseDir) => this.call<PageHeaders | 'gone'>('renderTo', pagePath, host, timeoutMs, pagesDir, reuseDir ?? null),
      renderPage: async (pagePath, timeoutMs) => {
        const page = await this.call<RenderedPage | 'gone'>('render', pagePath, host, timeoutMs);
        if (page === 'gone') return page;
        return { html: asBuffer(page.html), gzip: asBuffer(page.gzip), br: asBuffer(page.br), headers: page.headers };
      },
    };
  }

  /**
   * Another encoding of an answer the front server keeps (page-cache.ts
   * `compress`), made in a worker: the source's bytes are copied once and
   * moved to it, the result moved back.
   */
  async compressTwin(encoding: 'br' | 'gzip', source: Buffer, sourceEncoding: KeptEncoding): Promise<Buffer> {
    const copy = new Uint8Array(source);
    const out = await this.send<Uint8Array>('compressTwin', [encoding, copy, sourceEncoding], [copy.buffer]);
    return asBuffer(out);
  }

  /** Runs a job in a worker (render-worker.ts `jobs`). */
  call<T>(fn: string, ...args: unknown[]): Promise<T> {
    return this.send<T>(fn, args, []);
  }

  private async send<T>(fn: string, args: unknown[], transfer: ArrayBuffer[]): Promise<T> {
    const slot = this.pick();
    await slot.ready;
    const id = this.nextId++;
    slot.inflight++;
    return new Promise<T>((resolve, reject) => {
      const settle = <A>(f: (a: A) => void) => (a: A) => {
        slot.inflight--;
        f(a);
      };
      this.calls.set(id, { slot: slot.index, resolve: settle(resolve as (v: unknown) => void), reject: settle(reject) });
      const msg: WorkerMessage = { type: 'call', id, fn, args };
      slot.worker!.postMessage(msg, transfer);
    });
  }

  /** Stops every worker (each finishes its requests, runs its shutdown hooks and closes its store). */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        const worker = slot.worker;
        if (!worker) return;
        const stopped = new Promise<void>((resolve) => {
          worker.on('message', (m: WorkerReply) => {
            if (m.type === 'stopped') resolve();
          });
          worker.once('exit', () => resolve());
        });
        worker.postMessage({ type: 'stop', graceMs } satisfies WorkerMessage);
        const timer = setTimeout(() => void worker.terminate(), graceMs + 7000);
        await stopped;
        clearTimeout(timer);
        await worker.terminate();
      }),
    );
    for (const call of this.calls.values()) call.reject(new Error('render pool stopped'));
    this.calls.clear();
  }
}
