/**
 * Every newsroom endpoint, one table (src/server/newsroom/router.ts). A new
 * area adds its routes as one spread line here.
 */
import { articleRoutes } from './article-routes.ts';
import { dossierRoutes } from './dossier-routes.ts';
import { homeRoutes } from './home-routes.ts';
import { mediaRoutes } from './media-routes.ts';
import type { NewsroomRoute } from './router.ts';
import { broadcastRoutes } from '../broadcast/routes.ts';

/** GET /api/newsroom/whoami: which token the request carries (a check for a newly set up client). */
const whoami: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/whoami',
  action: 'whoami',
  doc: {
    summary: 'The name of the token the request carries (checks a client’s set-up)',
    response: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
    codes: { '200': 'The token is live' },
  },
  handler: async (ctx) => ({ status: 200, response: { token: ctx.tokenName } }),
};

export const newsroomRoutes: NewsroomRoute[] = [
  whoami,
  ...articleRoutes,
  ...mediaRoutes,
  // A language's front page (ADR 040).
  ...homeRoutes,
  ...dossierRoutes,
  // Video and broadcast: grid, breaking news, live, replays (src/server/broadcast/routes.ts).
  ...broadcastRoutes,
];
