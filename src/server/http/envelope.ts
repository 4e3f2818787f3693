/**
 * JSON answers. `jsonResponse` is the one way a JSON body leaves the server
 * (content type, headers); the API envelope of docs/product.md, API,
 * `{ header: { status, code, message?, errors? }, response }`, is built on it
 * for every JSON answer: the API dispatcher's, the newsroom's and desk's,
 * and the other endpoints' (accounts, forms, push, tracking, widgets).
 */
type FieldErrors = Record<string, string[]>;

/**
 * A JSON answer: the body serialised, `content-type: application/json;
 * charset=utf-8`, then the headers given (Set-Cookie appended, so several
 * survive).
 */
export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const h = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  new Headers(headers).forEach((v, k) => (k === 'set-cookie' ? h.append(k, v) : h.set(k, v)));
  return new Response(JSON.stringify(body), { status, headers: h });
}

export interface EnvelopeOptions {
  message?: string | undefined;
  errors?: FieldErrors | undefined;
  /** Extra headers (appended, so several Set-Cookie survive). */
  headers?: HeadersInit | undefined;
  /** Default: no-store. */
  cacheControl?: string;
  /** Default: locale. */
  vary?: string;
}

/**
 * The envelope for any status: `status: 'OK'` below 400, `'ERROR'` from 400;
 * the message and the errors per field when given (an error's message is the
 * caller's, in the visitor's language). `response` is sent as given: null
 * for a refusal, except one that carries data (the desk's 409 with the
 * stored version).
 */
export function envelope(code: number, response: unknown, opts: EnvelopeOptions = {}): Response {
  const ok = code < 400;
  const body = {
    header: {
      status: ok ? 'OK' : 'ERROR',
      code,
      ...(opts.message ? { message: opts.message } : {}),
      ...(opts.errors ? { errors: opts.errors } : {}),
    },
    response,
  };
  const headers = new Headers({ 'cache-control': opts.cacheControl ?? 'no-store', vary: opts.vary ?? 'locale' });
  new Headers(opts.headers ?? {}).forEach((v, k) => (k === 'set-cookie' ? headers.append(k, v) : headers.set(k, v)));
  return jsonResponse(body, code, headers);
}

/** A success: `status: 'OK'`. */
export function okEnvelope(response: unknown, opts: Omit<EnvelopeOptions, 'errors'> & { code?: 200 | 201 } = {}): Response {
  return envelope(opts.code ?? 200, response, { ...opts, errors: undefined });
}

/** A refusal: `status: 'ERROR'`, the message in the visitor's language, errors per field if any. */
export function errorEnvelope(code: number, message: string, opts: Omit<EnvelopeOptions, 'message'> = {}): Response {
  return envelope(code, null, { ...opts, message });
}
