/**
 * The language of a page's route, decided in one place.
 *
 * Every route under src/pages/[lang]/ answers only for a language of the
 * site: the middleware (src/middleware.ts) refuses any other `lang` through
 * `unknownLanguage` before the route runs, as each route did itself before:
 * a page answers the 404 page (a rewrite to /404, in the language of the
 * visitor's cookie), a feed or sitemap (a path ending in a file name,
 * /xx/rss.xml) a plain "Not found". The routes then read their language
 * with `routeLocale`, which only narrows the type.
 *
 * The unprefixed sections (/shows, /casting, /castings, /talents: docs/product.md,
 * Languages and redirects) are the same page files as their /fr forms
 * (route aliases, src/build/route-aliases.ts): without a `lang` in the
 * address they answer in the `locale` cookie's language.
 */
import type { APIContext } from 'astro';
import { isLocale, toLocale } from '../../i18n/locales.ts';
import type { Locale } from '../../i18n/locales.ts';
import { LOCALE_COOKIE } from '../../lib/locale-redirect.ts';

/** The routes whose first segment is the language. */
const LANG_ROUTE = '/[lang]';
/** A route whose last segment names a file (rss.xml, sitemap-[page].xml): an endpoint, not a page. */
const FILE_ROUTE = /\.[A-Za-z0-9]{1,12}$/;

type RouteContext = Pick<APIContext, 'params' | 'routePattern' | 'rewrite'>;

const hasLangSegment = (routePattern: string): boolean => routePattern === LANG_ROUTE || routePattern.startsWith(`${LANG_ROUTE}/`);

/**
 * The answer for a route under /[lang] whose `lang` is no language of the
 * site, or null for every other request (the route runs).
 */
export function unknownLanguage(context: RouteContext): Promise<Response> | null {
  if (!hasLangSegment(context.routePattern) || isLocale(context.params.lang)) return null;
  if (FILE_ROUTE.test(context.routePattern)) return Promise.resolve(new Response('Not found', { status: 404 }));
  return context.rewrite('/404');
}

/** The language of a route under /[lang] (the middleware let no other through). */
export function routeLocale(params: APIContext['params']): Locale {
  const { lang } = params;
  if (!isLocale(lang)) throw new Error(`routeLocale: "${String(lang)}" is not a language of the site (a route outside /[lang]?)`);
  return lang;
}

/**
 * The language of an unprefixed section's page: the address's (/fr/shows)
 * or, without one (/shows), the `locale` cookie's (default Arabic).
 */
export function sectionLocale(context: Pick<APIContext, 'params' | 'cookies'>): { locale: Locale; byCookie: boolean } {
  if (context.params.lang !== undefined) return { locale: routeLocale(context.params), byCookie: false };
  return { locale: toLocale(context.cookies.get(LOCALE_COOKIE)?.value), byCookie: true };
}
