/** /shows: the active programmes grouped by kind (emissions, series, films). */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ProgrammeCard } from '../api/shapes.ts';
import { activeProgrammes, toProgrammeCards } from '../content/video/programmes.ts';

export interface ShowsPage {
  emissions: ProgrammeCard[];
  series: ProgrammeCard[];
  films: ProgrammeCard[];
}

export async function loadShows(db: DB, locale: Locale): Promise<ShowsPage> {
  const cards = await toProgrammeCards(db, await activeProgrammes(db, ['emission', 'serie', 'film']), locale);
  return {
    emissions: cards.filter((c) => c.kind === 'emission'),
    series: cards.filter((c) => c.kind === 'serie'),
    films: cards.filter((c) => c.kind === 'film'),
  };
}
