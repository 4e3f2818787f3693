/**
 * Short links (docs/product.md, Accounts and forms: the site makes its own instead of calling an
 * external shortener): `/s/{code}`, where the code is the article's id in
 * base 36 (lower-case letters and digits). Derived, so stable for the
 * article's life and needing no storage (ADR 016). Pure, shared by the
 * share buttons and the server.
 */

/** `/s/{code}` of an article id. */
export function shortLinkPath(articleId: number): string {
  return `/s/${shortLinkCode(articleId)}`;
}

export function shortLinkCode(articleId: number): string {
  if (!Number.isSafeInteger(articleId) || articleId < 1) throw new RangeError(`not an article id: ${articleId}`);
  return articleId.toString(36);
}

/** The article id of a code, or null for anything that is not a canonical code (no leading zero, lower case, at most 8 characters). */
export function parseShortLinkCode(code: string): number | null {
  if (!/^[1-9a-z][0-9a-z]{0,7}$/.test(code)) return null;
  const id = Number.parseInt(code, 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
