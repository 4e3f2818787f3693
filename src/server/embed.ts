/**
 * The embeddable live player (ADR 016): `/{lang}/live/embed`, the
 * player alone (no header, ad slots or footer), which other sites may frame.
 *
 * The front server's security headers (src/server/http/security-headers.ts)
 * give these paths the site's Content-Security-Policy with
 * `frame-ancestors *` instead of `'self'`; `isEmbedPath(pathname)` says
 * which they are. The page itself makes sure no X-Frame-Options goes out.
 */

const EMBED_PATH = /^\/(ar|fr)\/live\/embed\/?$/;

export function isEmbedPath(pathname: string): boolean {
  return EMBED_PATH.test(pathname);
}

/** Lets other sites frame the answer: no X-Frame-Options (its CSP comes from the front server). */
export function allowFraming(headers: Headers): void {
  headers.delete('X-Frame-Options');
}
