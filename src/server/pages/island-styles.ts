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

const TAG_BYTES = Buffer.from(ISLAND_STYLE_TAG);
const HEAD_END_BYTES = Buffer.from('</head>');

/**
 * The page with Astro's island <style> moved from <body> to the end of <head>.
 * On the page's UTF-8 bytes (the tags are ASCII, so a byte match is a
 * character match): a response is neither decoded nor encoded again.
 */
function hoistIslandStyleBytes(html: Buffer): Buffer {
  const headEnd = html.indexOf(HEAD_END_BYTES);
  if (headEnd === -1) return html;
  let at = html.indexOf(TAG_BYTES, headEnd);
  if (at === -1) return html;
  const head = html.subarray(0, headEnd);
  const parts = head.indexOf(TAG_BYTES) === -1 ? [head, TAG_BYTES] : [head];
  let from = headEnd;
  while (at !== -1) {
    parts.push(html.subarray(from, at));
    from = at + TAG_BYTES.length;
    at = html.indexOf(TAG_BYTES, from);
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

const SCRIPT_OPEN_BYTES = Buffer.from('<script');
const SCRIPT_CLOSE_BYTES = Buffer.from('</script>');

/**
 * The page without any <script> element: a lite page (ADR 038) runs no
 * script, and Astro adds its prefetch module to every page it renders, with
 * no option to leave one out.
 */
function dropScriptBytes(html: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  let at = html.indexOf(SCRIPT_OPEN_BYTES);
  while (at !== -1) {
    const close = html.indexOf(SCRIPT_CLOSE_BYTES, at);
    if (close === -1) break;
    parts.push(html.subarray(from, at));
    from = close + SCRIPT_CLOSE_BYTES.length;
    at = html.indexOf(SCRIPT_OPEN_BYTES, from);
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/** hoistIslandStyleBytes on a string. */
export function hoistIslandStyles(html: string): string {
  return hoistIslandStyleBytes(Buffer.from(html)).toString('utf8');
}

/**
 * A page's response with its island <style> in <head> (other responses
 * unchanged), and a status line that agrees with its status: a page that
 * sets `Astro.response.status = 404` keeps Astro's statusText "OK", which
 * the Node adapter wrote as "404 OK". `noScripts`: every <script> element
 * left out as well (the lite pages).
 */
export async function withIslandStylesInHead(response: Response, opts: { noScripts?: boolean } = {}): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || !response.body) return response;
  const page = Buffer.from(await response.arrayBuffer());
  const html = hoistIslandStyleBytes(opts.noScripts ? dropScriptBytes(page) : page);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // Buffer.concat and Buffer.from(ArrayBuffer) are backed by an ArrayBuffer, never a SharedArrayBuffer.
  return new Response(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.length), { status: response.status, statusText: STATUS_CODES[response.status] ?? '', headers });
}
