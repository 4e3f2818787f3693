/**
 * The push endpoints (ADR 007), answering the envelope of
 * docs/product.md, API in the request's language:
 *
 *  - GET /api/push/key → `{ publicKey }`, the VAPID public key browsers
 *    subscribe with (`applicationServerKey`);
 *  - POST /api/push/subscribe, JSON `PushSubscription.toJSON()` plus
 *    `lang` → stores it (or updates the same endpoint);
 *  - POST /api/push/unsubscribe, JSON `{ endpoint, keys: { auth } }` →
 *    removes it (the same answer whether it was stored or not).
 *
 * Bodies are JSON only (415 otherwise: a cross-site page cannot send JSON
 * without a CORS preflight, which this site never grants), 4 KB at most
 * (413). Invalid fields answer 422 with one message per field, never 400
 * (docs/product.md, Errors sends the visitor home on a 400), and change nothing. Valid
 * requests count against PUSH_RATE_PER_HOUR per visitor address (429 with
 * Retry-After beyond).
 */
import { apiMessage } from '../api/messages.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { clientAddress, contentType, errorEnvelope, okEnvelope, readForm, readLocale, type Limiter, type ProxyTrust } from '../http/index.ts';
import { featureLogger, type Log } from '../log.ts';
import * as m from '../../paraglide/messages.js';
import { MAX_ENDPOINT_CHARS } from './endpoint.ts';
import { removeSubscription, saveSubscription } from './subscriptions.ts';
import { parseSubscription, type FieldErrors } from './validation.ts';
import type { VapidKeys } from './webpush.ts';

export interface PushHttpEnv {
  db: () => Promise<DB>;
  /** The VAPID keys (loaded or generated on first use). */
  keys: () => Promise<VapidKeys>;
  /** Accept loopback endpoints (tests, local development). */
  allowLocal: boolean;
  proxyTrust: ProxyTrust;
  limiter: Limiter;
  now?: () => Date;
  /** Default: the `push` feature's logger. */
  log?: Log;
}

/** 4 KB: a subscription is about 400 bytes (endpoints run to a few hundred characters). */
const MAX_PUSH_BODY_BYTES = 4096;

/** The public key changes only when an operator replaces it: a few minutes of caching. */
const KEY_CACHE = 'public, max-age=300, s-maxage=300';

function ok(response: unknown, message: string | undefined, cacheControl = 'no-store'): Response {
  return okEnvelope(response, { message, cacheControl });
}

function error(code: 405 | 413 | 415 | 422 | 429 | 500, message: string, extra: { errors?: FieldErrors; headers?: Record<string, string> } = {}): Response {
  return errorEnvelope(code, message, extra);
}

const isLang = (v: unknown): v is Locale => v === 'ar' || v === 'fr';

type Body = { ok: true; fields: Record<string, unknown>; lang: Locale } | { ok: false; response: Response };

/** The JSON body of a subscribe/unsubscribe request, or the answer that refuses it. */
async function readJson(request: Request, locale: Locale): Promise<Body> {
  const o = { locale };
  if (contentType(request) !== 'application/json') return { ok: false, response: error(415, m.push_error_json({}, o)) };
  const body = await readForm(request, MAX_PUSH_BODY_BYTES, { json: true });
  if (!body.ok) {
    if (body.reason === 'too-large') return { ok: false, response: error(413, m.forms_error_too_large({}, o)) };
    return { ok: false, response: error(422, apiMessage(422, locale), { errors: { form: [m.push_error_json({}, o)] } }) };
  }
  return { ok: true, fields: body.value, lang: isLang(body.value.lang) ? body.value.lang : locale };
}

export function createPushHttp(env: PushHttpEnv) {
  const now = () => (env.now ?? (() => new Date()))();

  const limited = async (request: Request, peer: string | undefined, lang: Locale): Promise<Response | null> => {
    const wait = await env.limiter.take(clientAddress(request, peer, env.proxyTrust));
    return wait > 0 ? error(429, apiMessage(429, lang), { headers: { 'retry-after': String(wait) } }) : null;
  };

  const guard = async (request: Request, run: () => Promise<Response>): Promise<Response> => {
    const locale = readLocale(request, new URL(request.url));
    try {
      return await run();
    } catch (err) {
      (env.log ?? featureLogger('push')).error({ err }, `${new URL(request.url).pathname} failed`);
      return error(500, apiMessage(500, locale));
    }
  };

  return {
    /** GET /api/push/key */
    key(request: Request): Promise<Response> {
      return guard(request, async () => {
        const locale = readLocale(request, new URL(request.url));
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return error(405, apiMessage(405, locale), { headers: { allow: 'GET, HEAD' } });
        }
        return ok({ publicKey: (await env.keys()).publicKey }, undefined, KEY_CACHE);
      });
    },

    /** POST /api/push/subscribe */
    subscribe(request: Request, peer?: string): Promise<Response> {
      return guard(request, async () => {
        const locale = readLocale(request, new URL(request.url));
        if (request.method !== 'POST') return error(405, apiMessage(405, locale), { headers: { allow: 'POST' } });
        const body = await readJson(request, locale);
        if (!body.ok) return body.response;
        const parsed = parseSubscription(body.fields, body.lang, { allowLocal: env.allowLocal });
        if (!parsed.ok) return error(422, apiMessage(422, body.lang), { errors: parsed.errors });
        const refused = await limited(request, peer, body.lang);
        if (refused) return refused;
        const lang = parsed.data.lang ?? locale;
        await saveSubscription(await env.db(), { ...parsed.data, lang }, now());
        return ok({ subscribed: true }, m.push_subscribed({}, { locale: lang }));
      });
    },

    /** POST /api/push/unsubscribe */
    unsubscribe(request: Request, peer?: string): Promise<Response> {
      return guard(request, async () => {
        const locale = readLocale(request, new URL(request.url));
        if (request.method !== 'POST') return error(405, apiMessage(405, locale), { headers: { allow: 'POST' } });
        const body = await readJson(request, locale);
        if (!body.ok) return body.response;
        const o = { locale: body.lang };
        const { endpoint } = body.fields;
        const auth = (body.fields.keys as { auth?: unknown } | null | undefined)?.auth;
        const errors: FieldErrors = {};
        if (typeof endpoint !== 'string' || endpoint.trim() === '') errors.endpoint = [m.forms_error_required({}, o)];
        else if (endpoint.length > MAX_ENDPOINT_CHARS) errors.endpoint = [m.push_error_endpoint({}, o)];
        if (typeof auth !== 'string' || auth === '') errors['keys.auth'] = [m.forms_error_required({}, o)];
        if (Object.keys(errors).length > 0 || typeof endpoint !== 'string' || typeof auth !== 'string') {
          return error(422, apiMessage(422, body.lang), { errors });
        }
        const refused = await limited(request, peer, body.lang);
        if (refused) return refused;
        await removeSubscription(await env.db(), endpoint.trim(), auth);
        return ok({ unsubscribed: true }, m.push_unsubscribed({}, o));
      });
    },
  };
}
