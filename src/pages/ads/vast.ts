import type { APIRoute } from 'astro';
import { handleVastRequest } from '../../server/ads/http.ts';

/** House ad server: a VAST 4 pre-roll for ?unit=…&lang=ar|fr[&market=intl]. */
export const GET: APIRoute = ({ request }) => handleVastRequest(request);
