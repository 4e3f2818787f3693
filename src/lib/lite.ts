/**
 * The lite site (ADR 038): a text-first twin of each language's home page
 * and of every article, for phones on slow networks. A lite page lives under
 * the language's `/lite` segment with the rest of the full page's path:
 *
 *   /ar                    ↔ /ar/lite
 *   /fr/sport/some-story   ↔ /fr/lite/sport/some-story
 *
 * Pure functions, shared by the pages (links both ways), the pre-build and
 * the change feed (a lite twin is rendered and refreshed with its page), and
 * the front server (Save-Data: on gets the twin).
 */
import { type Locale, LOCALES } from '../i18n/locales.ts';
import { route } from './routes.ts';

const localeOf = (segment: string | undefined): Locale | undefined => LOCALES.find((l) => l === segment);

/**
 * The lite twin of a language's home page or of an article's path
 * (`/{lang}/{tag}/{slug}`), or null for a path of any other shape. The
 * caller knows which paths are articles: `/fr/post/12` has the shape of an
 * article path and would get a twin no page answers.
 */
export function liteTwin(path: string): string | null {
  const parts = path.split('/');
  const lang = localeOf(parts[1]);
  if (!lang || parts[0] !== '') return null;
  if (parts.length === 2 || (parts.length === 3 && parts[2] === '')) return route('lite-index', lang);
  if (parts.length === 4 && parts[2] && parts[3] && parts[2] !== 'lite') return `/${lang}/lite/${parts[2]}/${parts[3]}`;
  return null;
}

/** Whether a path is a lite page (`/{lang}/lite…`). */
export const isLitePath = (path: string): boolean => /^\/(?:ar|fr)\/lite(?:\/|$)/.test(path);
