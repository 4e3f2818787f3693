import type { APIRoute } from 'astro';
import { handleGeoRequest } from '../../server/geo/index.ts';

export const prerender = false;

/** The country of an address, geoPlugin-shaped (SPEC §7.3), answered locally; src/server/geo/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  let peer: string | undefined;
  try {
    peer = clientAddress;
  } catch {
    // No socket address (e.g. a request made in-process).
  }
  return handleGeoRequest(request, peer);
};
