/** /api/getListJT and /api/getListEmissions: the replay menus' lists. */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ProgrammeCard, VideoCard } from '../api/shapes.ts';
import { jtSeed, toCards } from './video/cards.ts';
import { editionName, rankedBulletins } from './video/jt.ts';
import { activeProgrammes, toProgrammeCards } from './video/programmes.ts';
import { JT_EDITIONS, type JtEdition } from '../db/schema.ts';

export interface JtEditionList {
  edition: JtEdition;
  name: string;
  /** URL segment of /replay/news/{type}. */
  type: string;
  bulletins: VideoCard[];
}

/**
 * Every JT edition (ar, fr, amz) with its `perEdition` newest published
 * bulletins: one windowed query, then one batch for videos and images.
 */
export async function jtEditionLists(db: DB, lang: Locale, perEdition = 5): Promise<JtEditionList[]> {
  const ranked = rankedBulletins(db);
  const rows = await db
    .selectFrom(ranked)
    .selectAll()
    .where('ranked.rn', '<=', perEdition)
    .orderBy('ranked.published_at', 'desc')
    .orderBy('ranked.id', 'desc')
    .execute();
  const cards = await toCards(db, rows.map((r) => jtSeed(r, lang)), lang);
  return JT_EDITIONS.map((edition) => ({
    edition,
    name: editionName(edition, lang),
    type: edition,
    bulletins: cards.filter((_, i) => rows[i]?.edition === edition),
  }));
}

/** Active emissions (kind 'emission') in editorial order. */
export async function emissionCards(db: DB, lang: Locale): Promise<ProgrammeCard[]> {
  return toProgrammeCards(db, await activeProgrammes(db, ['emission']), lang);
}
