/**
 * Reads a form submission's fields from a request body: JSON (an object),
 * application/x-www-form-urlencoded or multipart/form-data (text fields
 * only; files are ignored). The body is refused past `maxBytes`, declared
 * or streamed.
 */
import { BodyTooLarge, contentType, readBodyBytes } from '../http/index.ts';

export type BodyResult =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; problem: 'too-large' | 'unsupported' | 'malformed' };

/** 64 KB: a 5000-letter Arabic message is about 30 KB once form-encoded. */
const MAX_FORM_BYTES = 64 * 1024;

export { contentType };

export async function readFormFields(request: Request, maxBytes = MAX_FORM_BYTES): Promise<BodyResult> {
  const type = contentType(request);
  if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    return { ok: false, problem: 'unsupported' };
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyBytes(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, problem: 'too-large' };
    return { ok: false, problem: 'malformed' };
  }
  try {
    if (type === 'application/json') {
      const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: 'malformed' };
      return { ok: true, fields: value as Record<string, unknown> };
    }
    // Let the platform parse both form encodings (boundaries, charsets).
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
