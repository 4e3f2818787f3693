import type { APIRoute } from 'astro';
import source from 'virtual:service-worker';

/**
 * The service worker (src/sw/service-worker.ts), at the root so its scope
 * is the whole site. `no-cache`: browsers (and nginx, which proxies this
 * path) revalidate it on every update check, so a new version reaches
 * subscribers at their next visit.
 */
export const GET: APIRoute = () =>
  new Response(source, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    },
  });
