/** Labels of the genre keys stored in the programme grid. */
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';

type Message = (inputs: Record<string, never>, options: { locale: Locale }) => string;

const GENRES: Record<string, Message> = {
  divertissement: m.guide_genre_divertissement,
  jeu: m.guide_genre_jeu,
  debat: m.guide_genre_debat,
  magazine: m.guide_genre_magazine,
  documentaire: m.guide_genre_documentaire,
  serie: m.guide_genre_serie,
  film: m.guide_genre_film,
  information: m.guide_genre_information,
  religieux: m.guide_genre_religieux,
  jeunesse: m.guide_genre_jeunesse,
  sport: m.guide_genre_sport,
  musique: m.guide_genre_musique,
};

/** The genre's name in the locale; an unknown key is shown as stored. */
export function genreLabel(genre: string, locale: Locale): string {
  const message = GENRES[genre];
  return message ? message({}, { locale }) : genre;
}
