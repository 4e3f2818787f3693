/**
 * The one fetch helper for islands calling the site's own API (docs/product.md, API, Errors, Limits).
 *
 *  - sends the `locale` header with the page's language (docs/product.md, API: "a locale
 *    header carrying the current language is sent with every request");
 *  - reads the envelope `{ header: { status, code, message?, errors? },
 *    response }` and hands back `response`; a JSON answer without an
 *    envelope (the widget endpoints, e.g. /prieres/horaire-api.php) is
 *    handed back whole;
 *  - 204 (and 205) → `null` ("nothing", e.g. no breaking news);
 *  - status 400 → the visitor goes to the home page of their language
 *    (docs/product.md, Errors, `route('index', lang)`), unless already there (no loop), and
 *    the call rejects with an `ApiError` of kind `bad-request`;
 *  - any other failure rejects with a typed `ApiError`: `http` (4xx/5xx or
 *    an envelope whose status is ERROR; `status`, `message` and per-field
 *    `errors` of a 422 kept), `network` (no answer), `invalid` (not JSON),
 *    `aborted` (the caller's AbortSignal fired: callers ignore these, see
 *    `isAbortError`);
 *  - "Fetch minimum delay 200 ms" (docs/product.md, Limits): an answer is handed over no
 *    sooner than `minDelayMs` (default 200) after the call began, so a
 *    loading state never flashes; a caller that must be quick passes 0.
 *    Aborting cuts the wait short.
 *
 * For the callers that read an answer's status themselves (the account
 * popups' 401/409/422, the weather's 404, the ad server, a VAST document
 * from an ad network, the country lookup), `siteFetch` is the raw call, and
 * `beacon` a POST that outlives the page. Islands and stores call the
 * network only through this file: ESLint forbids `fetch`, `XMLHttpRequest`
 * and `navigator.sendBeacon` in src/islands and src/stores.
 *
 * Browser code; `fetch`, `location` and the clock are injectable for tests.
 */
import type { Locale } from '../i18n/locales.ts';
import { route, withQuery } from './routes.ts';

/** docs/product.md, Limits: the shortest time a call takes from the visitor's point of view. */
export const FETCH_MIN_DELAY_MS = 200;

export type ApiErrorKind = 'network' | 'aborted' | 'http' | 'invalid' | 'bad-request';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status (or the envelope's code), null when no answer came. */
  readonly status: number | null;
  /** Per-field errors of the envelope (422 answers), when given. */
  readonly errors: Record<string, string[]> | undefined;

  constructor(kind: ApiErrorKind, message: string, status: number | null = null, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.errors = errors;
  }
}

/** True for a call cancelled by its AbortSignal (to be ignored, not logged). */
export function isAbortError(error: unknown): boolean {
  if (error instanceof ApiError) return error.kind === 'aborted';
  return error instanceof Error && error.name === 'AbortError';
}

type Query = Record<string, string | number | undefined | null>;

export interface ApiRequestOptions {
  /** The page's language: sent as the `locale` header; decides the home page of a 400. */
  locale: Locale;
  method?: 'GET' | 'POST';
  /** Query parameters (empty, null and undefined values left out). */
  query?: Query;
  /** FormData / URLSearchParams as they are; a plain object is sent as JSON. */
  body?: FormData | URLSearchParams | string | Record<string, unknown>;
  signal?: AbortSignal | undefined;
  /** Default FETCH_MIN_DELAY_MS. */
  minDelayMs?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Injected in tests. */
  fetch?: typeof fetch;
  location?: Pick<Location, 'assign' | 'pathname'>;
  now?: () => number;
}

interface Envelope {
  header: { status?: unknown; code?: unknown; message?: unknown; errors?: unknown };
  response?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const header = (body as { header?: unknown }).header;
  return typeof header === 'object' && header !== null && 'status' in header;
}

function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

function aborted(): ApiError {
  return new ApiError('aborted', 'the request was cancelled');
}

/** Waits `ms`, or rejects at once with an `aborted` error when the signal fires. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(aborted());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The home page of a language, e.g. "/fr" (docs/product.md, Errors). */
export const homePath = (locale: Locale): string => route('index', locale);

/**
 * docs/product.md, Errors: a call answered 400 sends the visitor to the home page of their
 * language; nothing happens when they are already there (an island of the
 * home page answered 400: going "home" again would loop).
 */
export function sendHome(locale: Locale, loc: Pick<Location, 'assign' | 'pathname'> | undefined = globalThis.location): boolean {
  if (!loc) return false;
  const home = homePath(locale);
  if (loc.pathname.replace(/\/+$/, '') === home) return false;
  loc.assign(home);
  return true;
}

/**
 * Calls the site's API; resolves with the envelope's `response` (or the
 * whole JSON answer without an envelope), `null` for 204; rejects with an
 * `ApiError` (see the top of this file).
 */
export async function apiRequest<T>(path: string, opts: ApiRequestOptions): Promise<T | null> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const now = opts.now ?? Date.now;
  const started = now();
  const minDelay = opts.minDelayMs ?? FETCH_MIN_DELAY_MS;
  const headers: Record<string, string> = { accept: 'application/json', locale: opts.locale, ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof URLSearchParams || typeof opts.body === 'string') {
    body = opts.body;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }

  const settle = async <R>(outcome: Promise<R>): Promise<R> => {
    // The minimum delay applies to answers and failures alike (no flash of
    // an error state either); a cancellation ends the call at once.
    let result: { ok: true; value: R } | { ok: false; error: unknown };
    try {
      result = { ok: true, value: await outcome };
    } catch (error) {
      result = { ok: false, error };
    }
    if (!result.ok && isAbortError(result.error)) throw result.error;
    await wait(minDelay - (now() - started), opts.signal);
    if (result.ok) return result.value;
    throw result.error;
  };

  if (opts.signal?.aborted) throw aborted();

  let res: Response;
  try {
    res = await doFetch(opts.query ? withQuery(path, opts.query) : path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: body ?? null,
      signal: opts.signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (opts.signal?.aborted || isAbortError(error)) throw aborted();
    return settle(Promise.reject(new ApiError('network', `no answer from ${path}: ${(error as Error)?.message ?? String(error)}`)));
  }

  if (res.status === 400) {
    // docs/product.md, Errors: no minimum delay, the visitor leaves.
    sendHome(opts.locale, opts.location);
    throw new ApiError('bad-request', `${path} answered 400`, 400);
  }

  return settle(
    (async (): Promise<T | null> => {
      if (res.status === 204 || res.status === 205) return null;
      let text: string;
      try {
        text = await res.text();
      } catch (error) {
        if (opts.signal?.aborted || isAbortError(error)) throw aborted();
        throw new ApiError('network', `the answer of ${path} was cut off`, res.status);
      }
      let json: unknown;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch {
        if (!res.ok) throw new ApiError('http', `${path} answered ${res.status}`, res.status);
        throw new ApiError('invalid', `${path} did not answer JSON`, res.status);
      }
      if (isEnvelope(json)) {
        const { header } = json;
        const code = typeof header.code === 'number' ? header.code : res.status;
        if (!res.ok || header.status !== 'OK') {
          const message = typeof header.message === 'string' && header.message ? header.message : `${path} answered ${code}`;
          throw new ApiError('http', message, res.ok ? code : res.status, fieldErrors(header.errors));
        }
        return (json.response ?? null) as T | null;
      }
      if (!res.ok) throw new ApiError('http', `${path} answered ${res.status}`, res.status);
      return json as T | null;
    })(),
  );
}

/** A GET through `apiRequest`. */
export function apiGet<T>(path: string, opts: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T | null> {
  return apiRequest<T>(path, { ...opts, method: 'GET' });
}

/**
 * The raw request, for callers that read the status themselves: `fetch`
 * with the page's `locale` header when a locale is given (never on a
 * third-party URL: it would need a CORS preflight).
 */
export function siteFetch(url: string, init: RequestInit = {}, locale?: Locale, doFetch: typeof fetch = globalThis.fetch): Promise<Response> {
  const headers = new Headers(init.headers);
  if (locale && !headers.has('locale')) headers.set('locale', locale);
  return doFetch(url, { ...init, headers });
}

/** Hands a small POST to the browser so that it outlives the page (navigator.sendBeacon); false when it refused. */
export function beacon(url: string, body?: BodyInit): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, body);
  } catch {
    // Some browsers refuse a non-form Blob type: the caller falls back to siteFetch.
    return false;
  }
}
