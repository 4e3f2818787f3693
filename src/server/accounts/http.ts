/**
 * HTTP plumbing of the account endpoints: the envelope of docs/product.md, API
 * (src/server/http) as private, never-cached answers, and the form body reader.
 */
import { BodyTooLarge, contentType, errorEnvelope, okEnvelope, readBodyBytes } from '../http/index.ts';

/** Answers depend on the session cookie: never cached, anywhere. */
const PRIVATE = { cacheControl: 'private, no-store', vary: 'Cookie, locale' } as const;

export function okResponse(code: 200 | 201, response: unknown, headers: HeadersInit = {}): Response {
  return okEnvelope(response, { ...PRIVATE, code, headers });
}

export function errorResponse(
  code: number,
  message: string,
  opts: { errors?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  return errorEnvelope(code, message, { ...PRIVATE, ...opts });
}

export type FormBody =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; problem: 'too-large' | 'unsupported' | 'malformed' };

/** 16 KB: the largest account form is a few hundred bytes. */
const MAX_ACCOUNT_FORM_BYTES = 16 * 1024;

/**
 * The text fields of a form body (application/x-www-form-urlencoded or
 * multipart/form-data; docs/product.md, Accounts and forms sends form data). Other types are refused,
 * which also keeps every account POST under the cross-site guard
 * (src/server/http/origin-check.ts checks form content types).
 */
export async function readForm(request: Request, maxBytes = MAX_ACCOUNT_FORM_BYTES): Promise<FormBody> {
  const type = contentType(request);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return { ok: false, problem: 'unsupported' };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyBytes(request, maxBytes);
  } catch (error) {
    return { ok: false, problem: error instanceof BodyTooLarge ? 'too-large' : 'malformed' };
  }
  try {
    const form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? type } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string' && !(key in fields)) fields[key] = value;
    }
    return { ok: true, fields };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
