/**
 * The newsroom API's router (`/api/newsroom/…`, ADR 011). One thin Astro
 * route (`src/pages/api/newsroom/[...path].ts`) hands every request here:
 * the GET-oriented /api registry (ADR 002) takes no bodies nor tokens.
 *
 * Each endpoint is one `NewsroomRoute` in the table of `routes.ts`: method,
 * path (`{name}` segments become params), the audit action, the handler.
 * The router authenticates first (401 without a live token, 429 for an
 * address that failed too often: auth.ts; before reading any body), matches (404, 405 with Allow), runs the handler, answers its
 * outcome in the site's envelope and writes one audit row per call.
 */
import { compilePathTemplate } from '../http/path-template.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { readLocale } from '../http/index.ts';
import { audit, authenticateNewsroom } from './auth.ts';
import { clientAddress, type ProxyTrust } from '../http/client-address.ts';
import type { Limiter } from '../http/rate-limit.ts';
import { newsroomJson, type FieldErrors } from './envelope.ts';
import { featureLogger, type Log } from '../log.ts';

export interface NewsroomContext {
  request: Request;
  url: URL;
  db: DB;
  locale: Locale;
  /** The name of the token the request authenticated with (for the audit trail). */
  tokenName: string;
  params: Record<string, string>;
}

export interface NewsroomOutcome {
  status: number;
  /** The envelope's `response` for a 2xx answer. */
  response?: unknown;
  /** Per-field errors (422), keyed by the field's path (`headlines.0.value`). */
  errors?: FieldErrors;
  /** A problem in words, for a 4xx answer without field errors (becomes `errors.request`). */
  problem?: string;
  /** The item touched, for the audit trail (a ninjs uri, a media id). */
  item?: string | null;
  headers?: Record<string, string>;
}

export interface NewsroomRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** e.g. /api/newsroom/articles/{uri} */
  path: string;
  /** Audit action, e.g. article.publish */
  action: string;
  handler: (ctx: NewsroomContext) => Promise<NewsroomOutcome>;
  /** Its OpenAPI operation (src/server/newsroom/openapi.ts); a route without it is left out of the document. */
  doc?: NewsroomRouteDoc;
}

interface NewsroomRouteDoc {
  summary: string;
  description?: string;
  /** Query parameters: name → description (all strings). */
  query?: Record<string, { description: string; required?: boolean }>;
  /** Request body: media type → JSON Schema (or {} for bytes). */
  body?: Record<string, Record<string, unknown>>;
  /** JSON Schema of the envelope's `response` on success. */
  response?: Record<string, unknown>;
  /** Answer codes beyond 401/500 (always possible), with what they mean. */
  codes: Record<string, string>;
}

interface Compiled {
  route: NewsroomRoute;
  regex: RegExp;
  names: string[];
}

function compile(routes: readonly NewsroomRoute[]): Compiled[] {
  return routes.map((route) => ({ route, ...compilePathTemplate(route.path) }));
}

export interface RouterOptions {
  /** Failed authentications per address (auth.ts); without it failures are audited, not limited. */
  limiter?: Limiter;
  /** Which proxies' X-Forwarded-For is believed (src/server/http/client-address.ts `proxyTrust`); default none. */
  proxyTrust?: ProxyTrust;
  /** Where failures are logged; default the `newsroom` feature's logger. */
  log?: Log;
}

export function createNewsroomRouter(routes: readonly NewsroomRoute[], getDb: () => Promise<DB>, options: RouterOptions = {}) {
  const compiled = compile(routes);
  const log = options.log ?? featureLogger('newsroom');
  /** `peer`: the socket's address (Astro's clientAddress). */
  return async function handle(request: Request, peer?: string): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    let db: DB | undefined;
    let tokenName = '';
    let action = 'unknown';
    try {
      db = await getDb();
      const address = clientAddress(request, peer, options.proxyTrust ?? 0);
      const auth = await authenticateNewsroom(request, db, options.limiter ? { limiter: options.limiter, address } : undefined, log);
      if (auth instanceof Response) return auth;
      tokenName = auth.tokenName;
      const matches = compiled
        .map((c) => ({ c, m: c.regex.exec(url.pathname) }))
        .filter((x): x is { c: Compiled; m: RegExpExecArray } => x.m !== null);
      if (matches.length === 0) return newsroomJson(request, 404, null);
      const hit = matches.find((x) => x.c.route.method === request.method);
      if (!hit) {
        const allow = [...new Set(matches.map((x) => x.c.route.method))].join(', ');
        return newsroomJson(request, 405, null, { headers: { allow } });
      }
      action = hit.c.route.action;
      const params: Record<string, string> = {};
      try {
        hit.c.names.forEach((n, i) => (params[n] = decodeURIComponent(hit.m[i + 1]!)));
      } catch {
        return newsroomJson(request, 400, null, { errors: { path: ['malformed URL encoding'] } });
      }
      const outcome = await hit.c.route.handler({ request, url, db, locale, tokenName, params });
      const errors = outcome.errors ?? (outcome.problem ? { request: [outcome.problem] } : undefined);
      await audit(db, {
        token: tokenName,
        action,
        item: outcome.item ?? null,
        outcome: outcome.status,
        detail: errors ? JSON.stringify(errors) : null,
      }).catch((err: unknown) => log.error({ err }, 'audit failed'));
      return newsroomJson(request, outcome.status, outcome.response ?? null, {
        ...(errors ? { errors } : {}),
        ...(outcome.headers ? { headers: outcome.headers } : {}),
      });
    } catch (err) {
      log.error({ err }, `${request.method} ${url.pathname} failed`);
      if (tokenName && db) {
        await audit(db, { token: tokenName, action, outcome: 500, detail: String(err) }).catch(() => {});
      }
      return newsroomJson(request, 500, null);
    }
  };
}
