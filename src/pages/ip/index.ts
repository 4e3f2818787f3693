import type { APIRoute } from 'astro';
import { peerAddress } from '../../server/http/index.ts';
import { handleIpRequest } from '../../server/geo/index.ts';

/** The visitor's address (docs/product.md, Widgets): `?format=json` → { ip }; src/server/geo/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => handleIpRequest(request, peerAddress(() => clientAddress));
