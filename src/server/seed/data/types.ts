/** Shapes of the demo content banks. Every text exists in Arabic and French. */
export interface Bi {
  ar: string;
  fr: string;
}

export interface City {
  ar: string;
  fr: string;
  slug: string;
  region: string;
}

export interface Team {
  ar: string;
  fr: string;
  /** Short name used in titles. */
  shortAr: string;
  shortFr: string;
  slug: string;
  cityFr: string;
}

export interface Country {
  ar: string;
  fr: string;
  /** "au Sénégal", "en Espagne" */
  frIn: string;
  /** "du Sénégal", "d'Espagne" (coming from) */
  frOf: string;
  /** "le Sénégal", "l'Espagne" */
  frThe: string;
  capitalAr: string;
  capitalFr: string;
  slug: string;
  continent: 'afrique' | 'europe';
}

export interface Person {
  ar: string;
  fr: string;
  female: boolean;
}

export interface StoryVars {
  city: City;
  city2: City;
  team: Team;
  team2: Team;
  country: Country;
  person: Person;
  person2: Person;
  /** A man (for men's competitions). */
  man: Person;
  /** A village of the Al Haouz province. */
  village: Bi;
  /** 3..9 */
  small: number;
  /** 12..48 */
  two: number;
  /** 120..950, a multiple of 10 that never ends in 03–10 (Arabic counted noun stays singular). */
  big: number;
  /** 4..45 */
  pct: number;
  /** Match score. */
  goals: [number, number];
  /** Round of the championship, 5..24 */
  round: number;
  /** The current year. */
  year: number;
}

/** Gendered word choice for `person` (Arabic and French roles, verbs, agreements). */
export const g = (p: Person, m: string, f: string): string => (p.female ? f : m);

export interface Story {
  title: Bi;
  subtitle: Bi;
  lead: Bi;
  h2: Bi;
  detail: Bi;
  quote: Bi;
  quoteBy: Bi;
  bullets?: Bi[];
  more?: Bi;
}

export type MasterKey = 'actualite' | 'societe' | 'economie' | 'sport' | 'culture' | 'monde' | 'regions';

export interface StoryTemplate {
  /** ASCII words used in the Arabic article's slug. */
  key: string;
  master: MasterKey;
  /** Route name of a child master tag, or 'auto' (regions: from the city's region; monde: from the country's continent). */
  child?: string;
  /** Tag translation keys (slugs). */
  tags: string[];
  dossier?: string;
  /** Slug of the programme whose results the article reports. */
  programme?: string;
  /** Restrict `country` to these country slugs. */
  countries?: readonly string[];
  /** Restrict `city` to these city slugs. */
  cities?: readonly string[];
  /** Inclined to carry a video. */
  video?: boolean;
  build(v: StoryVars): Story;
}

export interface TopicText {
  /** Generic context paragraphs of the topic. */
  context: Bi[];
  /** Closing paragraphs. */
  closing: Bi[];
  /** Generic second-level headings. */
  headings: Bi[];
}
