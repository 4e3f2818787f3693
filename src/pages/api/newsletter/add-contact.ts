import type { APIRoute } from 'astro';
import { peerAddress } from '../../../server/http/index.ts';
import { handleNewsletterApi } from '../../../server/forms/index.ts';

/**
 * Newsletter sign-up (docs/product.md, Accounts and forms), double opt-in: src/server/forms. A route
 * of its own (Astro prefers it to the /api catch-all): the GET-oriented
 * registry of src/server/api takes no request body nor client address.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => handleNewsletterApi(request, peerAddress(() => clientAddress));
