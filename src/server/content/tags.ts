/** Master tags (navigation sections) and content tags. */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { masterTagPath } from '../../lib/paths.ts';

export interface MasterTagRef {
  id: number;
  name: string;
  routeName: string;
}

export interface MasterTagNode extends MasterTagRef {
  path: string;
  childs?: MasterTagLeaf[];
}

export interface MasterTagLeaf extends MasterTagRef {
  path: string;
}

export const toMasterTagRef = (m: Pick<Row<'master_tags'>, 'id' | 'name' | 'route_name'>): MasterTagRef => ({
  id: m.id,
  name: m.name,
  routeName: m.route_name,
});

export const toMasterTagLeaf = (m: Row<'master_tags'>): MasterTagLeaf => ({
  ...toMasterTagRef(m),
  path: masterTagPath(m.lang, m.route_name),
});

/**
 * The navigation tree of one language: top-level master tags in position
 * order, each with its children (`childs`, only when it has some).
 */
export async function masterTagTree(db: DB, lang: Locale): Promise<MasterTagNode[]> {
  const rows = await db
    .selectFrom('master_tags')
    .selectAll()
    .where('lang', '=', lang)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const childrenOf = new Map<number, MasterTagLeaf[]>();
  for (const r of rows) {
    if (r.parent_id != null) {
      const list = childrenOf.get(r.parent_id) ?? [];
      list.push(toMasterTagLeaf(r));
      childrenOf.set(r.parent_id, list);
    }
  }
  return rows
    .filter((r) => r.parent_id == null)
    .map((r) => {
      const childs = childrenOf.get(r.id);
      return childs?.length ? { ...toMasterTagLeaf(r), childs } : toMasterTagLeaf(r);
    });
}

/** One master tag with its direct children; undefined when unknown. */
export async function masterTagWithChildren(
  db: DB,
  id: number,
): Promise<{ tag: Row<'master_tags'>; children: Row<'master_tags'>[] } | undefined> {
  const tag = await db.selectFrom('master_tags').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tag) return undefined;
  const children = await db
    .selectFrom('master_tags')
    .selectAll()
    .where('parent_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { tag, children };
}

/** A content tag by id (ids are global across languages). */
export async function findTag(db: DB, id: number): Promise<Row<'tags'> | undefined> {
  return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}
