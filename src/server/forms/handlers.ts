/**
 * One submission of the newsletter or contact form, from request to
 * outcome, shared by the JSON endpoints (/api/newsletter/add-contact,
 * /api/set-form: envelope of docs/product.md, API) and the pages that take the
 * same forms posted by browsers without JavaScript (they render the
 * outcome as HTML). Steps:
 *
 *  1. the body (JSON, urlencoded or multipart; 64 KB at most);
 *  2. the honeypot: filled → answered exactly like a success, nothing
 *     stored, nothing sent, nothing counted;
 *  3. validation in the visitor's language → 422 with one message per
 *     field (never 400: docs/product.md, Errors sends the visitor home on a 400);
 *  4. the rate limit per form and visitor address (FORMS_RATE_PER_HOUR,
 *     the address read through TRUST_PROXY_HOPS) → 429 with Retry-After;
 *  5. store, then mail. The visitor is answered success as soon as the
 *     submission is stored: a mail failure is recorded in mail_deliveries
 *     and logged, and the newsroom or an operator can still act on it.
 *
 * The visitor's language: the form's `lang` field when valid, else the
 * page's language (pages) or the request's (locale header, ?lang, cookie).
 */
import { apiMessage } from '../api/messages.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Mailer, MailQueueOptions } from '../mail/index.ts';
import { clientAddress, errorEnvelope, okEnvelope, readForm, readLocale, type Limiter, type ProxyTrust } from '../http/index.ts';
import { featureLogger, type Log } from '../log.ts';
import * as m from '../../paraglide/messages.js';
import { submitContact } from './contact.ts';
import { subscribe } from './newsletter.ts';
import {
  contactSchema,
  HONEYPOT_FIELD,
  honeypotFilled,
  newsletterSchema,
  parseFields,
  type FieldErrors,
} from './schemas.ts';

/** 64 KB: a 5000-letter Arabic message is about 30 KB once form-encoded. */
const MAX_FORM_BYTES = 64 * 1024;

export type FormKind = 'newsletter' | 'contact';

export interface FormsEnv {
  db: () => Promise<DB>;
  mailer: () => Mailer;
  siteUrl: string;
  newsroom: string;
  proxyTrust: ProxyTrust;
  limiters: Record<FormKind, Limiter>;
  /** How mails are queued (default: the process's worker sends them after the answer). */
  mailQueue?: MailQueueOptions;
  now?: () => Date;
  /** Default: the `forms` feature's logger. */
  log?: Log;
}

type FormOutcome =
  | { kind: 'accepted'; status: 200; message: string }
  | { kind: 'invalid'; status: 422; message: string; errors: FieldErrors }
  | { kind: 'limited'; status: 429; message: string; retryAfter: number }
  | { kind: 'refused'; status: 413 | 415 | 422; message: string; errors?: FieldErrors }
  | { kind: 'failed'; status: 500; message: string };

export interface FormRun {
  outcome: FormOutcome;
  lang: Locale;
  /** The submitted text fields (not the honeypot), to fill the form again after an error. */
  values: Record<string, string>;
}

const isLang = (v: unknown): v is Locale => v === 'ar' || v === 'fr';

function acceptedMessage(kind: FormKind, lang: Locale): string {
  return kind === 'newsletter' ? m.newsletter_accepted({}, { locale: lang }) : m.contact_accepted({}, { locale: lang });
}

function keptValues(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (k !== HONEYPOT_FIELD && typeof v === 'string') out[k] = v.slice(0, 6000);
  }
  return out;
}

export function createFormRunner(env: FormsEnv) {
  const now = () => (env.now ?? (() => new Date()))();
  const log = env.log ?? featureLogger('forms');

  return async function runForm(kind: FormKind, request: Request, peer: string | undefined, fallbackLang: Locale): Promise<FormRun> {
    const body = await readForm(request, MAX_FORM_BYTES, { json: true });
    if (!body.ok) {
      const o = { locale: fallbackLang };
      const outcome: FormOutcome =
        body.reason === 'too-large'
          ? { kind: 'refused', status: 413, message: m.forms_error_too_large({}, o) }
          : body.reason === 'unsupported'
            ? { kind: 'refused', status: 415, message: m.forms_error_unsupported({}, o) }
            : { kind: 'refused', status: 422, message: apiMessage(422, fallbackLang), errors: { form: [m.forms_error_unsupported({}, o)] } };
      return { outcome, lang: fallbackLang, values: {} };
    }
    const fields = body.value;
    const lang: Locale = isLang(fields.lang) ? fields.lang : fallbackLang;
    const values = keptValues(fields);

    if (honeypotFilled(fields)) {
      log.info(`${kind}: honeypot filled, submission dropped`);
      return { outcome: { kind: 'accepted', status: 200, message: acceptedMessage(kind, lang) }, lang, values: {} };
    }

    // Validate, and prepare what a valid submission does once allowed.
    let act: ((db: DB, mailer: Mailer) => Promise<unknown>) | undefined;
    let errors: FieldErrors = {};
    if (kind === 'newsletter') {
      const parsed = parseFields(newsletterSchema(lang), fields);
      if (parsed.ok) {
        const { email, name } = parsed.data;
        act = (db, mailer) => subscribe({ db, mailer, siteUrl: env.siteUrl, now, ...(env.mailQueue ? { mailQueue: env.mailQueue } : {}) }, { email, lang, name });
      } else errors = parsed.errors;
    } else {
      const parsed = parseFields(contactSchema(lang), fields);
      if (parsed.ok) {
        const data = parsed.data;
        act = (db, mailer) =>
          submitContact({ db, mailer, siteUrl: env.siteUrl, newsroom: env.newsroom, now, ...(env.mailQueue ? { mailQueue: env.mailQueue } : {}) }, data, lang);
      } else errors = parsed.errors;
    }
    if (!act) {
      return {
        outcome: { kind: 'invalid', status: 422, message: m.forms_error_summary({}, { locale: lang }), errors },
        lang,
        values,
      };
    }

    const address = clientAddress(request, peer, env.proxyTrust);
    const wait = await env.limiters[kind].take(address);
    if (wait > 0) {
      return {
        outcome: { kind: 'limited', status: 429, message: m.forms_error_rate({}, { locale: lang }), retryAfter: wait },
        lang,
        values,
      };
    }

    try {
      await act(await env.db(), env.mailer());
    } catch (error) {
      log.error({ err: error }, `${kind} submission could not be stored`);
      return { outcome: { kind: 'failed', status: 500, message: m.forms_error_server({}, { locale: lang }) }, lang, values };
    }
    return { outcome: { kind: 'accepted', status: 200, message: acceptedMessage(kind, lang) }, lang, values: {} };
  };
}

/* ---- JSON answers (/api/newsletter/add-contact, /api/set-form) ---- */

function formApiResponse(run: FormRun): Response {
  const o = run.outcome;
  if (o.kind === 'accepted') return okEnvelope({ accepted: true }, { message: o.message });
  const errors = 'errors' in o ? o.errors : undefined;
  return errorEnvelope(o.status, o.message, { errors, headers: o.kind === 'limited' ? { 'retry-after': String(o.retryAfter) } : {} });
}

/** The JSON endpoint of one form: POST only; never throws. */
export function createFormApi(kind: FormKind, runForm: ReturnType<typeof createFormRunner>, log: Log = featureLogger('forms')) {
  return async function handle(request: Request, peer?: string): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    if (request.method !== 'POST') {
      return errorEnvelope(405, apiMessage(405, locale), { headers: { allow: 'POST' } });
    }
    try {
      return formApiResponse(await runForm(kind, request, peer, locale));
    } catch (error) {
      log.error({ err: error }, `${kind} request failed`);
      return formApiResponse({ outcome: { kind: 'failed', status: 500, message: apiMessage(500, locale) }, lang: locale, values: {} });
    }
  };
}
