/**
 * HTTP plumbing of the account endpoints: the envelope of DESIGN.md §3 in
 * the request's language, and the form body reader.
 */
export const NO_STORE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // Answers depend on the session cookie: never cached, anywhere.
  'cache-control': 'private, no-store',
  vary: 'Cookie, locale',
} as const;

export function okResponse(code: 200 | 201, response: unknown, headers: HeadersInit = {}): Response {
  const h = new Headers(NO_STORE_HEADERS);
  new Headers(headers).forEach((v, k) => h.append(k, v));
  return new Response(JSON.stringify({ header: { status: 'OK', code }, response }), { status: code, headers: h });
}

export function errorResponse(
  code: number,
  message: string,
  opts: { errors?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const h = new Headers(NO_STORE_HEADERS);
  new Headers(opts.headers ?? {}).forEach((v, k) => h.append(k, v));
  return new Response(
    JSON.stringify({ header: { status: 'ERROR', code, message, ...(opts.errors ? { errors: opts.errors } : {}) }, response: null }),
    { status: code, headers: h },
  );
}

export type FormBody =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; problem: 'too-large' | 'unsupported' | 'malformed' };

/** 16 KB: the largest account form is a few hundred bytes. */
export const MAX_ACCOUNT_FORM_BYTES = 16 * 1024;

/**
 * The text fields of a form body (application/x-www-form-urlencoded or
 * multipart/form-data; SPEC §7.4 sends form data). Other types are refused,
 * which also keeps every account POST under Astro's origin check (it checks
 * form content types).
 */
export async function readForm(request: Request, maxBytes = MAX_ACCOUNT_FORM_BYTES): Promise<FormBody> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return { ok: false, problem: 'unsupported' };
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, problem: 'too-large' };
  let bytes: Uint8Array;
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = request.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, problem: 'too-large' };
      }
      chunks.push(value);
    }
    bytes = Buffer.concat(chunks);
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  try {
    const form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': request.headers.get('content-type') ?? type },
    }).formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string' && !(key in fields)) fields[key] = value;
    }
    return { ok: true, fields };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
