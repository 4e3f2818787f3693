/**
 * The newsletter and contact forms' fields, validated with zod in the
 * visitor's language: the schemas are built per language so every message
 * is ready to show next to its field. Parsing answers the first problem of
 * each field (what a form shows), keyed by the field's name.
 *
 * Bounds: e-mail 254 characters (RFC 5321 path limit), name 2-100, phone 6
 * to 20 characters of digits, spaces, + ( ) . -, message 10-5000.
 * Single-line fields have their whitespace collapsed (no line breaks can
 * reach a mail header); the message keeps its line breaks.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';

export const FIELD_LIMITS = {
  email: 254,
  nameMin: 2,
  name: 100,
  phone: 20,
  messageMin: 10,
  message: 5000,
} as const;

/** The contact form's subjects (stored as these keys, shown translated). */
export const CONTACT_SUBJECTS = ['programmes', 'news', 'reception', 'advertising', 'partnership', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** The field that must stay empty: humans never see it, form-filling robots do. */
export const HONEYPOT_FIELD = 'website';

export type FieldErrors = Record<string, string[]>;

export function contactSubjectLabel(subject: ContactSubject, lang: Locale): string {
  const o = { locale: lang };
  switch (subject) {
    case 'programmes':
      return m.contact_subject_programmes({}, o);
    case 'news':
      return m.contact_subject_news({}, o);
    case 'reception':
      return m.contact_subject_reception({}, o);
    case 'advertising':
      return m.contact_subject_advertising({}, o);
    case 'partnership':
      return m.contact_subject_partnership({}, o);
    case 'other':
      return m.contact_subject_other({}, o);
  }
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const oneLine = (v: string) => v.replace(/\s+/g, ' ').trim();
// Control characters other than line breaks and tabs have no place in a message.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function messages(lang: Locale) {
  const o = { locale: lang };
  return {
    required: m.forms_error_required({}, o),
    email: m.forms_error_email({}, o),
    tooLong: (max: number) => m.forms_error_too_long({ max }, o),
    nameShort: m.forms_error_name_short({}, o),
    messageShort: m.forms_error_message_short({}, o),
    phone: m.forms_error_phone({}, o),
    subject: m.forms_error_subject({}, o),
    lang: m.forms_error_lang({}, o),
  };
}

function emailField(lang: Locale) {
  const t = messages(lang);
  return z
    .string({ error: t.required })
    .trim()
    .min(1, t.required)
    .max(FIELD_LIMITS.email, t.tooLong(FIELD_LIMITS.email))
    .pipe(z.email({ error: t.email }))
    .transform((v) => v.toLowerCase());
}

function langField(lang: Locale) {
  return z.preprocess(blankToUndefined, z.enum(LOCALES, { error: messages(lang).lang }).optional());
}

export function newsletterSchema(lang: Locale) {
  const t = messages(lang);
  return z.object({
    email: emailField(lang),
    lang: langField(lang),
    name: z.preprocess(
      blankToUndefined,
      z.string({ error: t.required }).max(FIELD_LIMITS.name, t.tooLong(FIELD_LIMITS.name)).transform(oneLine).optional(),
    ),
  });
}

export function contactSchema(lang: Locale) {
  const t = messages(lang);
  return z.object({
    name: z
      .string({ error: t.required })
      .transform(oneLine)
      .pipe(z.string().min(1, t.required).min(FIELD_LIMITS.nameMin, t.nameShort).max(FIELD_LIMITS.name, t.tooLong(FIELD_LIMITS.name))),
    email: emailField(lang),
    phone: z.preprocess(
      blankToUndefined,
      z
        .string({ error: t.phone })
        .transform(oneLine)
        .pipe(
          z
            .string()
            .max(FIELD_LIMITS.phone, t.tooLong(FIELD_LIMITS.phone))
            .regex(/^\+?[0-9 ().-]+$/, t.phone)
            .refine((v) => (v.match(/[0-9]/g) ?? []).length >= 6, t.phone),
        )
        .optional(),
    ),
    subject: z.enum(CONTACT_SUBJECTS, { error: t.subject }),
    message: z
      .string({ error: t.required })
      .transform((v) => v.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
      .pipe(
        z
          .string()
          .min(1, t.required)
          .min(FIELD_LIMITS.messageMin, t.messageShort)
          .max(FIELD_LIMITS.message, t.tooLong(FIELD_LIMITS.message)),
      ),
    lang: langField(lang),
  });
}
export type ContactInput = z.output<ReturnType<typeof contactSchema>>;

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates with `schema`; on failure, the first message of each field. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): Parsed<T> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= [issue.message];
  }
  return { ok: false, errors };
}

/** True when the honeypot field holds anything: the submission is a robot's. */
export function honeypotFilled(fields: Record<string, unknown>): boolean {
  const value = fields[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}
