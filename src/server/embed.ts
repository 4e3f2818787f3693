/**
 * The embeddable live player (issue 15 item 4): `/{lang}/live/embed`, the
 * player alone (no header, ad slots or footer), which other sites may frame.
 *
 * Its answer carries its own `Content-Security-Policy: frame-ancestors *`
 * (EMBED_FRAME_ANCESTORS) and no X-Frame-Options; a site-wide security
 * header step must leave the framing policy of these paths alone:
 * `isEmbedPath(pathname)` says which they are (and the header itself is
 * there to see).
 */
export const EMBED_FRAME_ANCESTORS = 'frame-ancestors *';

const EMBED_PATH = /^\/(ar|fr)\/live\/embed\/?$/;

export function isEmbedPath(pathname: string): boolean {
  return EMBED_PATH.test(pathname);
}

/** Sets the embed page's framing policy on its response headers. */
export function allowFraming(headers: Headers): void {
  headers.set('Content-Security-Policy', EMBED_FRAME_ANCESTORS);
  headers.delete('X-Frame-Options');
}
