/**
 * The newsroom API's answers in the site's envelope (docs/product.md, API):
 * `{ header: { status, code, message?, errors? }, response }`, the message
 * in the request's language (`locale` header, else Arabic). Newsroom
 * answers are never cached.
 */
import { envelope, readLocale } from '../http/index.ts';
import { apiMessage } from '../api/messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';

export type FieldErrors = Record<string, string[]>;

/** The newsroom's own messages, from the message catalogue (messages/*.json); the others are the API's. */
const MESSAGES: Record<number, (locale: Locale) => string> = {
  401: (locale) => m.polish_api_401_bearer({}, { locale }),
  409: (locale) => m.polish_api_409_newer({}, { locale }),
  412: (locale) => m.newsroom_api_412({}, { locale }),
  415: (locale) => m.polish_api_415_json_or_image({}, { locale }),
};

function newsroomMessage(code: number, locale: Locale): string {
  return MESSAGES[code]?.(locale) ?? apiMessage(code, locale);
}

/**
 * The site's envelope (src/server/http/envelope.ts), never cached; what the
 * newsroom adds is the message of a refusal, from its own table and in the
 * request's language, unless the caller gives one.
 */
export function newsroomJson(
  request: Request,
  status: number,
  response: unknown,
  extra: { errors?: FieldErrors; message?: string; headers?: Record<string, string> } = {},
): Response {
  const ok = status < 400;
  const message = extra.message ?? (ok ? undefined : newsroomMessage(status, readLocale(request, new URL(request.url))));
  return envelope(status, ok ? response : null, { message, errors: extra.errors, headers: extra.headers });
}

export function newsroomError(request: Request, status: number, errors?: FieldErrors, headers?: Record<string, string>): Response {
  return newsroomJson(request, status, null, { ...(errors ? { errors } : {}), ...(headers ? { headers } : {}) });
}
