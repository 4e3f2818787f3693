/**
 * /navigationlinks/{page} (route 'navigationlinks-page'): the channel's
 * static information pages, one of the docs/product.md, Routes keys, per language.
 */
import type { DB } from '../db/index.ts';
import { STATIC_PAGE_KEYS, type Row, type StaticPageKey } from '../db/schema.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import type { PageMeta } from '../../layouts/meta.ts';
import { route } from '../../lib/routes.ts';
import { cut } from '../../lib/text.ts';
import { homeCrumb, pageTitle, plainText } from './editorial-meta.ts';

export const isStaticPageKey = (value: string): value is StaticPageKey =>
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

/** The PageMeta of a static page (its breadcrumbs: home, the page). */
export function staticPageMeta(page: Pick<Row<'static_pages'>, 'page' | 'title' | 'body_html' | 'updated_at'>, locale: Locale): PageMeta {
  const path = route('navigationlinks-page', locale, { page: page.page });
  return {
    locale,
    routeName: 'navigationlinks-page',
    title: pageTitle(page.title, locale),
    description: cut(plainText(page.body_html), 160),
    path,
    alternates: {
      [locale]: path,
      [otherLocale(locale)]: route('navigationlinks-page', otherLocale(locale), { page: page.page }),
    },
    ogType: 'website',
    updatedAt: page.updated_at,
    breadcrumbs: [homeCrumb(locale), { name: page.title, path }],
  };
}
