/**
 * The desk's API router (`/api/desk/…`, ADR 033). One thin Astro route
 * (`src/pages/api/desk/[...path].ts`) hands every request here; each
 * endpoint is one `DeskRoute` of a table (auth-routes.ts, people-routes.ts,
 * story-routes.ts, media-routes.ts…), described in /api/openapi.json from
 * the same table (openapi.ts).
 *
 * For every request, in order:
 *  1. Cross-site requests are refused (403): an `Origin` other than
 *     SITE_URL's origin (never the request's Host), or `Sec-Fetch-Site`
 *     cross-site or same-site. A write (POST, PUT, PATCH, DELETE) must carry
 *     SITE_URL's `Origin` and the `X-Desk-CSRF` header, which must hold the
 *     session's CSRF token when the route needs a session. No browser sends
 *     that header cross-site without a CORS preflight, which the site never
 *     grants; the session cookie is SameSite=Strict besides.
 *  2. The session (sessions.ts): a route needs none, the second-factor step,
 *     the two-factor set-up, or a full session (401 otherwise), and some
 *     roles only (403).
 *  3. The handler's outcome, in the site's envelope (src/server/http),
 *     never cached nor indexed, messages in the person's language (else
 *     the `locale` header's).
 */
import crypto from 'node:crypto';
import type { DB } from '../db/index.ts';
import type { DeskRole, DeskSessionLevel } from '../db/schema.ts';
import { isLocale, type Locale } from '../../i18n/locales.ts';
import { compilePathTemplate } from '../http/path-template.ts';
import { addressKey, clientAddress, envelope } from '../http/index.ts';
import { featureLogger, type Log } from '../log.ts';
import * as m from '../../paraglide/messages.js';
import { deskAudit, type DeskAuditEntry } from './audit.ts';
import { findDeskSession, readDeskToken, type DeskSession } from './sessions.ts';

export type FieldErrors = Record<string, string[]>;

/** What a route needs: nothing, the second-factor step, the two-factor set-up (or more), or a full session. */
type DeskAccess = 'public' | 'second-factor' | 'setup' | 'signed-in';

export interface DeskContext {
  request: Request;
  url: URL;
  db: DB;
  locale: Locale;
  params: Record<string, string>;
  /** The visitor's address key (rate limits, audit). */
  address: string;
  siteUrl: string;
  secure: boolean;
  /** The session, when the request has a live one. */
  session: DeskSession | null;
  /** Writes an audit entry as the signed-in person (or `entry.actor`), from this address. */
  audit(entry: Omit<DeskAuditEntry, 'user' | 'address'> & { user?: DeskAuditEntry['user'] }): Promise<void>;
}

/** The signed-in person of a route that requires one. */
export function personOf(ctx: DeskContext): NonNullable<DeskContext['session']>['user'] {
  if (!ctx.session) throw new Error('this route needs a session');
  return ctx.session.user;
}

export interface DeskOutcome {
  status: number;
  /** The envelope's `response` for a 2xx answer. */
  response?: unknown;
  errors?: FieldErrors;
  /** The envelope's message (default: the status's, in the person's language). */
  message?: string;
  /** Set-Cookie lines. */
  cookies?: string[];
  headers?: Record<string, string>;
  /** A 200 that is not JSON (a newsletter's HTML or text preview): its type and text, under a policy that runs nothing. */
  raw?: { type: 'text/html' | 'text/plain'; body: string };
  /**
   * For a refusal: a response body all the same (a 409's stored version,
   * what the desk shows beside the person's own).
   */
  detail?: unknown;
}

interface DeskRouteDoc {
  summary: string;
  description?: string;
  query?: Record<string, { description: string; required?: boolean; schema?: Record<string, unknown> }>;
  /** Request body: media type → JSON Schema. */
  body?: Record<string, Record<string, unknown>>;
  /** JSON Schema of the envelope's `response` on success. */
  response?: Record<string, unknown>;
  /** The success answer is text of these types (DeskOutcome.raw), not the envelope. */
  raw?: readonly ('text/html' | 'text/plain')[];
  /** Answer codes beyond 401/403/500, with what they mean. */
  codes: Record<string, string>;
  /** JSON Schema of the envelope's `response` of a refusal that carries data (DeskOutcome.detail), by code. */
  refusals?: Record<string, Record<string, unknown>>;
}

export interface DeskRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** e.g. /api/desk/stories/{id} */
  path: string;
  access: DeskAccess;
  /** Only these roles (a full session required); default every role. */
  roles?: readonly DeskRole[];
  handler: (ctx: DeskContext) => Promise<DeskOutcome>;
  doc: DeskRouteDoc;
}

export interface DeskDeps {
  db: () => Promise<DB>;
  siteUrl: string;
  trustedHops: number;
  now?: () => Date;
  /** Default: the `desk` feature's logger. */
  log?: Log;
}

const LEVELS: Record<DeskAccess, readonly DeskSessionLevel[] | null> = {
  public: null,
  'second-factor': ['password'],
  setup: ['setup', 'full'],
  'signed-in': ['full'],
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'x-desk-csrf';

const MESSAGES: Record<number, (locale: Locale) => string> = {
  400: (locale) => m.desk_err_400({}, { locale }),
  401: (locale) => m.desk_err_401({}, { locale }),
  403: (locale) => m.desk_err_403({}, { locale }),
  404: (locale) => m.desk_err_404({}, { locale }),
  405: (locale) => m.desk_err_405({}, { locale }),
  409: (locale) => m.desk_err_409({}, { locale }),
  410: (locale) => m.desk_err_410({}, { locale }),
  413: (locale) => m.desk_err_413({}, { locale }),
  415: (locale) => m.desk_err_415({}, { locale }),
  422: (locale) => m.desk_err_422({}, { locale }),
  429: (locale) => m.desk_err_429({}, { locale }),
  500: (locale) => m.desk_err_500({}, { locale }),
};

function deskMessage(status: number, locale: Locale): string {
  return (MESSAGES[status] ?? MESSAGES[500]!)(locale);
}

/** Every desk answer: private, never stored, never indexed. */
const PRIVATE = { cacheControl: 'no-store', vary: 'Cookie, locale' } as const;

function answer(status: number, locale: Locale, outcome: Omit<DeskOutcome, 'status'> = {}): Response {
  const headers = new Headers({ 'x-robots-tag': 'noindex, nofollow', ...outcome.headers });
  for (const c of outcome.cookies ?? []) headers.append('set-cookie', c);
  if (status < 400 && outcome.raw) {
    headers.set('content-type', `${outcome.raw.type}; charset=utf-8`);
    headers.set('cache-control', PRIVATE.cacheControl);
    headers.set('vary', PRIVATE.vary);
    // Shown in a frame of the desk: nothing in it runs, it frames nothing, and only the desk may frame it.
    headers.set('content-security-policy', "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox");
    return new Response(outcome.raw.body, { status, headers });
  }
  if (status < 400) return envelope(status, outcome.response ?? null, { ...PRIVATE, headers });
  // A refusal may carry data (a 409's stored version) in its response.
  return envelope(status, outcome.detail ?? null, { ...PRIVATE, message: outcome.message ?? deskMessage(status, locale), errors: outcome.errors, headers });
}

const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** A request another site made a browser send, or a write without the desk's header: the reason, or null. */
function crossSite(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== siteOrigin) return true;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  if (UNSAFE.has(request.method) && (origin !== siteOrigin || !request.headers.get(CSRF_HEADER))) return true;
  return false;
}

function headerLocale(request: Request): Locale | null {
  const l = request.headers.get('locale')?.trim().toLowerCase();
  return isLocale(l) ? l : null;
}

interface Compiled {
  route: DeskRoute;
  regex: RegExp;
  names: string[];
}

export function createDeskRouter(routes: readonly DeskRoute[], deps: DeskDeps) {
  const compiled: Compiled[] = routes.map((route) => ({ route, ...compilePathTemplate(route.path) }));
  const siteOrigin = new URL(deps.siteUrl).origin;
  const secure = new URL(deps.siteUrl).protocol === 'https:';
  const now = deps.now ?? (() => new Date());

  return async function handleDesk(request: Request, peer?: string): Promise<Response> {
    const url = new URL(request.url);
    let locale: Locale = headerLocale(request) ?? 'ar';
    try {
      if (crossSite(request, siteOrigin)) return answer(403, locale, { message: m.desk_err_cross_site({}, { locale }) });
      const db = await deps.db();
      const token = readDeskToken(request, secure);
      const session = token ? await findDeskSession(db, token, now()) : null;
      if (session) locale = session.user.locale;

      const matches = compiled.map((c) => ({ c, m: c.regex.exec(url.pathname) })).filter((x): x is { c: Compiled; m: RegExpExecArray } => x.m !== null);
      if (matches.length === 0) return answer(404, locale);
      const hit = matches.find((x) => x.c.route.method === (request.method === 'HEAD' ? 'GET' : request.method));
      if (!hit) return answer(405, locale, { headers: { allow: [...new Set(matches.map((x) => x.c.route.method))].join(', ') } });
      const route = hit.c.route;

      const levels = LEVELS[route.access];
      if (levels) {
        if (!session || !levels.includes(session.level)) return answer(401, locale);
        if (UNSAFE.has(request.method) && !sameToken(request.headers.get(CSRF_HEADER) ?? '', session.csrf)) {
          return answer(403, locale, { message: m.desk_err_cross_site({}, { locale }) });
        }
        if (route.roles && !route.roles.includes(session.user.role)) return answer(403, locale);
      }

      const params: Record<string, string> = {};
      try {
        hit.c.names.forEach((n, i) => (params[n] = decodeURIComponent(hit.m[i + 1]!)));
      } catch {
        return answer(400, locale);
      }
      const address = addressKey(clientAddress(request, peer, deps.trustedHops));
      const ctx: DeskContext = {
        request,
        url,
        db,
        locale,
        params,
        address,
        siteUrl: deps.siteUrl,
        secure,
        session,
        audit: (entry) => deskAudit(db, { ...entry, user: entry.user === undefined ? (session?.user ?? null) : entry.user, address }, now()),
      };
      const outcome = await route.handler(ctx);
      return answer(outcome.status, ctx.locale, outcome);
    } catch (error) {
      (deps.log ?? featureLogger('desk')).error({ err: error }, `${request.method} ${url.pathname} failed`);
      return answer(500, locale);
    }
  };
}
