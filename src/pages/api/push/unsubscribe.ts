import type { APIRoute } from 'astro';
import { peerAddress } from '../../../server/http/index.ts';
import { handlePushUnsubscribe } from '../../../server/push/index.ts';

/** Removes a browser's push subscription (JSON: endpoint and keys.auth): src/server/push/handlers.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => handlePushUnsubscribe(request, peerAddress(() => clientAddress));
