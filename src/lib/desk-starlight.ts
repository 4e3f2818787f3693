import type { Locale } from '../i18n/locales.ts';

/** What a Starlight text holds at most, in characters: checked by the server (src/server/desk/starlight.ts), announced by the desk's fields. */
export const STARLIGHT_LIMITS = { name: 120, city: 80, bio: 2000, seasonTitle: 200, seasonDescription: 2000, videoTitle: 200, castingTitle: 200, castingText: 2000 } as const;

/** In a casting call's texts, stands for the number of the season the call is for (src/server/content/casting-call.ts). */
export const SEASON_TOKEN = '{n}';

/** A casting call's text with its season's number in place of `{n}`. */
export const withSeason = (text: string, season: number): string => text.replaceAll(SEASON_TOKEN, String(season));

/** A language's casting call as the desk API gives it (src/server/desk/starlight.ts). */
export interface DeskCastingCall {
  lang: Locale;
  title: string;
  /** Plain texts; an empty line parts two paragraphs. */
  intro: string;
  steps: string;
  dates: string;
  /** The season the call is for now (the one after the latest): what `{n}` stands for. */
  season: number;
  /** Its page (/casting in that language). */
  path: string;
  /** The last change made in the desk (null: never changed there). */
  updatedAt: string | null;
}
