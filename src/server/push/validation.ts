/**
 * What a browser sends to subscribe (its `PushSubscription.toJSON()` plus
 * the page's language), validated with zod in the visitor's language: the
 * endpoint must pass src/server/push/endpoint.ts, the keys must be a P-256
 * point and a 16-byte secret.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { checkEndpoint } from './endpoint.ts';
import type { SubscriptionInput } from './subscriptions.ts';
import { isValidAuth, isValidP256dh } from './webpush.ts';

export type FieldErrors = Record<string, string[]>;

/** The subscription schema, its messages in `lang`. */
export function subscriptionSchema(lang: Locale, opts: { allowLocal: boolean }) {
  const o = { locale: lang };
  const required = m.forms_error_required({}, o);
  return z.object({
    endpoint: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .refine((v) => checkEndpoint(v, opts).ok, m.push_error_endpoint({}, o)),
    keys: z.object(
      {
        p256dh: z.string({ error: required }).refine(isValidP256dh, m.push_error_key({}, o)),
        auth: z.string({ error: required }).refine(isValidAuth, m.push_error_auth({}, o)),
      },
      { error: required },
    ),
    lang: z.enum(LOCALES, { error: m.forms_error_lang({}, o) }).optional(),
  });
}

/** Validates a request body; on failure, the first message of each field ("keys.p256dh"…). */
export function parseSubscription(
  fields: unknown,
  lang: Locale,
  opts: { allowLocal: boolean },
): { ok: true; data: SubscriptionInput } | { ok: false; errors: FieldErrors } {
  const result = subscriptionSchema(lang, opts).safeParse(fields);
  if (result.success) return { ok: true, data: { endpoint: result.data.endpoint, keys: result.data.keys, lang: result.data.lang } };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= [issue.message];
  }
  return { ok: false, errors };
}

