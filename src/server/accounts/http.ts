/**
 * HTTP plumbing of the account endpoints: the envelope of docs/product.md, API
 * (src/server/http) as private, never-cached answers.
 */
import { errorEnvelope, okEnvelope } from '../http/index.ts';

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
