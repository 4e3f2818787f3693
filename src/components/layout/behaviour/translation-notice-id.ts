/** The fragment the language switch adds when the page it leaves has no translation (LanguageSwitch.astro, ./translation-notice.ts). */
export const TRANSLATION_MISSING = 'translation-missing';
