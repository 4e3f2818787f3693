/**
 * The process-wide desk API handler, built from configuration on first use
 * (SITE_URL: the only origin the desk accepts writes from).
 */
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import { createDeskRouter } from './router.ts';
import { deskRoutes } from './routes.ts';

let handler: ReturnType<typeof createDeskRouter> | undefined;

export function handleDesk(request: Request, peer?: string): Promise<Response> {
  if (!handler) {
    const config = getConfig();
    handler = createDeskRouter(deskRoutes, { db: getDb, siteUrl: config.SITE_URL, trustedHops: config.TRUST_PROXY_HOPS });
  }
  return handler(request, peer);
}
