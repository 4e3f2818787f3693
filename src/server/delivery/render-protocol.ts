/** What the front server (render-pool.ts) and its render workers (render-worker.ts) exchange. */

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
