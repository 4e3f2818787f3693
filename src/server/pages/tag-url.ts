/**
 * The catch-all /{tag}/{url?} (route 'tag-url'): with a url, an article by
 * slug (src/server/pages/article.ts); with the tag alone, a master tag's
 * page, else a content tag's page by slug, else nothing (404).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { findMasterTagByRoute, masterTagListing, type MasterTagListing } from './master-tag.ts';
import { findTagBySlug, tagListing, type TagListing } from './posts-tag.ts';

export type SectionLoad = { kind: 'master-tag'; listing: MasterTagListing } | { kind: 'tag'; listing: TagListing };

/** /{tag}?page=N: a master tag's page, else a tag's page; null when neither (or past the last page). */
export async function loadTagSection(
  db: DB,
  locale: Locale,
  params: { tag: string; page: number },
): Promise<SectionLoad | null> {
  const master = await findMasterTagByRoute(db, locale, params.tag);
  if (master) {
    const listing = await masterTagListing(db, locale, master, params.page);
    return listing ? { kind: 'master-tag', listing } : null;
  }
  const tag = await findTagBySlug(db, locale, params.tag);
  if (tag) {
    const listing = await tagListing(db, locale, tag, params.page);
    return listing ? { kind: 'tag', listing } : null;
  }
  return null;
}
