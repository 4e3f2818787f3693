import type { APIRoute } from 'astro';
import { handleNewsroom } from '../../../server/newsroom/index.ts';
import { peerAddress } from '../../../server/http/index.ts';

/**
 * The newsroom ingest API (ADR 011): bearer-token calls with bodies, so a
 * route of its own beside the GET registry; the endpoints are the table in
 * src/server/newsroom/routes.ts.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => handleNewsroom(request, peerAddress(() => clientAddress));
