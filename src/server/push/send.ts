/**
 * Sending push messages to the stored subscriptions (RFC 8030 §5).
 *
 * Each subscription gets its own encrypted copy of its language's payload,
 * POSTed to its endpoint with the VAPID authorisation, TTL and Urgency, a
 * few requests in flight at a time (`concurrency`). The push service's
 * answer decides what happens to the subscription:
 *
 *  - 2xx: delivered (accepted by the push service): `last_success_at` set,
 *    failures reset;
 *  - 404 or 410: the subscription expired or was withdrawn (RFC 8030 §7.3,
 *    §8.3): deleted;
 *  - anything else (429, 5xx, 400/401/403/413, no answer): failed, kept,
 *    with the failure counted; the next send tries again.
 *
 * Requests go only to the endpoints stored, each checked again before the
 * request (src/server/push/endpoint.ts: https on a public name, resolved to
 * public addresses), never follow redirects, and time out.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { KeyObject } from 'node:crypto';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { checkEndpoint, guardedLookup } from './endpoint.ts';
import { allSubscriptions, type StoredSubscription } from './subscriptions.ts';
import { pushRequest, vapidAuthorization, vapidSigningKey, type PushRequest, type VapidKeys } from './webpush.ts';

interface PushAnswer {
  status: number;
  /** The start of the answer's body (for logs). */
  body: string;
}

/** Delivers one request; rejects when no answer came. */
export type PushTransport = (request: PushRequest) => Promise<PushAnswer>;

/** Answers up to this many bytes are read (push services answer a few hundred at most). */
const MAX_ANSWER_BYTES = 4096;

/** The real transport: node:http(s) with the guarded DNS lookup and a timeout; no redirects. */
export function httpTransport(opts: { allowLocal: boolean; timeoutMs?: number }): PushTransport {
  const lookup = guardedLookup({ allowLocal: opts.allowLocal });
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return (req) =>
    new Promise<PushAnswer>((resolve, reject) => {
      const send = req.url.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(
        req.url,
        { method: 'POST', headers: req.headers, lookup, timeout: timeoutMs },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${req.url.origin} in ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(req.body);
    });
}

export interface SendOptions {
  db: DB;
  keys: VapidKeys;
  /** VAPID `sub`: a mailto: or https: contact. */
  subject: string;
  transport: PushTransport;
  /** Accept loopback endpoints (tests, local development). */
  allowLocal: boolean;
  /** The payload (JSON-serialisable) for a language. */
  payloadFor: (lang: Locale) => unknown;
  /** Seconds the push service keeps a message for an offline browser. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic?: string;
  /** Requests in flight at once. */
  concurrency?: number;
  now?: () => Date;
  /** Called after each subscription (progress, logs). */
  onResult?: (result: DeliveryResult) => void;
}

type DeliveryOutcome = 'sent' | 'dropped' | 'failed';

export interface DeliveryResult {
  id: number;
  origin: string;
  outcome: DeliveryOutcome;
  /** HTTP status; 0 when no answer came (or the endpoint was refused). */
  status: number;
  error?: string;
}

export interface SendSummary {
  total: number;
  sent: number;
  dropped: number;
  failed: number;
  /** Failures by HTTP status ("0": no answer). */
  failures: Record<string, number>;
}

/** VAPID tokens are valid 12 hours and reused per push service for an hour. */
const TOKEN_LIFETIME_MS = 12 * 3600_000;
const TOKEN_REUSE_MS = 3600_000;

/** One subscription's send and the record of its answer: used by sendToAll and by the desk's push jobs (jobs.ts). */
export interface SubscriptionSender {
  deliver: (sub: StoredSubscription) => Promise<DeliveryResult>;
  record: (sub: StoredSubscription, result: DeliveryResult) => Promise<void>;
}

export function subscriptionSender(opts: Omit<SendOptions, 'concurrency' | 'onResult'>): SubscriptionSender {
  const now = opts.now ?? (() => new Date());
  const signingKey: KeyObject = vapidSigningKey(opts.keys);
  const tokens = new Map<string, { value: string; madeAt: number }>();
  const authorizationFor = (audience: string): string => {
    const t = now().getTime();
    const hit = tokens.get(audience);
    if (hit && t - hit.madeAt < TOKEN_REUSE_MS) return hit.value;
    const value = vapidAuthorization({
      keys: opts.keys,
      signingKey,
      audience,
      subject: opts.subject,
      expiresAt: new Date(t + TOKEN_LIFETIME_MS),
    });
    tokens.set(audience, { value, madeAt: t });
    return value;
  };
  const payloads = new Map<Locale, Buffer>();
  const payloadOf = (lang: Locale): Buffer => {
    let p = payloads.get(lang);
    if (!p) {
      p = Buffer.from(JSON.stringify(opts.payloadFor(lang)), 'utf8');
      payloads.set(lang, p);
    }
    return p;
  };

  const deliver = async (sub: StoredSubscription): Promise<DeliveryResult> => {
    const checked = checkEndpoint(sub.endpoint, { allowLocal: opts.allowLocal });
    if (!checked.ok) {
      // Stored before a stricter rule, or written by hand: never posted to.
      return { id: sub.id, origin: '-', outcome: 'failed', status: 0, error: `endpoint refused: ${checked.reason}` };
    }
    const origin = checked.url.origin;
    try {
      const answer = await opts.transport(
        pushRequest({
          endpoint: checked.url,
          keys: { p256dh: sub.p256dh, auth: sub.auth },
          payload: payloadOf(sub.lang),
          authorization: authorizationFor(origin),
          ttlSeconds: opts.ttlSeconds,
          urgency: opts.urgency,
          ...(opts.topic ? { topic: opts.topic } : {}),
        }),
      );
      if (answer.status >= 200 && answer.status < 300) return { id: sub.id, origin, outcome: 'sent', status: answer.status };
      if (answer.status === 404 || answer.status === 410) return { id: sub.id, origin, outcome: 'dropped', status: answer.status };
      return { id: sub.id, origin, outcome: 'failed', status: answer.status, error: answer.body.slice(0, 200) };
    } catch (error) {
      return { id: sub.id, origin, outcome: 'failed', status: 0, error: (error as Error).message };
    }
  };

  const record = async (sub: StoredSubscription, result: DeliveryResult): Promise<void> => {
    const at = now().toISOString();
    if (result.outcome === 'sent') {
      await opts.db
        .updateTable('push_subscriptions')
        .set({ last_success_at: at, failures: 0, last_failure_at: null, last_status: null })
        .where('id', '=', sub.id)
        .execute();
    } else if (result.outcome === 'dropped') {
      await opts.db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
    } else {
      await opts.db
        .updateTable('push_subscriptions')
        .set((eb) => ({ failures: eb('failures', '+', 1), last_failure_at: at, last_status: result.status }))
        .where('id', '=', sub.id)
        .execute();
    }
  };
  return { deliver, record };
}

export async function sendToAll(opts: SendOptions): Promise<SendSummary> {
  const { deliver, record } = subscriptionSender(opts);
  const summary: SendSummary = { total: 0, sent: 0, dropped: 0, failed: 0, failures: {} };

  const source = allSubscriptions(opts.db);
  // Workers take subscriptions from one generator, one call after the other.
  let queue: Promise<unknown> = Promise.resolve();
  const take = (): Promise<StoredSubscription | undefined> => {
    const got = queue.then(() => source.next());
    queue = got.catch(() => undefined);
    return got.then((r) => (r.done ? undefined : r.value));
  };

  const worker = async (): Promise<void> => {
    for (let sub = await take(); sub; sub = await take()) {
      const result = await deliver(sub);
      await record(sub, result);
      summary.total += 1;
      summary[result.outcome] += 1;
      if (result.outcome === 'failed') summary.failures[String(result.status)] = (summary.failures[String(result.status)] ?? 0) + 1;
      opts.onResult?.(result);
    }
  };

  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 16));
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return summary;
}
