/**
 * The language of a request to an endpoint (docs/product.md, API): the
 * `locale` header, else the `lang` query parameter, else the `locale`
 * cookie, else Arabic.
 */
import type { Lang } from '../db/schema.ts';

export function readLocale(request: Request, url: URL): Lang {
  const header = request.headers.get('locale')?.trim().toLowerCase();
  if (header === 'ar' || header === 'fr') return header;
  const query = url.searchParams.get('lang');
  if (query === 'ar' || query === 'fr') return query;
  const cookie = /(?:^|;\s*)locale=(ar|fr)\b/.exec(request.headers.get('cookie') ?? '');
  if (cookie) return cookie[1] as Lang;
  return 'ar';
}
