/**
 * Cross-site request forgery guard, in place of Astro's `checkOrigin`
 * (astro.config.mjs turns it off; src/middleware.ts calls this).
 *
 * What another site can make a visitor's browser send without a CORS
 * preflight is a "simple" request: GET, HEAD or POST, with a form's content
 * type (or none). So a POST of that kind whose Origin is not this site's
 * (SITE_URL's scheme, host and port: never the request's Host, ADR 029) is
 * refused. A PUT, PATCH or DELETE always needs a preflight, which this site
 * never grants: they pass, with or without a body or Content-Type (ADR 025).
 *
 * Only what a browser can send on a visitor's behalf is checked (ADR 029):
 * a request with cookies (ambient credentials), or with an Origin header
 * (every browser sends one with a cross-origin POST). A request with
 * neither (curl, the newsroom's bearer-token clients, a mail provider's
 * RFC 8058 one-click unsubscribe) carries no credential a forgery could
 * borrow: it passes, and its endpoint answers it (a bearer upload without
 * Content-Type gets the newsroom's 415, not this guard's 403).
 */
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

export function isCrossSiteFormPost(request: Request, siteOrigin: string): boolean {
  if (request.method !== 'POST') return false;
  const origin = request.headers.get('origin');
  if (origin === null && !request.headers.has('cookie')) return false;
  const type = request.headers.get('content-type')?.toLowerCase();
  const formLike = !type || FORM_CONTENT_TYPES.some((t) => type.includes(t));
  return formLike && origin !== siteOrigin;
}
