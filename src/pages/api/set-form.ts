import type { APIRoute } from 'astro';
import { peerAddress } from '../../server/http/index.ts';
import { handleContactApi } from '../../server/forms/index.ts';

/**
 * Contact form (docs/product.md, Accounts and forms): stored, then mailed to the newsroom;
 * src/server/forms. A route of its own (Astro prefers it to the /api
 * catch-all): the GET-oriented registry of src/server/api takes no request
 * body nor client address.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => handleContactApi(request, peerAddress(() => clientAddress));
