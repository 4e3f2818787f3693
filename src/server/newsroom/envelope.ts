/**
 * The newsroom API's answers in the site's envelope (DESIGN.md §3):
 * `{ header: { status, code, message?, errors? }, response }`, the message
 * in the request's language (`locale` header, else Arabic). Newsroom
 * answers are never cached.
 */
import { readLocale } from '../api/dispatch.ts';
import { apiMessage } from '../api/messages.ts';
import type { Lang } from '../db/schema.ts';

export type FieldErrors = Record<string, string[]>;

const MESSAGES: Record<number, Record<Lang, string>> = {
  401: {
    ar: 'رمز الولوج مفقود أو غير صالح: أرسل رأس Authorization: Bearer برمز صالح.',
    fr: 'Jeton absent ou invalide : envoyez l’en-tête Authorization: Bearer avec un jeton valide.',
  },
  409: {
    ar: 'توجد نسخة أحدث من هذا المحتوى: لم يتغير شيء.',
    fr: 'Une version plus récente de ce contenu existe déjà : rien n’a été modifié.',
  },
  413: { ar: 'الملف المرسل كبير جدًا.', fr: 'Le contenu envoyé est trop volumineux.' },
  415: {
    ar: 'نوع المحتوى غير مقبول: أرسل JSON أو صورة JPEG أو PNG أو WebP.',
    fr: 'Type de contenu non accepté : envoyez du JSON ou une image JPEG, PNG ou WebP.',
  },
};

export function newsroomMessage(code: number, locale: Lang): string {
  return MESSAGES[code]?.[locale] ?? apiMessage(code, locale);
}

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'locale' };

export function newsroomJson(
  request: Request,
  status: number,
  response: unknown,
  extra: { errors?: FieldErrors; message?: string; headers?: Record<string, string> } = {},
): Response {
  const locale = readLocale(request, new URL(request.url));
  const ok = status < 400;
  const message = extra.message ?? (ok ? undefined : newsroomMessage(status, locale));
  return new Response(
    JSON.stringify({
      header: {
        status: ok ? 'OK' : 'ERROR',
        code: status,
        ...(message ? { message } : {}),
        ...(extra.errors ? { errors: extra.errors } : {}),
      },
      response: ok ? response : null,
    }),
    { status, headers: { ...HEADERS, ...extra.headers } },
  );
}

export function newsroomError(request: Request, status: number, errors?: FieldErrors, headers?: Record<string, string>): Response {
  return newsroomJson(request, status, null, { ...(errors ? { errors } : {}), ...(headers ? { headers } : {}) });
}
