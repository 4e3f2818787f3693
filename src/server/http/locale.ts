/**
 * The language of a request to an endpoint (docs/product.md, API): the
 * `locale` header, else the `lang` query parameter, else the `locale`
 * cookie, else the default language (Arabic).
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales.ts';

export function readLocale(request: Request, url: URL): Locale {
  const header = request.headers.get('locale')?.trim().toLowerCase();
  if (isLocale(header)) return header;
  const query = url.searchParams.get('lang');
  if (isLocale(query)) return query;
  const cookie = /(?:^|;\s*)locale=([a-z]+)\b/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (isLocale(cookie)) return cookie;
  return DEFAULT_LOCALE;
}
