import type { APIRoute } from 'astro';
import { peerAddress } from '../../../server/http/index.ts';
import { handleDesk } from '../../../server/desk/index.ts';

/** The desk's API (ADR 033): session, people, stories, media; the endpoints are the table of src/server/desk/routes.ts. */
export const ALL: APIRoute = (context) => handleDesk(context.request, peerAddress(() => context.clientAddress));
