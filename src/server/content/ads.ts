/** Ad tag lookups (docs/product.md, Content "Ad tag lookup result", Answers). */
import type { DB } from '../db/index.ts';

/** What an ad tag row applies to: a content tag (articles, web videos) or a programme (its episodes). */
export type AdTagScope = 'tag' | 'programme';

/**
 * The video ad unit of a content tag or a programme: the first ad tag row for
 * it (one with a pub_code first), else null (the player then uses the default
 * pre-roll unit). Undefined when the tag or programme itself does not exist.
 */
export async function pubCodeFor(db: DB, scope: AdTagScope, id: number): Promise<{ pub_code: string | null } | undefined> {
  const owner =
    scope === 'tag'
      ? await db.selectFrom('tags').select('id').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('programmes').select('id').where('id', '=', id).executeTakeFirst();
  if (!owner) return undefined;
  const ad = await db
    .selectFrom('ad_tags')
    .select('pub_code')
    .where(scope === 'tag' ? 'tag_id' : 'programme_id', '=', id)
    .orderBy((eb) => eb.case().when('pub_code', 'is', null).then(1).else(0).end())
    .orderBy('id')
    .executeTakeFirst();
  return { pub_code: ad?.pub_code ?? null };
}
