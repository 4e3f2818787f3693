import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';

/** Envelope messages, in the language of the request, from the message catalogue (messages/*.json) like the pages' texts. */
const MESSAGES: Record<number, (locale: Locale) => string> = {
  400: (locale) => m.polish_api_400({}, { locale }),
  404: (locale) => m.polish_api_404({}, { locale }),
  405: (locale) => m.polish_api_405({}, { locale }),
  413: (locale) => m.polish_api_413({}, { locale }),
  422: (locale) => m.polish_api_422({}, { locale }),
  429: (locale) => m.polish_api_429({}, { locale }),
  500: (locale) => m.polish_api_500({}, { locale }),
};

export function apiMessage(code: number, locale: Locale): string {
  return (MESSAGES[code] ?? MESSAGES[500]!)(locale);
}

/** A catalogue message in both languages, for tables of texts keyed by language. */
export function inBothLanguages(message: (inputs: Record<string, never>, options: { locale: Locale }) => string): Record<Locale, string> {
  return { ar: message({}, { locale: 'ar' }), fr: message({}, { locale: 'fr' }) };
}
