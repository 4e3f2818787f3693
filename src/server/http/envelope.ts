/**
 * The API envelope of docs/product.md, API, `{ header: { status, code, message?,
 * errors? }, response }`, for every JSON answer outside the API dispatcher's
 * own routes too (accounts, forms, push, tracking, widgets).
 */
type FieldErrors = Record<string, string[]>;

export interface EnvelopeOptions {
  message?: string | undefined;
  errors?: FieldErrors | undefined;
  /** Extra headers (appended, so several Set-Cookie survive). */
  headers?: HeadersInit;
  /** Default: no-store. */
  cacheControl?: string;
  /** Default: locale. */
  vary?: string;
}

function answer(body: unknown, code: number, opts: EnvelopeOptions): Response {
  const h = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': opts.cacheControl ?? 'no-store',
    vary: opts.vary ?? 'locale',
  });
  new Headers(opts.headers ?? {}).forEach((v, k) => (k === 'set-cookie' ? h.append(k, v) : h.set(k, v)));
  return new Response(JSON.stringify(body), { status: code, headers: h });
}

/** A success: `status: 'OK'`. */
export function okEnvelope(response: unknown, opts: EnvelopeOptions & { code?: 200 | 201 } = {}): Response {
  const code = opts.code ?? 200;
  return answer({ header: { status: 'OK', code, ...(opts.message ? { message: opts.message } : {}) }, response }, code, opts);
}

/** A refusal: `status: 'ERROR'`, the message in the visitor's language, errors per field if any. */
export function errorEnvelope(code: number, message: string, opts: Omit<EnvelopeOptions, 'message'> = {}): Response {
  return answer(
    { header: { status: 'ERROR', code, message, ...(opts.errors ? { errors: opts.errors } : {}) }, response: null },
    code,
    opts,
  );
}
