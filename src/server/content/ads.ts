/** Ad tag lookups (SPEC §3 "Ad tag lookup result", §7.6). */
import type { DB } from '../db/index.ts';

/**
 * The video ad unit of a content tag: the first ad tag row for it, else null
 * (the player then uses the default pre-roll unit). Undefined when the tag
 * itself does not exist.
 */
export async function pubCodeForTag(db: DB, tagId: number): Promise<{ pub_code: string | null } | undefined> {
  const tag = await db.selectFrom('tags').select('id').where('id', '=', tagId).executeTakeFirst();
  if (!tag) return undefined;
  const ad = await db
    .selectFrom('ad_tags')
    .select('pub_code')
    .where('tag_id', '=', tagId)
    .orderBy((eb) => eb.case().when('pub_code', 'is', null).then(1).else(0).end())
    .orderBy('id')
    .executeTakeFirst();
  return { pub_code: ad?.pub_code ?? null };
}
