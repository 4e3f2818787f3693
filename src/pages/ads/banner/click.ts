import type { APIRoute } from 'astro';
import { peerAddress } from '../../../server/http/index.ts';
import { handleBannerClick } from '../../../server/ads/http.ts';

/** House ad server: counts a click on a banner, then redirects to its advertiser. */
export const GET: APIRoute = (context) => handleBannerClick(context.request, peerAddress(() => context.clientAddress));
