import type { APIRoute } from 'astro';
import { handleForecastRequest } from '../../../server/weather/index.ts';

/** Weather widget back end (docs/product.md, Widgets): POST, form body `lang`; src/server/weather/handler.ts. */
export const ALL: APIRoute = ({ request, params }) => handleForecastRequest(request, params.city);
