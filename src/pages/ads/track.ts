import type { APIRoute } from 'astro';
import { handleTrackRequest } from '../../server/ads/http.ts';

/** House ad tracking pixel: ?e=<event>&c=<creative id>&u=<unit>[&m=intl][&code=<VAST error>]. */
export const GET: APIRoute = ({ request }) => handleTrackRequest(request);
