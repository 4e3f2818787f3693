/**
 * /navigationlinks/{page} (route 'navigationlinks-page'): the channel's
 * static information pages, one of the docs/product.md, Routes keys, per language.
 */
import type { DB } from '../db/index.ts';
import { STATIC_PAGE_KEYS, type Row, type StaticPageKey } from '../db/schema.ts';
import type { Locale } from '../../lib/paths.ts';

const isStaticPageKey = (value: string): value is StaticPageKey =>
  (STATIC_PAGE_KEYS as readonly string[]).includes(value);

/** The static page `page` in `locale`; null for another key or a page not written in that language. */
export async function loadStaticPage(db: DB, locale: Locale, params: { page: string }): Promise<Row<'static_pages'> | null> {
  if (!isStaticPageKey(params.page)) return null;
  const row = await db
    .selectFrom('static_pages')
    .selectAll()
    .where('lang', '=', locale)
    .where('page', '=', params.page)
    .executeTakeFirst();
  return row ?? null;
}
