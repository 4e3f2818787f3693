/**
 * The desk API's route table (router.ts): one entry per endpoint, grouped
 * by area. A new screen of the desk adds its module's routes here.
 */
import { authRoutes } from './auth-routes.ts';
import { bannerRoutes } from './banner-routes.ts';
import { breakingRoutes } from './breaking-routes.ts';
import { dossierRoutes } from './dossier-routes.ts';
import { frontRoutes } from './front-routes.ts';
import { gridRoutes } from './grid-routes.ts';
import { pageRoutes } from './page-routes.ts';
import { mediaRoutes } from './media-routes.ts';
import { newsletterRoutes } from './newsletter-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import { replayRoutes } from './replay-routes.ts';
import type { DeskRoute } from './router.ts';
import { starlightRoutes } from './starlight-routes.ts';
import { storyRoutes } from './story-routes.ts';

export const deskRoutes: readonly DeskRoute[] = [
  ...authRoutes,
  ...storyRoutes,
  ...mediaRoutes,
  ...peopleRoutes,
  ...frontRoutes,
  ...dossierRoutes,
  ...pageRoutes,
  ...newsletterRoutes,
  ...breakingRoutes,
  ...bannerRoutes,
  ...replayRoutes,
  ...gridRoutes,
  ...starlightRoutes,
];
