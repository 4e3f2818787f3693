/**
 * `POST /tracking/clicks.php` (SPEC §7.4, §7.5): takes play events and
 * click events (schema.ts; one event or a batch of up to 20, plays and
 * clicks may be mixed), validates them, queues them for a batched write
 * (queue.ts) and answers at once.
 *
 *  - 204: accepted (stored within about a quarter second);
 *  - 422: invalid event, errors per field in the envelope (DESIGN §3; never
 *    400, SPEC §8), nothing stored;
 *  - 413: body over 8 KB; 415: neither JSON nor text (sendBeacon may send a
 *    string as text/plain: it is read as JSON too); 405: not a POST;
 *  - 429: more than TRACKING_RATE_PER_MIN events a minute from one address.
 *
 * Tracking must never break anything: an unexpected failure is logged and
 * answered 500 with the envelope; the page never waits on it.
 */
import { readLocale } from '../api/dispatch.ts';
import { apiMessage } from '../api/messages.ts';
import { getDb } from '../db/index.ts';
import type { Lang } from '../db/schema.ts';
import { getConfig } from '../config.ts';
import { onShutdown } from '../lifecycle.ts';
import { clientAddress } from './client-address.ts';
import { RateLimiter } from './rate-limit.ts';
import { TrackingQueue } from './queue.ts';
import { parseTrackingBody, TRACKING_LIMITS, type ClickEvent } from './schema.ts';

const EXTRA_MESSAGES: Record<number, Record<Lang, string>> = {
  413: { ar: 'حجم الطلب أكبر من المسموح به.', fr: 'La requête est trop volumineuse.' },
  415: { ar: 'نوع المحتوى غير مقبول: أرسل JSON.', fr: 'Type de contenu non accepté : envoyez du JSON.' },
};

function envelope(code: number, locale: Lang, errors?: Record<string, string[]>, headers: Record<string, string> = {}): Response {
  const message = EXTRA_MESSAGES[code]?.[locale] ?? apiMessage(code, locale);
  return new Response(
    JSON.stringify({ header: { status: 'ERROR', code, message, ...(errors ? { errors } : {}) }, response: null }),
    { status: code, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } },
  );
}

class TooLarge extends Error {}

/** The body as text, refusing more than `max` bytes (declared or streamed). */
async function readBody(request: Request, max: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) throw new TooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface TrackingDeps {
  queue: TrackingQueue;
  limiter: RateLimiter;
  trustedHops: number;
  now?: () => number;
}

export function createTrackingHandler(deps: TrackingDeps) {
  const now = deps.now ?? Date.now;
  return async function handleTracking(request: Request, peer?: string): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    if (request.method !== 'POST') return envelope(405, locale, undefined, { allow: 'POST' });

    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'text/plain') return envelope(415, locale);

    let text: string;
    try {
      text = await readBody(request, TRACKING_LIMITS.bodyBytes);
    } catch (error) {
      if (error instanceof TooLarge) return envelope(413, locale);
      return envelope(422, locale, { body: ['the body could not be read'] });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return envelope(422, locale, { body: ['the body must be JSON: one event object or an array of events'] });
    }
    const parsed = parseTrackingBody(body, now());
    if (!parsed.ok) return envelope(422, locale, parsed.errors);

    const wait = deps.limiter.take(clientAddress(request, peer, deps.trustedHops), parsed.events.length);
    if (wait > 0) return envelope(429, locale, undefined, { 'retry-after': String(wait) });

    deps.queue.enqueue(parsed.events);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  };
}

/* ---- the process-wide instance ---- */

let shared: { queue: TrackingQueue; handle: ReturnType<typeof createTrackingHandler> } | undefined;

function instance() {
  if (!shared) {
    const config = getConfig();
    const queue = new TrackingQueue({ db: getDb });
    const limiter = new RateLimiter({ perMinute: config.TRACKING_RATE_PER_MIN });
    shared = { queue, handle: createTrackingHandler({ queue, limiter, trustedHops: config.TRUST_PROXY_HOPS }) };
    // The front server runs the hooks on SIGTERM/SIGINT (src/server/lifecycle.ts).
    onShutdown('tracking', flushTracking);
  }
  return shared;
}

/** Answers a request to /tracking/clicks.php; never throws. */
export async function handleTrackingRequest(request: Request, peer?: string): Promise<Response> {
  try {
    return await instance().handle(request, peer);
  } catch (error) {
    console.error('[tracking] request failed', error);
    return envelope(500, 'ar');
  }
}

/**
 * Writes every queued event now. Registered as the `tracking` shutdown hook
 * the first time the endpoint is used; it must run after the HTTP server
 * stopped taking requests and before the store is closed. Safe to call any
 * time, never rejects.
 */
export async function flushTracking(): Promise<void> {
  if (!shared) return;
  try {
    await shared.queue.flush();
  } catch (error) {
    console.error('[tracking] final flush failed', error);
  }
}

/**
 * Queues click events the server itself observes (a followed short link),
 * written with the browsers' clicks; never throws.
 */
export function recordServerClicks(events: readonly ClickEvent[]): void {
  try {
    instance().queue.enqueue(events.map((event) => ({ kind: 'click' as const, event })));
  } catch (error) {
    console.error('[tracking] could not queue a server click', error);
  }
}
