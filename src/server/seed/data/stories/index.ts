import type { MasterKey, StoryTemplate, TopicText } from '../types.ts';
import { ACTUALITE, ACTUALITE_TEXT, TENDERS } from './actualite.ts';
import { CULTURE, CULTURE_TEXT } from './culture.ts';
import { ECONOMIE, ECONOMIE_TEXT } from './economie.ts';
import { MONDE, MONDE_TEXT } from './monde.ts';
import { REGIONS_STORIES, REGIONS_TEXT } from './regions.ts';
import { SOCIETE, SOCIETE_TEXT } from './societe.ts';
import { SPORT, SPORT_TEXT } from './sport.ts';

export { TENDERS };

/** Story templates of every section except calls for tender. */
export const STORIES: readonly StoryTemplate[] = [
  ...ACTUALITE,
  ...SOCIETE,
  ...ECONOMIE,
  ...SPORT,
  ...CULTURE,
  ...MONDE,
  ...REGIONS_STORIES,
];

export const TOPIC_TEXT: Record<MasterKey, TopicText> = {
  actualite: ACTUALITE_TEXT,
  societe: SOCIETE_TEXT,
  economie: ECONOMIE_TEXT,
  sport: SPORT_TEXT,
  culture: CULTURE_TEXT,
  monde: MONDE_TEXT,
  regions: REGIONS_TEXT,
};
