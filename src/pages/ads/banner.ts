import type { APIRoute } from 'astro';
import { handleBannerRequest } from '../../server/ads/http.ts';

export const prerender = false;

/** House ad server: the banner for a display slot, ?unit=…&format=banner|skin&sizes=728x90,…&lang=ar|fr[&market=intl]. */
export const GET: APIRoute = ({ request }) => handleBannerRequest(request);
