/**
 * The account forms' fields (docs/product.md, Content "Sign-up payload", "Sign-in payload"),
 * validated in the visitor's language: every message is ready to show next
 * to its field. Each field answers its first problem only (what a form
 * shows).
 *
 * Bounds (docs/product.md, Validation): birth date a real YYYY-MM-DD day, age
 * 13 to 120 on the day of sign-up in Casablanca; sexe H or F (H when absent);
 * name 2-80 characters once whitespace is collapsed, no control characters;
 * e-mail at most 254 characters, trimmed, NFC and lower-cased; password 8 to
 * 256 characters, NFKC-normalised (so the same password typed on two
 * keyboards gives the same bytes), never trimmed.
 */
import { z } from 'zod';
import type { Locale } from '../../i18n/locales.ts';
import { DAY_PATTERN, isValidDay, todayInCasablanca } from '../../lib/dates.ts';
import * as m from '../../paraglide/messages.js';

export const ACCOUNT_LIMITS = {
  nameMin: 2,
  name: 80,
  email: 254,
  passwordMin: 8,
  password: 256,
  ageMin: 13,
  ageMax: 120,
} as const;

type FieldErrors = Record<string, string[]>;

export interface SignUpInput {
  date: string;
  sexe: 'H' | 'F';
  name: string;
  email: string;
  password: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

// Control characters (C0, DEL, C1) and bidi overrides have no place in a display name.
const NAME_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

export function normalizeEmail(raw: string): string {
  return raw.normalize('NFC').trim().toLowerCase();
}

function normalizePassword(raw: string): string {
  return raw.normalize('NFKC');
}

/** Whole years between a birth day and a day (both YYYY-MM-DD). */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0);
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const blank = (v: unknown) => text(v) === undefined || text(v)!.trim() === '';

function emailSchema(lang: Locale) {
  const o = { locale: lang };
  return z
    .string()
    .transform(normalizeEmail)
    .pipe(
      z
        .email({ error: m.account_field_email_invalid({}, o) })
        .max(ACCOUNT_LIMITS.email, { error: m.account_field_email_invalid({}, o) }),
    );
}

function signUpSchema(lang: Locale, today: string) {
  const o = { locale: lang };
  const { ageMin, ageMax } = ACCOUNT_LIMITS;
  return z.object({
    date: z
      .string()
      .trim()
      .refine((v) => DAY_PATTERN.test(v) && isValidDay(v), { error: m.account_field_date_invalid({}, o), abort: true })
      .refine(
        (v) => {
          const age = ageOn(v, today);
          return age >= ageMin && age <= ageMax;
        },
        { error: m.account_field_date_age({ min: String(ageMin), max: String(ageMax) }, o) },
      ),
    sexe: z.enum(['H', 'F'], { error: m.account_field_sexe_invalid({}, o) }),
    name: z
      .string()
      .transform((v) => v.normalize('NFC').replace(/\s+/gu, ' ').trim())
      .pipe(
        z
          .string()
          .min(ACCOUNT_LIMITS.nameMin, {
            error: m.account_field_name_length({ min: String(ACCOUNT_LIMITS.nameMin), max: String(ACCOUNT_LIMITS.name) }, o),
          })
          .max(ACCOUNT_LIMITS.name, {
            error: m.account_field_name_length({ min: String(ACCOUNT_LIMITS.nameMin), max: String(ACCOUNT_LIMITS.name) }, o),
          })
          .refine((v) => !NAME_FORBIDDEN.test(v), { error: m.account_field_name_chars({}, o) }),
      ),
    email: emailSchema(lang),
    password: z
      .string()
      .transform(normalizePassword)
      .pipe(
        z
          .string()
          .min(ACCOUNT_LIMITS.passwordMin, { error: m.account_field_password_short({ min: String(ACCOUNT_LIMITS.passwordMin) }, o) })
          .max(ACCOUNT_LIMITS.password, { error: m.account_field_password_long({ max: String(ACCOUNT_LIMITS.password) }, o) }),
      ),
  });
}

function collect(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    // The first problem of each field is the one to show.
    if (!out[key]) out[key] = [issue.message];
  }
  return out;
}

function requireFields(fields: Record<string, unknown>, names: readonly string[], lang: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of names) {
    if (blank(fields[name])) errors[name] = [m.account_field_required({}, { locale: lang })];
  }
  return errors;
}

/** Sign-up form data: date, sexe (H by default), name, email, password. */
export function parseSignUp(fields: Record<string, unknown>, lang: Locale, now: Date = new Date()): Parsed<SignUpInput> {
  const required = requireFields(fields, ['date', 'name', 'email', 'password'], lang);
  const candidate = {
    date: text(fields.date) ?? '',
    sexe: blank(fields.sexe) ? 'H' : text(fields.sexe)?.trim() ?? fields.sexe,
    name: text(fields.name) ?? '',
    email: text(fields.email) ?? '',
    password: text(fields.password) ?? '',
  };
  const result = signUpSchema(lang, todayInCasablanca(now)).safeParse(candidate);
  const errors = { ...(result.success ? {} : collect(result.error)), ...required };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: result.data as SignUpInput };
}

/**
 * Sign-in form data: username (the e-mail) and password. Only presence is
 * checked: a malformed e-mail simply matches no account (same answer as a
 * wrong password).
 */
export function parseSignIn(fields: Record<string, unknown>, lang: Locale): Parsed<SignInInput> {
  const errors = requireFields(fields, ['username', 'password'], lang);
  const username = text(fields.username) ?? '';
  const password = text(fields.password) ?? '';
  if (!errors.username && username.length > ACCOUNT_LIMITS.email) errors.username = [m.account_field_email_invalid({}, { locale: lang })];
  if (!errors.password && password.length > ACCOUNT_LIMITS.password) {
    errors.password = [m.account_field_password_long({ max: String(ACCOUNT_LIMITS.password) }, { locale: lang })];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { email: normalizeEmail(username), password: normalizePassword(password) } };
}

/**
 * Password change form data: current (the password in use) and password
 * (the new one, held to the sign-up rules: 8 to 256 characters, NFKC).
 */
export function parsePasswordChange(fields: Record<string, unknown>, lang: Locale): Parsed<{ current: string; password: string }> {
  const errors = requireFields(fields, ['current', 'password'], lang);
  const current = text(fields.current) ?? '';
  if (!errors.current && current.length > ACCOUNT_LIMITS.password) {
    errors.current = [m.account_field_password_long({ max: String(ACCOUNT_LIMITS.password) }, { locale: lang })];
  }
  const next = signUpSchema(lang, todayInCasablanca(new Date())).shape.password.safeParse(text(fields.password) ?? '');
  if (!errors.password && !next.success) errors.password = [next.error.issues[0]?.message ?? m.account_error_invalid_form({}, { locale: lang })];
  if (Object.keys(errors).length > 0 || !next.success) return { ok: false, errors };
  return { ok: true, value: { current: normalizePassword(current), password: next.data } };
}

/** `/api/account/auth-fb`: the access token the SDK gave the browser. */
export function parseFacebookBody(fields: Record<string, unknown>, lang: Locale): Parsed<{ accessToken: string }> {
  const raw = text(fields.accessToken) ?? text(fields.access_token) ?? '';
  const token = raw.trim();
  if (!token) return { ok: false, errors: { accessToken: [m.account_field_required({}, { locale: lang })] } };
  if (token.length > 4096 || !/^[A-Za-z0-9._|-]+$/.test(token)) {
    return { ok: false, errors: { accessToken: [m.account_facebook_invalid({}, { locale: lang })] } };
  }
  return { ok: true, value: { accessToken: token } };
}
