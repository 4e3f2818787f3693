import type { APIRoute } from 'astro';
import { peerAddress } from '../../server/http/index.ts';
import { handleGeoRequest } from '../../server/geo/index.ts';

/** The country of an address, geoPlugin-shaped (docs/product.md, Widgets), answered locally; src/server/geo/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => handleGeoRequest(request, peerAddress(() => clientAddress));
