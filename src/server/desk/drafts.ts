/**
 * The desk's shared working copies of what is published as a whole (ADR
 * 040): a language's front page (kind `front`, key `ar`/`fr`), a static page
 * (kind `page`, key `fr:mag`). A save names the rev it started from: a
 * stale one changes nothing (the caller answers 409 with the stored copy).
 * Publishing deletes the working copy in the publication's transaction.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database, Row } from '../db/schema.ts';

type Db = DB | Transaction<Database>;
type Kind = Row<'desk_drafts'>['kind'];

export interface Draft<T> {
  doc: T;
  rev: number;
  updatedAt: string;
  updatedBy: string | null;
}

export async function readDraft<T>(db: Db, kind: Kind, key: string, parse: (json: string) => T): Promise<Draft<T> | null> {
  const row = await db
    .selectFrom('desk_drafts')
    .leftJoin('desk_users', 'desk_users.id', 'desk_drafts.updated_by')
    .select(['desk_drafts.doc', 'desk_drafts.rev', 'desk_drafts.updated_at', 'desk_users.name'])
    .where('desk_drafts.kind', '=', kind)
    .where('desk_drafts.key', '=', key)
    .executeTakeFirst();
  return row ? { doc: parse(row.doc), rev: row.rev, updatedAt: row.updated_at, updatedBy: row.name } : null;
}

/** Saves a working copy over rev `rev` (0: none yet); its new rev, or null when `rev` is stale. */
export async function saveDraft(db: Db, kind: Kind, key: string, rev: number, doc: unknown, userId: number | null, now = new Date()): Promise<number | null> {
  const values = { doc: JSON.stringify(doc), rev: rev + 1, updated_by: userId, updated_at: now.toISOString() };
  if (rev === 0) {
    const res = await db
      .insertInto('desk_drafts')
      .values({ kind, key, ...values })
      .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
      .returning('rev')
      .executeTakeFirst();
    return res ? 1 : null;
  }
  const res = await db.updateTable('desk_drafts').set(values).where('kind', '=', kind).where('key', '=', key).where('rev', '=', rev).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? rev + 1 : null;
}

export async function deleteDraft(db: Db, kind: Kind, key: string): Promise<void> {
  await db.deleteFrom('desk_drafts').where('kind', '=', kind).where('key', '=', key).execute();
}
