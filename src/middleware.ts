/**
 * Language routing on every on-demand request (DESIGN.md §3): applies the
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

export const onRequest = defineMiddleware(async (context, next) => {
  // At build time there is no visitor (and no cookie to read or set).
  if (context.isPrerendered) return next();

  const { pathname, search } = context.url;
  const cookieLocale = context.cookies.get(LOCALE_COOKIE)?.value;
  const decision = decideLocaleRedirect({ pathname, search, cookieLocale });

  if (decision.kind === 'redirect') {
    const method = context.request.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    return new Response(null, {
      status: decision.status,
      headers: decision.byCookie
        ? {
            Location: decision.location,
            // The target depends on the cookie: never let a browser or a CDN
            // keep a redirect decided for someone else (or before a choice).
            'Cache-Control': 'no-cache',
            Vary: 'Cookie',
          }
        : { Location: decision.location, 'Cache-Control': 'public, max-age=3600' },
    });
  }

  if (decision.kind === 'serve' && decision.prefix && cookieLocale !== decision.prefix) {
    context.cookies.set(LOCALE_COOKIE, decision.prefix, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: 'lax',
    });
  }
  return next();
});
