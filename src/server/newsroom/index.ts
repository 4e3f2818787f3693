import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import { storeLimiter } from '../http/rate-limit.ts';
import { proxyTrust } from '../http/client-address.ts';
import { createNewsroomRouter } from './router.ts';
import { newsroomRoutes } from './routes.ts';

let handler: ReturnType<typeof createNewsroomRouter> | undefined;

/**
 * Answers every /api/newsroom/… request (src/pages/api/newsroom/[...path].ts);
 * `peer` is the socket's address. Failed authentications are limited per
 * address (NEWSROOM_AUTH_FAILURES_PER_MIN, counted in the store).
 */
export function handleNewsroom(request: Request, peer?: string): Promise<Response> {
  if (!handler) {
    const config = getConfig();
    handler = createNewsroomRouter(newsroomRoutes, getDb, {
      limiter: storeLimiter(getDb, { name: 'newsroom-auth', points: config.NEWSROOM_AUTH_FAILURES_PER_MIN, durationSec: 60, blockSec: 300 }),
      proxyTrust: proxyTrust(config),
    });
  }
  return handler(request, peer);
}
