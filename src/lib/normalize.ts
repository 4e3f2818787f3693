/**
 * Search normalisation, applied both to the stored `search_text` of content
 * and to the visitor's query, so that matching ignores diacritics, letter
 * variants and punctuation.
 *
 * Arabic: tashkeel (U+064B–U+0652, U+0670) and tatweel (U+0640) removed;
 * أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي; Arabic-Indic digits → 0-9.
 * Latin: NFD then combining marks removed (é → e), œ → oe, æ → ae, lowercase.
 * Any run of characters that is neither a letter nor a digit becomes one space.
 */
const ARABIC_MAP: Record<string, string> = {
  'أ': 'ا',
  'إ': 'ا',
  'آ': 'ا',
  'ٱ': 'ا',
  'ة': 'ه',
  'ى': 'ي',
  'ؤ': 'و',
  'ئ': 'ي',
  'œ': 'oe',
  'æ': 'ae',
  'ß': 'ss',
};

const LETTER_VARIANTS = /[أإآٱةىؤئœæß]/g;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const TASHKEEL_TATWEEL = /[\u064B-\u0652\u0670\u0640]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

export function normalizeSearchText(s: string): string {
  return s
    .toLowerCase()
    .replace(LETTER_VARIANTS, (c) => ARABIC_MAP[c] ?? c)
    .replace(TASHKEEL_TATWEEL, '')
    .replace(ARABIC_INDIC_DIGITS, (d) => {
      const code = d.charCodeAt(0);
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC')
    .replace(NOT_WORD, ' ')
    .trim();
}
