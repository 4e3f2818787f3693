/**
 * What the front server (render-pool.ts) and its render workers
 * (render-worker.ts) exchange: worker messages, no HTTP between them (ADR
 * 010). Bytes cross moved (transferred), not copied.
 */
import type { HeaderPairs, KeptEncoding } from './http-cache.ts';

export interface WorkerData {
  index: number;
  /** file: URL of the built Astro entry (dist/server/entry.mjs), which exports its `app` (src/build/expose-app-plugin.ts). */
  entry: string;
  /** Niceness of the worker's thread (0: as the front server). */
  nice: number;
  /** The site's public origin (SITE_URL): every request is rendered as this origin plus its path, whatever its Host. */
  siteOrigin: string;
}

/** A visitor's request, handed to a worker. */
export interface RenderRequest {
  type: 'request';
  id: number;
  method: string;
  /** Path and query, as received. */
  url: string;
  /** The request's headers (hop-by-hop ones left out). */
  headers: HeaderPairs;
  /** The visitor's address, as the front server saw it ('' when unknown). */
  peer: string;
  /** The front server keeps the answer if it may, in this encoding (the visitor's): see http-cache.ts `encodeAnswer`. */
  keep: KeptEncoding | null;
  /** A body follows in `body` messages, then `body-end`. */
  body: boolean;
}

/** From the front server to a worker. */
export type WorkerMessage =
  | RenderRequest
  | { type: 'body'; id: number; chunk: Uint8Array }
  | { type: 'body-end'; id: number }
  /** The visitor left: the render's answer is no longer wanted. */
  | { type: 'abort'; id: number }
  /** Flow control of a streamed answer: the visitor reads slower than it comes. */
  | { type: 'pause' | 'resume'; id: number }
  | { type: 'call'; id: number; fn: string; args: unknown[] }
  | { type: 'stop'; graceMs: number };

/** The head of an answer, with its whole body when `end` (a compressed page, an empty answer). */
export interface AnswerHead {
  type: 'head';
  id: number;
  status: number;
  headers: HeaderPairs;
  body: Uint8Array | null;
  end: boolean;
  /** The answer may be kept: its encoding and the uncompressed body's ETag. */
  kept: { encoding: KeptEncoding; etag: string } | null;
}

/** From a worker to the front server. */
export type WorkerReply =
  | { type: 'ready' }
  | AnswerHead
  /** More of a streamed answer's body. */
  | { type: 'chunk'; id: number; chunk: Uint8Array }
  /** A streamed answer ends (`failed`: cut short, the visitor's connection is closed). */
  | { type: 'end'; id: number; failed: boolean }
  /** The render stopped reading the request's body (too large): the rest is dropped. */
  | { type: 'body-cancel'; id: number }
  | { type: 'result'; id: number; value?: unknown; error?: string }
  | { type: 'stopped' };

/**
 * The bytes of `u` as a buffer that can be moved to another thread: `u`'s
 * own when it spans its whole buffer (a render's body, zlib's output),
 * else a copy of exactly its bytes (a slice of a larger buffer, which
 * would otherwise be copied whole).
 */
export function movable(u: Uint8Array): Uint8Array<ArrayBuffer> {
  if (u.byteOffset === 0 && u.byteLength === u.buffer.byteLength && u.buffer instanceof ArrayBuffer) return u as Uint8Array<ArrayBuffer>;
  return new Uint8Array(u);
}

/** The same bytes as a Buffer, no copy (bytes come across threads as plain Uint8Arrays). */
export const asBuffer = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
