import type { APIRoute } from 'astro';
import { peerAddress } from '../../../server/http/index.ts';
import { handlePushSubscribe } from '../../../server/push/index.ts';

/**
 * Stores a browser's push subscription (JSON: PushSubscription.toJSON() and
 * `lang`): src/server/push/handlers.ts. A route of its own, like the forms':
 * the GET-oriented /api registry takes no request body nor client address.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => handlePushSubscribe(request, peerAddress(() => clientAddress));
