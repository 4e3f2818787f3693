import type { APIRoute } from 'astro';
import { peerAddress } from '../../server/http/index.ts';
import { handleTrackingRequest } from '../../server/tracking/index.ts';

export const prerender = false;

/** Play and click events (SPEC §7.4, §7.5): src/server/tracking/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => handleTrackingRequest(request, peerAddress(() => clientAddress));
