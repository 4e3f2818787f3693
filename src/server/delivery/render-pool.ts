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
 * `fetchPage` is the pre-build's and the change feed's way in (the one render
 * path, prebuild.ts `renderPage`), without a detour through the main
 * thread's HTTP parser; `call` runs a job (listing the pages to pre-build)
 * in a worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PEER_HEADER, type WorkerData, type WorkerMessage, type WorkerReply } from './render-protocol.ts';

/** Headers that belong to one hop, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'http2-settings']);

export interface RenderPoolOptions {
  /** file: URL of the built Astro entry. */
  entry: string;
  size: number;
  /** Niceness of the workers' threads (default 10). */
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
    this.dir = mkdtempSync(path.join(tmpdir(), '2m-render-'));
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
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
        answer.once('error', () => res.destroy());
      });
      upstream.once('error', (err) => {
        if (!res.headersSent) {
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
        if (!res.writableFinished) upstream.destroy();
        done();
      });
      req.pipe(upstream);
    });
  };

  /** A GET through a worker, as a fetch Response (the pre-build's and the change feed's renders). */
  fetchPage = (pagePath: string, init: { headers: Record<string, string>; signal?: AbortSignal; host: string }): Promise<Response> => {
    const slot = this.pick();
    slot.inflight++;
    let counted = true;
    const release = () => {
      if (counted) slot.inflight--;
      counted = false;
    };
    return new Promise<Response>((resolve, reject) => {
      const req = request({
        socketPath: slot.socketPath,
        agent: slot.agent,
        method: 'GET',
        path: pagePath,
        headers: { ...init.headers, host: init.host },
        ...(init.signal ? { signal: init.signal } : {}),
      });
      req.once('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.once('end', () => {
          release();
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
          }
          const status = answer.statusCode ?? 502;
          const noBody = status === 204 || status === 304;
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
        });
        answer.once('error', (err) => {
          release();
          reject(err);
        });
      });
      req.once('error', (err) => {
        release();
        reject(err);
      });
      req.end();
    });
  };

  /** Runs a job in a worker (render-worker.ts `jobs`). */
  async call<T>(fn: string, ...args: unknown[]): Promise<T> {
    const slot = this.pick();
    await slot.ready;
    const id = this.nextCall++;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { slot: slot.index, resolve: resolve as (v: unknown) => void, reject });
      const msg: WorkerMessage = { type: 'call', id, fn, args };
      slot.worker!.postMessage(msg);
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
