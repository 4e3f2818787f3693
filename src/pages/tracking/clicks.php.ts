import type { APIRoute } from 'astro';
import { handleTrackingRequest } from '../../server/tracking/index.ts';

export const prerender = false;

/** Play and click events (SPEC §7.4, §7.5): src/server/tracking/handler.ts. */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  let peer: string | undefined;
  try {
    peer = clientAddress;
  } catch {
    // No socket address (e.g. a request made in-process).
  }
  return handleTrackingRequest(request, peer);
};
