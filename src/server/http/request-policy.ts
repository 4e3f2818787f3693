/**
 * What the front server refuses before anything else looks at a request
 * (ADR 029), so that no answer, rendered or cached, depends on what a
 * client wrote in its Host header or method:
 *
 *  - a Host that is not SITE_URL's host or one of SITE_HOST_ALIASES: 400
 *    (the site renders every page as SITE_URL + the path whatever the
 *    Host, so this is the second line: a name the site was never meant to
 *    answer to is refused rather than served). `/healthz`, which load
 *    balancers and the test harness ask by address (`127.0.0.1:4321`),
 *    answers whatever the Host: it renders nothing and is never cached;
 *  - a request target longer than MAX_PATH_BYTES before its query (or
 *    MAX_TARGET_BYTES in all): 414, before any redirect could repeat it;
 *  - TRACE, CONNECT and every method the site does not know: 405, never
 *    handed to a render worker; a page (not the API, media, tracking or
 *    another endpoint) answers only GET and HEAD, and POST where a form
 *    posts to it without JavaScript: 405 with `Allow` for anything else.
 *
 * Each check is a few string comparisons and one Set lookup: it runs on
 * the front server's thread for every request, pre-built pages included.
 */
import { EXCLUDED_FIRST_SEGMENTS } from '../../lib/locale-redirect.ts';

/** Longest path (bytes, before `?`) answered: longer ones get 414. */
export const MAX_PATH_BYTES = 2048;
/** Longest request target in all (nginx's default request line buffer is 8 KB). */
const MAX_TARGET_BYTES = 8192;

/** The methods the site implements somewhere (the API and endpoints decide among them per route). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ENDPOINT_ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PAGE_ALLOW = 'GET, HEAD';
const FORM_PAGE_ALLOW = 'GET, HEAD, POST';

/** The pages a form posts to without JavaScript (contact, newsletter sign-up and unsubscribe). */
const FORM_PAGE = /^\/(?:ar|fr)\/(?:contact|newsletter|newsletter\/unsubscribe)\/?$/;

/** The readiness check (server.ts): answered whatever the Host. */
export const HEALTH_PATH = '/healthz';

/** A path that may be a page (not the API, media, the live stream, a file…). */
export function isPagePath(pathname: string): boolean {
  const second = pathname.indexOf('/', 1);
  const first = second === -1 ? pathname.slice(1) : pathname.slice(1, second);
  if (EXCLUDED_FIRST_SEGMENTS.has(first) || first === 'sample-media') return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]{1,12}$/.test(last);
}

/** The methods a path answers, as an `Allow` header. */
export function allowedMethods(pathname: string): string {
  if (!isPagePath(pathname)) return ENDPOINT_ALLOW;
  return FORM_PAGE.test(pathname) ? FORM_PAGE_ALLOW : PAGE_ALLOW;
}

export interface Refusal {
  status: 400 | 405 | 414;
  headers: Record<string, string>;
  body: string;
}

/** A host as compared: lower case, without the scheme's default port. */
function normalHost(host: string, defaultPort: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith(`:${defaultPort}`) ? lower.slice(0, -defaultPort.length - 1) : lower;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The hosts a site answers to: SITE_URL's (with or without its scheme's
 * default port) and its aliases. A SITE_URL on this machine (localhost,
 * 127.0.0.1, [::1]) answers to all three names at its port: the quick
 * start's http://localhost:4321 is also reached as http://127.0.0.1:4321.
 */
export function acceptedHosts(siteUrl: string, aliases: readonly string[] = []): ReadonlySet<string> {
  const url = new URL(siteUrl);
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const hosts = new Set<string>();
  const own = LOOPBACK_NAMES.includes(url.hostname) ? LOOPBACK_NAMES.map((name) => (url.port ? `${name}:${url.port}` : name)) : [url.host];
  for (const host of [...own, ...aliases]) {
    const normal = normalHost(host, defaultPort);
    hosts.add(normal);
    // "www.2m.ma:443" is the same host as "www.2m.ma" on https.
    if (!/:\d+$/.test(normal) || normal.endsWith(']')) hosts.add(`${normal}:${defaultPort}`);
  }
  return hosts;
}

const refusal = (status: Refusal['status'], body: string, extra: Record<string, string> = {}): Refusal => ({
  status,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  body: `${body}\n`,
});

/**
 * The check of the front server: null when the request may go on, else
 * the answer it gets. `hosts` from `acceptedHosts` (null: any Host, for tests of other parts).
 */
export function requestRefusal(method: string | undefined, url: string | undefined, host: string | undefined, hosts: ReadonlySet<string> | null): Refusal | null {
  const target = url ?? '/';
  const q = target.indexOf('?');
  const pathname = q === -1 ? target : target.slice(0, q);
  // Host: exactly one of the site's names (Node joins repeated Host headers; a missing one is HTTP/1.0). /healthz: any.
  if (hosts && pathname !== HEALTH_PATH && (host === undefined || !hosts.has(host.toLowerCase()))) return refusal(400, 'Bad request: unknown host');
  // Lengths in UTF-16 units are at most the bytes of the (ASCII, percent-encoded) target; compared in bytes past the cheap bound.
  if (target.length > MAX_PATH_BYTES && (Buffer.byteLength(pathname) > MAX_PATH_BYTES || Buffer.byteLength(target) > MAX_TARGET_BYTES)) {
    return refusal(414, 'URI too long');
  }
  const m = method ?? 'GET';
  if (m === 'GET' || m === 'HEAD') return null;
  const allow = allowedMethods(pathname);
  if (!KNOWN_METHODS.has(m) || !allow.includes(m)) return refusal(405, 'Method not allowed', { Allow: allow });
  return null;
}
