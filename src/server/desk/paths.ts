/**
 * The desk's addresses (ADR 033): the application under /desk, its API
 * under /api/desk/, and the two preview pages (the public article page from
 * a draft), which are the site's own pages and keep the site's policy:
 *
 *  - /desk/preview/{id}: for someone signed in to the desk;
 *  - /desk/shared/{token}: the signed, expiring link for a colleague
 *    without an account.
 *
 * Nothing under them is ever pre-built, kept by the page cache or indexed.
 */
const DESK_APP = /^\/desk(?:\/|$)/;
const DESK_API = /^\/api\/desk(?:\/|$)/;
const PREVIEW = /^\/desk\/(?:preview|shared)\//;

/** A path of the desk: the application, its API or a preview. */
export function isDeskPath(pathname: string): boolean {
  return DESK_APP.test(pathname) || DESK_API.test(pathname);
}

/** The desk application's pages (its own strict Content-Security-Policy), not its previews. */
export function isDeskApp(pathname: string): boolean {
  return DESK_APP.test(pathname) && !PREVIEW.test(pathname);
}

export const sharedPreviewPath = (token: string): string => `/desk/shared/${token}`;
