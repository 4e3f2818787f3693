/**
 * A master tag's page (the catch-all /{tag} with a master tag route name):
 * its name, its sub-sections, and the articles of it and its children,
 * newest first, paginated.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { masterTagPath } from '../../lib/paths.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { masterTagsListing, paginateListing } from '../content/articles.ts';
import { masterTagWithChildren, toMasterTagLeaf, type MasterTagLeaf } from '../content/tags.ts';
import { NotFoundError } from '../api/define.ts';
import { listingAlternates, listingHasPage } from './editorial-common.ts';

export interface MasterTagListing {
  tag: Row<'master_tags'>;
  /** The parent section of a sub-section, if any. */
  parent: MasterTagLeaf | null;
  /** Chips: the section's children, or a sub-section's siblings. */
  chips: MasterTagLeaf[];
  articles: ArticleCard[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  alternates: Record<Locale, string>;
}

export async function findMasterTagByRoute(db: DB, locale: Locale, routeName: string) {
  return db
    .selectFrom('master_tags')
    .selectAll()
    .where('lang', '=', locale)
    .where('route_name', '=', routeName)
    .orderBy('id')
    .executeTakeFirst();
}

/** The page of master tag `tag` at `page`; null past the last page. */
export async function masterTagListing(
  db: DB,
  locale: Locale,
  tag: Row<'master_tags'>,
  page: number,
): Promise<MasterTagListing | null> {
  const found = await masterTagWithChildren(db, tag.id);
  const children = found?.children ?? [];
  const parentRow = tag.parent_id != null ? await masterTagWithChildren(db, tag.parent_id) : undefined;
  let result;
  try {
    const ids = [tag.id, ...children.map((c) => c.id)];
    result = await paginateListing(db, masterTagsListing(db, locale, ids), locale, page);
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
  const other = otherLocale(locale);
  const translated = await db
    .selectFrom('master_tags')
    .select(['id', 'route_name'])
    .where('lang', '=', other)
    .where('translation_key', '=', tag.translation_key)
    .orderBy('id')
    .executeTakeFirst();
  const translatedChildren = translated ? ((await masterTagWithChildren(db, translated.id))?.children ?? []) : [];
  return {
    tag,
    parent: parentRow ? toMasterTagLeaf(parentRow.tag) : null,
    chips: (children.length ? children : (parentRow?.children ?? [])).map(toMasterTagLeaf),
    articles: result.items,
    pagination: result.pagination,
    alternates: listingAlternates(
      locale,
      page,
      masterTagPath(locale, tag.route_name),
      translated
        ? {
            path: masterTagPath(other, translated.route_name),
            hasPage: await listingHasPage(db, masterTagsListing(db, other, [translated.id, ...translatedChildren.map((c) => c.id)]), page),
          }
        : { fallback: route('index', other) },
    ),
  };
}
