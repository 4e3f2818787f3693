import type { APIRoute } from 'astro';
import { handleTrackRequest } from '../../server/ads/http.ts';

export const prerender = false;

/** House ad tracking pixel: ?e=<event>&c=<creative id>&u=<unit>[&m=intl][&code=<VAST error>]. */
export const GET: APIRoute = ({ request }) => handleTrackRequest(request);
