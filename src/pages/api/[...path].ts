import type { APIRoute } from 'astro';
import { dispatchApi } from '../../server/api/index.ts';

/** Every /api path goes through the route registry (src/server/api/routes). */
export const ALL: APIRoute = ({ request }) => dispatchApi(request);
