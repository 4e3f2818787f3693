import type { APIRoute } from 'astro';
import { peerAddress } from '../../../server/http/index.ts';
import { handleBannerEvent } from '../../../server/ads/http.ts';

/** House ad server: a display slot reports an impression or a viewable impression (GET, or POST from sendBeacon). */
export const GET: APIRoute = (context) => handleBannerEvent(context.request, peerAddress(() => context.clientAddress));
export const POST: APIRoute = (context) => handleBannerEvent(context.request, peerAddress(() => context.clientAddress));
