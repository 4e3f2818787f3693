import type { APIRoute } from 'astro';
import { handleBannerRequest } from '../../server/ads/http.ts';
import { peerAddress } from '../../server/http/index.ts';

/** House ad server: the banner for a display slot, ?unit=…&format=banner|skin&sizes=728x90,…&lang=ar|fr[&market=ma|intl|auto] (auto or none: the server picks it from the visitor's country). */
export const GET: APIRoute = ({ request, clientAddress }) => handleBannerRequest(request, peerAddress(() => clientAddress));
