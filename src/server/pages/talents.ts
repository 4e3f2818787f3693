/** /talents: the Starlight candidates of every season, newest season first. */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { StarlightPerson, StarlightSeason } from '../content/video/starlight.ts';
import { peopleBySeason } from './starlight-common.ts';

export interface TalentsPage {
  groups: { season: StarlightSeason; people: StarlightPerson[] }[];
}

export async function loadTalents(db: DB, locale: Locale): Promise<TalentsPage> {
  return { groups: await peopleBySeason(db, 'candidate', locale) };
}
