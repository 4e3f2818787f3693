/**
 * Web Push (ADR 007): the process-wide
 * endpoints, configured from the environment (VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY, VAPID_SUBJECT, DATA_DIR, PUSH_ALLOW_LOCAL_ENDPOINTS,
 * PUSH_RATE_PER_HOUR, TRUST_PROXY_HOPS, SITE_URL).
 *
 *  - keys.ts: the VAPID key pair (configured, else kept in the store's push_keys);
 *  - webpush.ts: RFC 8291 encryption and RFC 8292 VAPID with node:crypto;
 *  - endpoint.ts: which endpoints are accepted and reached (no SSRF);
 *  - validation.ts, subscriptions.ts: what browsers send, the push_subscriptions table;
 *  - handlers.ts: /api/push/key, /api/push/subscribe, /api/push/unsubscribe;
 *  - breaking.ts, send.ts, broadcast.ts: `npm run push -- --breaking <id>`.
 */
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import { proxyTrust, storeLimiter } from '../http/index.ts';
import { allowLocalEndpoints, vapidKeys } from './broadcast.ts';
import { createPushHttp } from './handlers.ts';

const HOUR_S = 3600;

let http: ReturnType<typeof createPushHttp> | undefined;

function sharedHttp() {
  if (!http) {
    const config = getConfig();
    http = createPushHttp({
      db: getDb,
      keys: async () => (await vapidKeys(config)).keys,
      allowLocal: allowLocalEndpoints(config),
      proxyTrust: proxyTrust(config),
      limiter: storeLimiter(getDb, { name: 'push', points: config.PUSH_RATE_PER_HOUR, durationSec: HOUR_S }),
    });
  }
  return http;
}

/** GET /api/push/key */
export const handlePushKey = (request: Request): Promise<Response> => sharedHttp().key(request);
/** POST /api/push/subscribe */
export const handlePushSubscribe = (request: Request, peer?: string): Promise<Response> => sharedHttp().subscribe(request, peer);
/** POST /api/push/unsubscribe */
export const handlePushUnsubscribe = (request: Request, peer?: string): Promise<Response> => sharedHttp().unsubscribe(request, peer);
