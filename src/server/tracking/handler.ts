/**
 * `POST /tracking/clicks.php` (docs/product.md, Play logging): takes play events and
 * click events (schema.ts; one event or a batch of up to 20, plays and
 * clicks may be mixed), validates them, queues them for a batched write
 * (queue.ts) and answers at once.
 *
 *  - 204: stored (answered once the transaction holding it committed:
 *    group commit, queue.ts);
 *  - 503 + Retry-After: the store could not write it (nothing acknowledged);
 *  - 422: invalid event, errors per field in the envelope (never
 *    400, docs/product.md, Errors), nothing stored;
 *  - 413: body over 8 KB; 415: neither JSON nor text (sendBeacon may send a
 *    string as text/plain: it is read as JSON too); 405: not a POST;
 *  - 429: more than TRACKING_RATE_PER_MIN events a minute from one address.
 *
 * Tracking must never break anything: an unexpected failure is logged and
 * answered 500 with the envelope; the page never waits on it.
 */
import { apiMessage } from '../api/messages.ts';
import { getDb } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { getConfig } from '../config.ts';
import { clientAddress, errorEnvelope, proxyTrust, readJson, readLocale, storeLimiter, type Limiter, type ProxyTrust } from '../http/index.ts';
import { onShutdown } from '../lifecycle.ts';
import { featureLogger, type Log } from '../log.ts';
import { TrackingQueue } from './queue.ts';
import { parseTrackingBody, TRACKING_LIMITS, trackingTexts, type ClickEvent } from './schema.ts';

/** The endpoint's own messages, from the message catalogue (messages/*.json); the others are the API's. */
const EXTRA_MESSAGES: Record<number, (locale: Locale) => string> = {
  415: (locale) => m.polish_api_415_json({}, { locale }),
  503: (locale) => m.polish_api_503_tracking({}, { locale }),
};

function envelope(code: number, locale: Locale, errors?: Record<string, string[]>, headers: Record<string, string> = {}): Response {
  return errorEnvelope(code, EXTRA_MESSAGES[code]?.(locale) ?? apiMessage(code, locale), { errors, headers });
}

export interface TrackingDeps {
  queue: TrackingQueue;
  limiter: Limiter;
  proxyTrust: ProxyTrust;
  now?: () => number;
  /** Default: the `tracking` feature's logger. */
  log?: Log;
}

export function createTrackingHandler(deps: TrackingDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? featureLogger('tracking');
  return async function handleTracking(request: Request, peer?: string): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    if (request.method !== 'POST') return envelope(405, locale, undefined, { allow: 'POST' });

    // JSON, or text/plain: what navigator.sendBeacon sends without a preflight.
    const body = await readJson(request, TRACKING_LIMITS.bodyBytes, (type) => type === 'application/json' || type === 'text/plain');
    if (!body.ok) {
      if (body.reason === 'unsupported') return envelope(415, locale);
      if (body.reason === 'too-large') return envelope(413, locale);
      const text = trackingTexts(locale);
      return envelope(422, locale, { body: [body.reason === 'unreadable' ? text.unreadable : text.notJson] });
    }
    const parsed = parseTrackingBody(body.value, now(), locale);
    if (!parsed.ok) return envelope(422, locale, parsed.errors);

    let wait: number;
    try {
      wait = await deps.limiter.take(clientAddress(request, peer, deps.proxyTrust), parsed.events.length);
    } catch (error) {
      log.error({ err: error }, 'the rate limit could not be counted');
      return envelope(503, locale, undefined, { 'retry-after': '5' });
    }
    if (wait > 0) return envelope(429, locale, undefined, { 'retry-after': String(wait) });

    try {
      // Answered once committed (group commit, queue.ts): a 204 survives a crash right after.
      await deps.queue.enqueue(parsed.events);
    } catch {
      return envelope(503, locale, undefined, { 'retry-after': '5' });
    }
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  };
}

/* ---- the process-wide instance ---- */

let shared: { queue: TrackingQueue; handle: ReturnType<typeof createTrackingHandler>; log: Log } | undefined;

function instance() {
  if (!shared) {
    const config = getConfig();
    const log = featureLogger('tracking');
    const queue = new TrackingQueue({ db: getDb, log });
    const limiter = storeLimiter(getDb, { name: 'tracking', points: config.TRACKING_RATE_PER_MIN, durationSec: 60 });
    shared = { queue, handle: createTrackingHandler({ queue, limiter, proxyTrust: proxyTrust(config), log }), log };
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
    (shared?.log ?? featureLogger('tracking')).error({ err: error }, 'request failed');
    return envelope(500, 'ar');
  }
}

/**
 * Writes every queued event now. Registered as the `tracking` shutdown hook
 * the first time the endpoint is used; it must run after the HTTP server
 * stopped taking requests and before the store is closed. Safe to call any
 * time, never rejects.
 */
async function flushTracking(): Promise<void> {
  if (!shared) return;
  try {
    await shared.queue.flush();
  } catch (error) {
    shared.log.error({ err: error }, 'final flush failed');
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
    (shared?.log ?? featureLogger('tracking')).error({ err: error }, 'could not queue a server click');
  }
}
