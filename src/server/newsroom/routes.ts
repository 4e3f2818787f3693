/**
 * Every newsroom endpoint, one table (src/server/newsroom/router.ts). A new
 * area adds its routes as one spread line here.
 */
import { articleRoutes } from './article-routes.ts';
import type { NewsroomRoute } from './router.ts';
import { broadcastRoutes } from '../broadcast/routes.ts';

/** GET /api/newsroom/whoami: which token the request carries (a check for a newly set up client). */
const whoami: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/whoami',
  action: 'whoami',
  handler: async (ctx) => ({ status: 200, response: { token: ctx.tokenName } }),
};

export const newsroomRoutes: NewsroomRoute[] = [
  whoami,
  ...articleRoutes,
  // Video and broadcast: grid, breaking news, live, replays (src/server/broadcast/routes.ts).
  ...broadcastRoutes,
];
