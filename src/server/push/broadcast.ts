/**
 * The push pieces outside HTTP: the VAPID keys of the configuration and the
 * breaking-news send of `npm run push -- --breaking <id>` (scripts/push.ts).
 * Nothing here needs the compiled UI messages, so the command runs on a
 * fresh checkout.
 */
import type { Config } from '../config.ts';
import { getConfig } from '../config.ts';
import { getDb, type DB } from '../db/index.ts';
import { breakingNews, type BreakingNews } from './breaking.ts';
import { loadVapidKeys, type LoadedVapidKeys } from './keys.ts';
import { httpTransport, sendToAll, type DeliveryResult, type PushTransport, type SendSummary } from './send.ts';

/** Loopback endpoints (a local test push service) are accepted outside production, or when configured. */
export function allowLocalEndpoints(config: Pick<Config, 'NODE_ENV' | 'PUSH_ALLOW_LOCAL_ENDPOINTS'>): boolean {
  return config.NODE_ENV !== 'production' || config.PUSH_ALLOW_LOCAL_ENDPOINTS;
}

let loaded: Promise<LoadedVapidKeys> | undefined;

/**
 * The VAPID keys of this process's configuration: configured, else the pair
 * kept in the store (moved there from DATA_DIR/push, or generated, on first
 * use), loaded once per process (again after a failure).
 */
export function vapidKeys(config: Config = getConfig(), db?: DB): Promise<LoadedVapidKeys> {
  loaded ??= (async () =>
    loadVapidKeys({ db: db ?? (await getDb()), dataDir: config.DATA_DIR, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }))().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** How long a push service keeps a breaking-news message for an offline browser: stale after that. */
export const BREAKING_TTL_SECONDS = 6 * 3600;

export interface BreakingOptions {
  db: DB;
  config: Config;
  articleId: number;
  keys?: LoadedVapidKeys;
  transport?: PushTransport;
  concurrency?: number;
  ttlSeconds?: number;
  onResult?: (result: DeliveryResult) => void;
}

export type BreakingOutcome = { kind: 'unknown-article' } | { kind: 'sent'; news: BreakingNews; summary: SendSummary };

/**
 * Sends the breaking-news notification of one article to every subscriber
 * (`npm run push -- --breaking <id>`), urgency high; drops the
 * subscriptions whose push service answers 404 or 410.
 */
export async function sendBreakingNews(opts: BreakingOptions): Promise<BreakingOutcome> {
  const news = await breakingNews(opts.db, opts.articleId, opts.config.SITE_URL);
  if (!news) return { kind: 'unknown-article' };
  const allowLocal = allowLocalEndpoints(opts.config);
  const summary = await sendToAll({
    db: opts.db,
    keys: (opts.keys ?? (await vapidKeys(opts.config, opts.db))).keys,
    subject: opts.config.VAPID_SUBJECT,
    transport: opts.transport ?? httpTransport({ allowLocal }),
    allowLocal,
    payloadFor: (lang) => news.payloads[lang],
    ttlSeconds: opts.ttlSeconds ?? BREAKING_TTL_SECONDS,
    urgency: 'high',
    topic: news.topic,
    ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
    ...(opts.onResult ? { onResult: opts.onResult } : {}),
  });
  return { kind: 'sent', news, summary };
}
