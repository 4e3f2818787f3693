/** /api/getListJT and /api/getListEmissions: the replay menus' lists. */
import type { DB } from '../db/index.ts';
import type { Lang } from '../db/schema.ts';
import type { ProgrammeCard, VideoCard } from '../api/shapes.ts';
import { jtSeed, toCards } from './video/cards.ts';
import { EDITIONS, editionName, rankedBulletins, type Edition } from './video/jt.ts';
import { activeProgrammes, toProgrammeCards } from './video/programmes.ts';

export interface JtEditionList {
  edition: Edition;
  name: string;
  /** URL segment of /replay/news/{type}. */
  type: string;
  bulletins: VideoCard[];
}

/**
 * Every JT edition (ar, fr, amz) with its `perEdition` newest published
 * bulletins: one windowed query, then one batch for videos and images.
 */
export async function jtEditionLists(db: DB, lang: Lang, perEdition = 5): Promise<JtEditionList[]> {
  const ranked = rankedBulletins(db);
  const rows = await db
    .selectFrom(ranked)
    .selectAll()
    .where('ranked.rn', '<=', perEdition)
    .orderBy('ranked.published_at', 'desc')
    .orderBy('ranked.id', 'desc')
    .execute();
  const cards = await toCards(db, rows.map((r) => jtSeed(r, lang)), lang);
  return EDITIONS.map((edition) => ({
    edition,
    name: editionName(edition, lang),
    type: edition,
    bulletins: cards.filter((_, i) => rows[i]?.edition === edition),
  }));
}

/** Active emissions (kind 'emission') in editorial order. */
export async function emissionCards(db: DB, lang: Lang): Promise<ProgrammeCard[]> {
  return toProgrammeCards(db, await activeProgrammes(db, ['emission']), lang);
}
