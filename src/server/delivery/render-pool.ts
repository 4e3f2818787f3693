/**
 * The render pool (issue 11 item 2, ADR 010): the front server's main thread
 * never runs Astro's handler or a store query. Renders, the API and every
 * store read run in worker threads (render-worker.ts), each with its own
 * store connection, at a lower CPU priority; the main thread only answers
 * pre-built pages, cache hits and assets, and proxies the rest.
 *
 * A request is proxied over the worker's private Unix socket (keep-alive):
 * method, path, headers and body streamed as they come, the answer's status,
 * headers (each Set-Cookie kept apart) and body streamed back; the visitor's
 * address rides along in PEER_HEADER, which a visitor cannot set (the pool
 * overwrites it). It goes to the worker with the fewest requests in flight.
 * A worker that dies is started again; its requests in flight answer 502.
 *
 * `renderSource` is the pre-build's and the change feed's way in (the one
 * render path, prebuild.ts `renderPage`): a worker renders and compresses
 * the page, without a detour through the main thread's HTTP parser; `call`
 * runs such a job (or listing the pages to pre-build) in a worker.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PEER_HEADER, type WorkerData, type WorkerMessage, type WorkerReply } from './render-protocol.ts';
import type { RenderedPage } from './render-page.ts';
import type { PageHeaders } from './site-dir.ts';
import { ETAG_HEADER, isKeptEncoding, VARIANTS_HEADER, type KeptEncoding } from './response-compression.ts';
import { KEEP, type KeepableRequest } from './server.ts';

/** Headers that belong to one hop, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'http2-settings']);

export interface RenderPoolOptions {
  /** file: URL of the built Astro entry. */
  entry: string;
  size: number;
  /** Niceness added to the workers' threads (default 10, at most 19 in all). */
  nice?: number;
  log?: (message: string) => void;
}

interface Slot {
  index: number;
  worker: Worker | null;
  socketPath: string;
  agent: Agent;
  inflight: number;
  ready: Promise<void>;
}

/** Socket folders left by a server that was killed (its pid is gone). */
function removeStaleSocketDirs(): void {
  try {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(/^2m-render-(\d+)-/.exec(name)?.[1]);
      if (!pid || pid === process.pid) continue;
      try {
        process.kill(pid, 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
      }
    }
  } catch {
    /* an unreadable temp folder: nothing to tidy */
  }
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly dir: string;
  private readonly opts: RenderPoolOptions;
  private readonly log: (m: string) => void;
  private readonly calls = new Map<number, { slot: number; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextCall = 1;
  private stopping = false;
  private turn = 0;

  constructor(opts: RenderPoolOptions) {
    this.opts = opts;
    this.log = opts.log ?? (() => {});
    removeStaleSocketDirs();
    this.dir = mkdtempSync(path.join(tmpdir(), `2m-render-${process.pid}-`));
    for (let i = 0; i < Math.max(1, opts.size); i++) {
      const slot: Slot = {
        index: i,
        worker: null,
        socketPath: path.join(this.dir, `${i}.sock`),
        agent: new Agent({ keepAlive: true, maxSockets: 256 }),
        inflight: 0,
        ready: Promise.resolve(),
      };
      this.slots.push(slot);
      this.spawn(slot);
    }
  }

  /** Resolves once every worker listens (rejects if one fails to start). */
  ready(): Promise<void> {
    return Promise.all(this.slots.map((s) => s.ready)).then(() => {});
  }

  private spawn(slot: Slot): void {
    const data: WorkerData = { index: slot.index, entry: this.opts.entry, socketPath: slot.socketPath, nice: this.opts.nice ?? 10 };
    rmSync(slot.socketPath, { force: true });
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: data, name: `render-${slot.index}` });
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      const onReply = (msg: WorkerReply) => {
        if (msg.type === 'ready') resolve();
        else if (msg.type === 'result') {
          const call = this.calls.get(msg.id);
          if (!call) return;
          this.calls.delete(msg.id);
          if (msg.error !== undefined) call.reject(new Error(msg.error));
          else call.resolve(msg.value);
        }
      };
      worker.on('message', onReply);
      worker.once('error', (err) => {
        this.log(`render worker ${slot.index}: ${(err as Error).stack ?? String(err)}`);
        reject(err);
      });
      worker.once('exit', (code) => {
        slot.worker = null;
        reject(new Error(`render worker ${slot.index} exited (${code})`));
        for (const [id, call] of this.calls) {
          if (call.slot !== slot.index) continue;
          this.calls.delete(id);
          call.reject(new Error(`render worker ${slot.index} exited (${code})`));
        }
        if (this.stopping) return;
        this.log(`render worker ${slot.index} exited (${code}); starting it again`);
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

  /** Proxies a request to a worker (the front server's fallback for what it does not answer itself). */
  readonly handler = (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const slot = this.pick();
    slot.inflight++;
    return new Promise<void>((resolve) => {
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        slot.inflight--;
        resolve();
      };
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
      const upstream = request({ socketPath: slot.socketPath, agent: slot.agent, method: req.method, path: req.url, headers });
      upstream.on('response', (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        }
        const status = answer.statusCode ?? 502;
        const variants = out[VARIANTS_HEADER];
        if (typeof variants !== 'string') {
          res.writeHead(status, answer.statusMessage, out);
          answer.pipe(res);
          answer.once('error', () => res.destroy());
          return;
        }
        // An answer the front server keeps, in the encoding it asked for (the visitor's).
        const chunks: Buffer[] = [];
        let length = 0;
        answer.on('data', (c: Buffer) => {
          chunks.push(c);
          length += c.length;
        });
        answer.once('error', () => res.destroy());
        answer.once('end', () => {
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
          const etag = out[ETAG_HEADER];
          if (typeof etag !== 'string' || String(body.length) !== out['content-length'] || !isKeptEncoding(variants)) {
            res.destroy();
            return;
          }
          delete out[VARIANTS_HEADER];
          delete out[ETAG_HEADER];
          (req as KeepableRequest)[KEEP]?.(status, out, variants === 'identity' ? body : null, variants === 'gzip' ? body : null, variants === 'br' ? body : null, etag);
          // The kept copy's ETag from the first answer on, so that this visitor can revalidate too.
          out['etag'] = etag;
          if (variants !== 'identity') out['content-encoding'] = variants;
          const vary = typeof out['vary'] === 'string' ? out['vary'] : '';
          out['vary'] = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
          res.writeHead(status, answer.statusMessage, out);
          res.end(body);
        });
      });
      let left = false;
      upstream.once('error', (err) => {
        if (left) {
          // The visitor went away and the render was stopped: nothing to answer.
        } else if (!res.headersSent) {
          this.log(`render worker ${slot.index} did not answer ${req.method} ${req.url}: ${err.message}`);
          const body = 'Bad gateway';
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': body.length });
          res.end(body);
        } else {
          res.destroy();
        }
        done();
      });
      // A visitor who leaves stops the render's stream.
      res.once('close', () => {
        if (!res.writableFinished) {
          left = true;
          upstream.destroy();
        }
        done();
      });
      req.pipe(upstream);
    });
  };

  /**
   * The pool as the pre-build's and the change feed's render source
   * (prebuild.ts RenderSource): a worker renders the page through its own
   * handler and compresses it on its own thread. `origin` gives the Host.
   */
  renderSource(origin: string): {
    renderPage: (pagePath: string, timeoutMs: number) => Promise<RenderedPage | 'gone'>;
    renderTo: (pagePath: string, timeoutMs: number, pagesDir: string, reuseDir?: string | null) => Promise<PageHeaders | 'gone'>;
  } {
    const host = new URL(origin).host;
    return {
      // The pre-build: the worker writes (or links) the files itself; only the headers come back.
      renderTo: (pagePath, timeoutMs, pagesDir, reuseDir) => this.call<PageHeaders | 'gone'>('renderTo', pagePath, host, timeoutMs, pagesDir, reuseDir ?? null),
      renderPage: async (pagePath, timeoutMs) => {
        const page = await this.call<RenderedPage | 'gone'>('render', pagePath, host, timeoutMs);
        if (page === 'gone') return page;
        // Buffers cross the thread boundary as plain Uint8Arrays.
        const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
        return { html: buf(page.html), gzip: buf(page.gzip), br: buf(page.br), headers: page.headers };
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
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  /** Runs a job in a worker (render-worker.ts `jobs`). */
  call<T>(fn: string, ...args: unknown[]): Promise<T> {
    return this.send<T>(fn, args, []);
  }

  private async send<T>(fn: string, args: unknown[], transfer: ArrayBuffer[]): Promise<T> {
    const slot = this.pick();
    await slot.ready;
    const id = this.nextCall++;
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
        slot.agent.destroy();
      }),
    );
    for (const call of this.calls.values()) call.reject(new Error('render pool stopped'));
    this.calls.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
