/**
 * The language redirect rule (docs/product.md, Languages and redirects, with
 * `talents` added to the unprefixed set), as one pure function so it can be
 * tested with a table of cases; src/middleware.ts applies its decision.
 *
 *  - /ar/shows…, /ar/casting…, /ar/castings…, /ar/talents… → 301 to the same
 *    path without /ar, which also sets the `locale` cookie to ar: the /ar
 *    prefix was the visitor's choice of language (the French page's switch
 *    links there), and the unprefixed page answers in the cookie's;
 *  - /shows, /casting, /castings, /talents (and their sub-paths) are served
 *    as they are (in the cookie's language);
 *  - /ar/… and /fr/… are served as they are (and remember their language);
 *  - any other path → the same path prefixed with the `locale` cookie's
 *    language (302: the cookie decided), else with /ar (301).
 *
 * Query strings survive every redirect. Paths that are not pages (API,
 * media, live stream, built assets, feeds, widget back ends, the 404 page)
 * are left alone.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales.ts';

/** Sections served without a language prefix (docs/product.md, Languages and redirects). */
export const UNPREFIXED_SECTIONS: ReadonlySet<string> = new Set(['shows', 'casting', 'castings', 'talents']);

/**
 * First path segments that are not pages and never get a language prefix:
 * the JSON API, media files, the HLS live stream, Astro's assets and
 * endpoints, self-hosted fonts, the 404/500 pages, and the root-level
 * compatibility paths of docs/product.md, Widgets, Accounts and forms (ip, geo, prayer times, weather,
 * click tracking), and the house ad server (VAST and its tracking pixels).
 */
export const EXCLUDED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'media',
  'live',
  '_astro',
  '_image',
  '_server-islands',
  '_actions',
  'fonts',
  'badges',
  '.well-known',
  '404',
  '500',
  'ip',
  'geo',
  'prieres',
  'mm-weather',
  'tracking',
  'ads',
  // Short links /s/{code}: language-neutral, they redirect to the article.
  's',
  // The newsroom's desk (ADR 033): in the language of each person, never prefixed.
  'desk',
]);

/** The locale cookie's name and lifetime (docs/product.md, Limits: 365 days). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface RedirectInput {
  /** URL path as received (still percent-encoded), e.g. "/guidetv". */
  pathname: string;
  /** Query string including its "?", or "" (URL.search). */
  search: string;
  /** Value of the `locale` cookie, if any. */
  cookieLocale?: string | null | undefined;
}

export type RedirectDecision =
  /** Not a page (asset, API…): no language handling at all. */
  | { kind: 'skip' }
  /** Serve it. `prefix` is the path's language prefix (null for /shows…). */
  | { kind: 'serve'; prefix: Locale | null }
  /** `byCookie`: the target depends on the cookie (or on its absence). */
  | { kind: 'redirect'; location: string; status: 301 | 302; byCookie: boolean; setLocale?: Locale };

/** A path segment that names a file (has an extension): feeds, robots, icons… */
const FILE_SEGMENT = /\.[A-Za-z0-9]{1,12}$/;

export function decideLocaleRedirect({ pathname, search, cookieLocale }: RedirectInput): RedirectDecision {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const segments = path.split('/');
  // segments[0] is always "" (the path starts with "/").
  const first = segments[1] ?? '';
  const last = segments[segments.length - 1] ?? '';

  if (EXCLUDED_FIRST_SEGMENTS.has(first) || FILE_SEGMENT.test(last)) return { kind: 'skip' };

  if (first === 'ar') {
    const second = segments[2] ?? '';
    if (UNPREFIXED_SECTIONS.has(second)) {
      return { kind: 'redirect', location: `${path.slice('/ar'.length)}${search}`, status: 301, byCookie: false, setLocale: 'ar' };
    }
    return { kind: 'serve', prefix: 'ar' };
  }
  if (isLocale(first)) return { kind: 'serve', prefix: first };

  if (UNPREFIXED_SECTIONS.has(first)) return { kind: 'serve', prefix: null };

  const fromCookie = isLocale(cookieLocale);
  const lang: Locale = fromCookie ? cookieLocale : DEFAULT_LOCALE;
  const rest = path === '/' ? '' : path;
  return { kind: 'redirect', location: `/${lang}${rest}${search}`, status: fromCookie ? 302 : 301, byCookie: true };
}
