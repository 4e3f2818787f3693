/**
 * Language routing on every on-demand request (docs/product.md, Languages and redirects): applies the
 * redirect rule of src/lib/locale-redirect.ts and remembers the language of
 * each prefixed page view in the `locale` cookie (365 days).
 *
 * Pre-built pages are served as files, without this middleware: the site
 * layout also sets the cookie from the page's language with a tiny inline
 * script, so the cookie follows the visitor on every page.
 */
import { defineMiddleware } from 'astro:middleware';
import {
  decideLocaleRedirect,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
} from './lib/locale-redirect.ts';
import { isCrossSiteFormPost } from './server/http/origin-check.ts';
import { withIslandStylesInHead } from './server/pages/island-styles.ts';
import { isLitePath } from './lib/lite.ts';
import { markRenderForRelease } from './server/delivery/render-release.ts';
import { readLocale } from './server/api/dispatch.ts';
import { redirectResponse } from './server/http/redirect.ts';
import * as m from './paraglide/messages.js';

function localeCookie(locale: string): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export const onRequest = defineMiddleware(async (context, next) => {
  // At build time there is no visitor (and no cookie to read or set).
  if (context.isPrerendered) return withIslandStylesInHead(await next());
  // The render worker empties this render's state once its answer is sent (ADR 028).
  markRenderForRelease(context);
  // Astro's origin check is off (astro.config.mjs): ours refuses only what a browser sends cross-site.
  if (isCrossSiteFormPost(context.request, context.url)) {
    const locale = readLocale(context.request, context.url);
    return new Response(m.polish_cross_site_post({}, { locale }), {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }

  const { pathname, search } = context.url;
  const cookieLocale = context.cookies.get(LOCALE_COOKIE)?.value;
  const decision = decideLocaleRedirect({ pathname, search, cookieLocale });

  if (decision.kind === 'redirect') {
    const method = context.request.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
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

  if (decision.kind === 'serve' && decision.prefix && cookieLocale !== decision.prefix) {
    context.cookies.set(LOCALE_COOKIE, decision.prefix, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: 'lax',
    });
  }
  // Valid HTML: Astro's island <style> goes into <head>. A lite page runs no script (ADR 038).
  return withIslandStylesInHead(await next(), { noScripts: isLitePath(pathname) });
});
