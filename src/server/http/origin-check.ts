/**
 * Cross-site request forgery guard, in place of Astro's `checkOrigin`
 * (astro.config.mjs turns it off; src/middleware.ts calls this).
 *
 * What another site can make a visitor's browser send without a CORS
 * preflight is a "simple" request: GET, HEAD or POST, with a form's content
 * type (or none). So a POST of that kind whose Origin is not this site is
 * refused, exactly as Astro's check refuses it. A PUT, PATCH or DELETE
 * always needs a preflight, which this site never grants: they pass, with or
 * without a body or Content-Type. Astro's check refused a DELETE that had
 * neither a Content-Type nor an Origin, which is how curl and the newsroom
 * CLIs send one (ADR 011).
 */
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

export function isCrossSiteFormPost(request: Request, url: URL): boolean {
  if (request.method !== 'POST') return false;
  const type = request.headers.get('content-type')?.toLowerCase();
  const formLike = !type || FORM_CONTENT_TYPES.some((t) => type.includes(t));
  return formLike && request.headers.get('origin') !== url.origin;
}
