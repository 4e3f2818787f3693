import type { APIRoute } from 'astro';
import { handleForecastRequest } from '../../../server/weather/index.ts';

export const prerender = false;

/** Weather widget back end (docs/product.md, Widgets): POST, form body `lang`; src/server/weather/handler.ts. */
export const ALL: APIRoute = ({ request, params }) => handleForecastRequest(request, params.city);
