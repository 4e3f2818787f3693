/**
 * JSON bodies of the desk API: read with the site's size-limited reader
 * (415 not JSON, 413 too large, 422 too deep, 400 malformed: src/server/http/body.ts),
 * then checked with zod; a refusal names each field with a message in the
 * person's language (422), and nothing changes.
 */
import { z } from 'zod';
import { fromCasablancaLocal } from '../../lib/desk-dates.ts';
import type { Locale } from '../../i18n/locales.ts';
import { readJson } from '../http/body.ts';
import * as m from '../../paraglide/messages.js';
import type { DeskContext, DeskOutcome, FieldErrors } from './router.ts';

/** 64 KB: every desk body but a story's. */
const SMALL_BODY = 64 * 1024;

function fieldMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  const o = { locale };
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1 ? m.desk_err_field_required({}, o) : m.desk_err_field_short({ min: String(issue.minimum) }, o);
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return m.desk_err_field_long({ max: String(issue.maximum) }, o);
  if (issue.code === 'too_big' && issue.origin === 'array') return m.desk_err_field_many({ max: String(issue.maximum) }, o);
  if (issue.code === 'invalid_type' && issue.input === undefined) return m.desk_err_field_required({}, o);
  if (issue.code === 'custom' && issue.params?.plainText === true) return m.desk_err_plain_text({}, o);
  return m.desk_err_field_invalid({}, o);
}

export function zodErrors(error: z.ZodError, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[issue.path.map(String).join('.') || 'body'] ??= []).push(fieldMessage(issue, locale));
  return errors;
}

/** A tag, a comment, a doctype or a processing instruction: markup. */
const MARKUP = /<(?:!--|\s*[/!?]?\s*[a-z])/i;

/** A plain text field (printed as text by the pages): markup in it is refused, with its own message. */
export const plainText = (schema: z.ZodString) => schema.refine((v) => !MARKUP.test(v), { params: { plainText: true } });

/**
 * A time the desk sends: Casablanca's wall-clock "YYYY-MM-DDTHH:MM" (the
 * datetime-local field's value as typed, turned into an instant here, with
 * the server's time-zone data: a browser's may be years old, and Morocco's
 * rules change) or an ISO 8601 instant with its offset. The instant, as an
 * ISO string.
 */
export const deskInstant = z.union([
  z.iso.datetime({ offset: true }),
  // fromCasablancaLocal checks the form and the date itself.
  z.string().transform((local, ctx) => {
    const at = fromCasablancaLocal(local);
    if (at) return at.toISOString();
    ctx.addIssue({ code: 'custom', message: 'not a date and time' });
    return z.NEVER;
  }),
]);

export type Input<T> = { ok: true; value: T } | { ok: false; outcome: DeskOutcome };

export async function readInput<S extends z.ZodType>(ctx: DeskContext, schema: S, maxBytes = SMALL_BODY): Promise<Input<z.infer<S>>> {
  const body = await readJson(ctx.request, maxBytes);
  if (!body.ok) return { ok: false, outcome: { status: body.status } };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return { ok: false, outcome: { status: 422, errors: zodErrors(parsed.error, ctx.locale) } };
  return { ok: true, value: parsed.data };
}

/** A positive whole id from a path parameter, or null. */
export function idParam(value: string | undefined): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** Words to find anywhere in a column (LIKE), their %, _ and backslash taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
