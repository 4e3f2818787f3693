/**
 * The locale model: one entry per language of the site, holding every fact
 * the code needs about that language (in the manner of the BBC's simorgh,
 * which keeps one typed config object per language service). The `Locale`
 * type, the list, the default, text direction, language tags and "the other
 * language" all derive from it; nothing else spells them.
 *
 * `npm run lint` refuses a literal locale union such as `'ar' | 'fr'`
 * anywhere else in src (scripts/check-locale-unions.ts): write `Locale`. The
 * message catalogue's project (project.inlang/settings.json) and Astro's i18n
 * settings (astro.config.mjs) are made from this module too. What adding a
 * language still takes beyond it: docs/architecture.md, "Adding a language".
 */

interface LocaleFacts {
  /** Text direction: `<html dir>`, and any element holding text in this language. */
  readonly dir: 'rtl' | 'ltr';
  /**
   * BCP 47 tag with the region whose conventions the site follows: Intl
   * formatting (dates, numbers, sorting), JSON-LD `inLanguage`, RSS `<language>`.
   */
  readonly bcp47: string;
  /** OpenGraph `og:locale` (language_TERRITORY). */
  readonly ogLocale: string;
  /** The locale of Facebook's JavaScript SDK, from Facebook's own list (which has no ar_MA). */
  readonly facebookSdk: string;
  /** The language's name, written in that language (a link to it from the other one). */
  readonly name: string;
  /** The script its text is set in: which web font a page preloads (src/layouts/BaseLayout.astro). */
  readonly script: 'arabic' | 'latin';
}

export const LOCALE_CONFIG = {
  ar: { dir: 'rtl', bcp47: 'ar-MA', ogLocale: 'ar_MA', facebookSdk: 'ar_AR', name: 'العربية', script: 'arabic' },
  fr: { dir: 'ltr', bcp47: 'fr-FR', ogLocale: 'fr_FR', facebookSdk: 'fr_FR', name: 'Français', script: 'latin' },
} as const satisfies Record<string, LocaleFacts>;

/** A language of the site. */
export type Locale = keyof typeof LOCALE_CONFIG;

/** Every language, in the model's order (the order of hreflang links, sitemaps, the desk's pickers). */
export const LOCALES = Object.keys(LOCALE_CONFIG) as [Locale, ...Locale[]];

/** The language of `/`, of x-default and of anything asked for in no known language. */
export const DEFAULT_LOCALE: Locale = 'ar';

/** A BCP 47 language tag of the model (`ar-MA`, `fr-FR`). */
export type LanguageTag = (typeof LOCALE_CONFIG)[Locale]['bcp47'];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALE_CONFIG, value);
}

/** `value` when it names a language of the site, else `fallback`. */
export function toLocale(value: unknown, fallback: Locale = DEFAULT_LOCALE): Locale {
  return isLocale(value) ? value : fallback;
}

/** In the browser: the page's language, from `<html lang>` (the default where it is not one of ours). */
export function pageLocale(): Locale {
  return toLocale(document.documentElement.lang);
}

/**
 * The language a page offers to switch to, and whose version of a story the
 * desk offers to start: with the site's two languages, the one that is not
 * `locale` (with more, the first other one in the model's order).
 */
export const otherLocale = (locale: Locale): Locale => LOCALES.find((l) => l !== locale)!;
