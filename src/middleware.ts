/**
 * Language routing on every on-demand request (docs/product.md, Languages and redirects): applies the
 * redirect rule of src/lib/locale-redirect.ts and remembers the language of
 * each prefixed page view in the `locale` cookie (365 days).
 *
 * The cookie is set by the server only on answers no shared cache keeps
 * (private or no-store): a page a CDN or the page cache keeps for everyone
 * never carries a visitor's Set-Cookie (ADR 029). Every page of the site
 * layout sets it in the browser instead (the shell's behaviour, pre-built
 * pages included), so the cookie follows the visitor on every page. It is
 * Secure whenever SITE_URL is https.
 *
 * A route under /[lang] never runs for a `lang` that is no language of the
 * site: it answers 404 here (src/server/pages/route-locale.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import {
  decideLocaleRedirect,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
} from './lib/locale-redirect.ts';
import { isCrossSiteFormPost } from './server/http/origin-check.ts';
import { withIslandStylesInHead } from './server/pages/island-styles.ts';
import { isLitePath } from './lib/lite.ts';
import { markRenderForRelease } from './server/delivery/render-release.ts';
import { readLocale } from './server/http/locale.ts';
import { redirectResponse } from './server/http/redirect.ts';
import * as m from './paraglide/messages.js';
import { getConfig } from './server/config.ts';
import { withRequestClock } from './server/clock.ts';
import { unknownLanguage } from './server/pages/route-locale.ts';

/** SITE_URL's origin, and whether it is https (read once). */
let site: { origin: string; secure: boolean } | undefined;
const siteOf = () => {
  if (!site) {
    const url = new URL(getConfig().SITE_URL);
    site = { origin: url.origin, secure: url.protocol === 'https:' };
  }
  return site;
};

function localeCookie(locale: string): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${siteOf().secure ? '; Secure' : ''}`;
}

/** /{lang}/user/u/{memberId}: member pages (src/pages/[lang]/user/u/[id].astro). */
const MEMBER_PAGE = /^\/(?:ar|fr)\/user\/u\/[^/]+\/?$/;

function withHeader(response: Response, name: string, value: string): Response {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Every HTML answer says its charset (Astro's own say `text/html` alone). */
function withCharset(response: Response): Response {
  const type = response.headers.get('content-type');
  if (type === null || !/^text\/html\b/i.test(type) || /charset=/i.test(type)) return response;
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** An answer no shared cache may keep. */
const unshared = (response: Response): boolean => /\b(?:private|no-store)\b/i.test(response.headers.get('cache-control') ?? '');

export const onRequest = defineMiddleware((context, next) => withRequestClock(context.request, () => handle(context, next)));

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  // At build time there is no visitor (and no cookie to read or set).
  if (context.isPrerendered) return withIslandStylesInHead(await next());
  // The render worker empties this render's state once its answer is sent (ADR 028).
  markRenderForRelease(context);
  // Astro's origin check is off (astro.config.mjs): ours refuses only what a browser sends cross-site.
  if (isCrossSiteFormPost(context.request, siteOf().origin)) {
    const locale = readLocale(context.request, context.url);
    return new Response(m.polish_cross_site_post({}, { locale }), {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }

  // The route itself, or the 404 of a /[lang] route for an unknown language.
  const render = (): Promise<Response> => unknownLanguage(context) ?? next();

  const { pathname, search } = context.url;
  const cookieLocale = context.cookies.get(LOCALE_COOKIE)?.value;
  const decision = decideLocaleRedirect({ pathname, search, cookieLocale });

  if (decision.kind === 'redirect') {
    const method = context.request.method;
    if (method !== 'GET' && method !== 'HEAD') return render();
    const headers: Record<string, string> = {};
    if (decision.setLocale) {
      // /ar/shows → /shows in Arabic: the redirect carries the choice of
      // language, so no cache may replay it without its cookie.
      headers['Set-Cookie'] = localeCookie(decision.setLocale);
      headers['Cache-Control'] = 'no-store';
    } else if (decision.byCookie) {
      // The target depends on the cookie: never let a browser or a CDN
      // keep a redirect decided for someone else (or before a choice).
      headers['Cache-Control'] = 'no-cache';
      headers['Vary'] = 'Cookie';
    } else {
      headers['Cache-Control'] = 'public, max-age=3600';
    }
    // Absolute on SITE_URL, percent-encoded (src/server/http/redirect.ts).
    return redirectResponse(decision.location, decision.status, { headers });
  }

  // Valid HTML: Astro's island <style> goes into <head>. A lite page runs no script (ADR 038).
  let response = withCharset(await withIslandStylesInHead(await render(), { noScripts: isLitePath(pathname) }));
  // A member page, shown or not found, is never kept by a cache: hiding it takes effect at once (ADR 029).
  if (MEMBER_PAGE.test(pathname)) response = withHeader(response, 'cache-control', 'no-store');
  if (decision.kind === 'serve' && decision.prefix && cookieLocale !== decision.prefix && unshared(response)) {
    context.cookies.set(LOCALE_COOKIE, decision.prefix, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: 'lax',
      secure: siteOf().secure,
    });
  }
  return response;
}
