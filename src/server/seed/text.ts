/** Small text helpers for the demo content. */
import { LOCALE_CONFIG } from '../../i18n/locales.ts';

/**
 * An Arabic count with its noun in the right form: `few` is the plural used
 * after 3–10, `many` the accusative singular used after 11–99, `one` the
 * singular used after round hundreds.
 */
export function arCount(n: number, forms: { one: string; two: string; few: string; many: string }): string {
  if (n === 1) return forms.one;
  if (n === 2) return forms.two;
  const r = n % 100;
  if (r >= 3 && r <= 10) return `${n} ${forms.few}`;
  if (r === 0) return `${n} ${forms.one}`;
  return `${n} ${forms.many}`;
}

/** French number with a narrow no-break space between thousands. */
export function frNum(n: number): string {
  return new Intl.NumberFormat(LOCALE_CONFIG.fr.bcp47).format(n);
}

/** Arabic-text number: Western digits, thousands grouped with a dot as in the Moroccan press. */
export function arNum(n: number): string {
  return new Intl.NumberFormat('de-DE').format(n);
}

/** Escape text for HTML element content. */
function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const p = (s: string): string => `<p>${esc(s)}</p>`;
export const h2 = (s: string): string => `<h2>${esc(s)}</h2>`;
export const ul = (items: readonly string[]): string => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
export const quote = (text: string, by: string): string =>
  `<blockquote><p>${esc(text)}</p><cite>${esc(by)}</cite></blockquote>`;

/** "Le Raja" → "le Raja" (a name with its article, inside a sentence). */
export const lc = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** French "de" + article: "Le Raja" → "du Raja", "La RS Berkane" → "de la RS Berkane", "L'AS FAR" → "de l'AS FAR". */
export function frDe(withArticle: string): string {
  if (/^le /i.test(withArticle)) return `du ${withArticle.slice(3)}`;
  if (/^les /i.test(withArticle)) return `des ${withArticle.slice(4)}`;
  return `de ${lc(withArticle)}`;
}

/** French "à" + article: "Le Raja" → "au Raja", "La RS Berkane" → "à la RS Berkane", "L'AS FAR" → "à l'AS FAR". */
export function frA(withArticle: string): string {
  if (/^le /i.test(withArticle)) return `au ${withArticle.slice(3)}`;
  if (/^les /i.test(withArticle)) return `aux ${withArticle.slice(4)}`;
  return `à ${lc(withArticle)}`;
}

/** French "de" before a name, elided before a vowel: "de Fès", "d'Agadir", "d'El Jadida". */
export function fde(name: string): string {
  return /^[aeiouyéèêâîôû]/i.test(name) ? `d'${name}` : `de ${name}`;
}

/** Arabic preposition بـ joined to a word: "بالاستثمار", "بداكار" (the tatweel form is kept before digits and Latin). */
export function arBi(word: string): string {
  return /^[\u0621-\u064A]/.test(word) ? `ب${word}` : `بـ${word}`;
}
