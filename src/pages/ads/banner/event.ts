import type { APIRoute } from 'astro';
import { handleBannerEvent } from '../../../server/ads/http.ts';

export const prerender = false;

/** House ad server: a display slot reports an impression or a viewable impression (GET, or POST from sendBeacon). */
export const GET: APIRoute = ({ request }) => handleBannerEvent(request);
export const POST: APIRoute = ({ request }) => handleBannerEvent(request);
