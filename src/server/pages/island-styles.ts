/**
 * Astro writes the islands' base rule (`astro-island{display:contents}`) as
 * a <style> right before the first island, inside <body>, where a <style>
 * is not valid HTML (html-validate: element-permitted-content), and has no
 * option to place it elsewhere. The middleware moves it into <head>, where
 * it applies the same.
 */
import { STATUS_CODES } from 'node:http';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

export const ISLAND_STYLE_TAG = `<style>${ISLAND_STYLES}</style>`;

/** The page with Astro's island <style> moved from <body> to the end of <head>. */
export function hoistIslandStyles(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const rest = html.slice(headEnd);
  if (!rest.includes(ISLAND_STYLE_TAG)) return html;
  const head = html.slice(0, headEnd);
  return `${head.includes(ISLAND_STYLE_TAG) ? head : head + ISLAND_STYLE_TAG}${rest.replaceAll(ISLAND_STYLE_TAG, '')}`;
}

/**
 * A page's response with its island <style> in <head> (other responses
 * unchanged), and a status line that agrees with its status: a page that
 * sets `Astro.response.status = 404` keeps Astro's statusText "OK", which
 * the Node adapter wrote as "404 OK".
 */
export async function withIslandStylesInHead(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || !response.body) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(hoistIslandStyles(html), { status: response.status, statusText: STATUS_CODES[response.status] ?? '', headers });
}
