import type { APIRoute } from 'astro';
import { peerAddress } from '../../server/http/index.ts';
import { handleTrackingRequest } from '../../server/tracking/index.ts';

/** Play and click events (docs/product.md, Play logging): src/server/tracking/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => handleTrackingRequest(request, peerAddress(() => clientAddress));
