/**
 * Answers an /api request from the route registry: matches the path, reads
 * the locale, validates parameters (400 on a malformed one), runs the
 * handler (404 when it reports an unknown item), wraps the answer in the
 * envelope of docs/product.md, API (the answer parsed by its schema) and sets
 * Cache-Control. Never answers 500 for a
 * bad request; an unexpected failure is logged and answered 500 with the
 * envelope.
 */
import { errorEnvelope, okEnvelope, readLocale } from '../http/index.ts';
import { z } from 'zod';
import { getDb } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { CACHE_CONTROL, NO_CONTENT, NotFoundError, type RouteDef } from './define.ts';
import { apiMessage } from './messages.ts';
import { compilePathTemplate } from '../http/path-template.ts';
import { featureLogger, type Log } from '../log.ts';
import { siteNow } from '../clock.ts';
import { capCacheControl } from '../http/cache-control.ts';

interface CompiledRoute {
  def: RouteDef;
  regex: RegExp;
  names: string[];
}

function compileRoutes(routes: readonly RouteDef[]): CompiledRoute[] {
  return routes.map((def) => ({ def, ...compilePathTemplate(def.path) }));
}

function errorResponse(
  code: 400 | 404 | 405 | 422 | 429 | 500,
  locale: Locale,
  errors?: Record<string, string[]>,
): Response {
  const cache = code === 404 || code === 400 ? 'public, max-age=60, s-maxage=60' : 'no-store';
  return errorEnvelope(code, apiMessage(code, locale), { errors, cacheControl: cache });
}

function fieldErrors(error: z.ZodError, prefix: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function createDispatcher(routes: readonly RouteDef[], log: Log = featureLogger('api')) {
  const compiled = compileRoutes(routes);

  return async function dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    const matches = compiled
      .map((c) => ({ c, m: c.regex.exec(url.pathname) }))
      .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null);
    if (matches.length === 0) return errorResponse(404, locale);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const hit = matches.find((x) => x.c.def.method === method);
    if (!hit) {
      const res = errorResponse(405, locale);
      res.headers.set('allow', [...new Set(matches.map((x) => x.c.def.method))].join(', '));
      return res;
    }
    const { def, names } = hit.c;

    const rawParams: Record<string, string> = {};
    try {
      names.forEach((n, i) => (rawParams[n] = decodeURIComponent(hit.m[i + 1]!)));
    } catch {
      return errorResponse(400, locale, { params: ['malformed URL encoding'] });
    }
    const rawQuery = Object.fromEntries(url.searchParams);

    const params = def.params ? def.params.safeParse(rawParams) : { success: true as const, data: {} };
    if (!params.success) return errorResponse(400, locale, fieldErrors(params.error, 'params'));
    const query = def.query ? def.query.safeParse(rawQuery) : { success: true as const, data: {} };
    if (!query.success) return errorResponse(400, locale, fieldErrors(query.error, 'query'));

    // The cookie only decides the language when neither header nor query did:
    // such an answer must not be shared by caches.
    const cookieDecided = !request.headers.get('locale') && !url.searchParams.get('lang');
    const now = siteNow();
    let changesAt: number | null = null;
    const noteChange = (at: number | null) => {
      if (at !== null && (changesAt === null || at < changesAt)) changesAt = at;
    };
    const policy =
      cookieDecided && /(?:^|;\s*)locale=/.test(request.headers.get('cookie') ?? '')
        ? 'private, max-age=60'
        : CACHE_CONTROL[def.cache];

    try {
      const db = await getDb();
      const answer = await def.handler({ db, locale, request, url, now, changesAt: noteChange }, { params: params.data, query: query.data } as never);
      const cacheControl = capCacheControl(policy, changesAt, now.getTime());
      if (answer === NO_CONTENT) {
        return new Response(null, { status: 204, headers: { 'cache-control': cacheControl, vary: 'locale' } });
      }
      // The answer is parsed, not just checked: what leaves is exactly what the
      // schema (and so the OpenAPI document) describes, extra fields dropped.
      const check = def.response.safeParse(answer);
      if (!check.success) {
        log.error(`${def.path} answer does not match its schema: ${z.prettifyError(check.error)}`);
        return errorResponse(500, locale);
      }
      return okEnvelope(check.data, { cacheControl });
    } catch (err) {
      if (err instanceof NotFoundError) return errorResponse(404, locale);
      log.error({ err }, `${request.method} ${url.pathname} failed`);
      return errorResponse(500, locale);
    }
  };
}
