/** What the front server (render-pool.ts) and its render workers (render-worker.ts) exchange. */
import { request, type Agent } from 'node:http';

/** Carries the visitor's address from the front server to a worker (set by the pool, never by a visitor). */
export const PEER_HEADER = 'x-2m-front-peer';

export interface WorkerData {
  index: number;
  /** file: URL of the built Astro entry (dist/server/entry.mjs). */
  entry: string;
  /** The Unix socket the worker's HTTP server listens on. */
  socketPath: string;
  /** Niceness of the worker's thread (0: as the front server). */
  nice: number;
}

export type WorkerMessage =
  | { type: 'call'; id: number; fn: string; args: unknown[] }
  | { type: 'stop'; graceMs: number };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; value?: unknown; error?: string }
  | { type: 'stopped' };

/** A GET over a worker's Unix socket, answered as a fetch Response (body read whole). */
export function getOverSocket(
  socketPath: string,
  pagePath: string,
  headers: Record<string, string>,
  opts: { agent?: Agent; signal?: AbortSignal } = {},
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const req = request({ socketPath, method: 'GET', path: pagePath, headers, ...(opts.agent ? { agent: opts.agent } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
    req.once('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.once('error', reject);
      answer.once('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
        }
        const status = answer.statusCode ?? 502;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: out }));
      });
    });
    req.once('error', reject);
    req.end();
  });
}
