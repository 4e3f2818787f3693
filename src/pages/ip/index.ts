import type { APIRoute } from 'astro';
import { handleIpRequest } from '../../server/geo/index.ts';

export const prerender = false;

/** The visitor's address (SPEC §7.3): `?format=json` → { ip }; src/server/geo/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  let peer: string | undefined;
  try {
    peer = clientAddress;
  } catch {
    // No socket address (e.g. a request made in-process).
  }
  return handleIpRequest(request, peer);
};
