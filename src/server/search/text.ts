/**
 * What the search index stores and what a query looks for, built by the
 * same functions so that both sides always agree:
 *
 *  - `normalizeSearchText` (src/lib/normalize.ts): Arabic letter variants
 *    folded (hamza and alef forms, ta marbuta, alef maqsura), tashkeel and
 *    tatweel removed, French accents folded, lowercase, punctuation → space;
 *  - then a light stemming (ADR 037): in Arabic the definite article and
 *    the particles fused with it (ال، وال، بال، كال، فال، لل، ولل), then a
 *    plural ending (ات، ون، ين) and a feminine or relative ending (ية، ة، ي),
 *    so that رياضة, رياضي, الرياضية, رياضيات and الرياضيون all become رياض;
 *    in French a plural's final s or x ("élections" → "election", "jeux" →
 *    "jeu"). The index keeps the word as written AND its stem ("الطاقه" →
 *    "الطاقه طاقه"), a query word is looked up by its stem. Every step keeps
 *    at least 3 letters ("الله", "الان", "علي" stay whole). Broken plurals
 *    (مدن for مدينة) are not matched: that needs a dictionary.
 *
 * The FTS5 tokenizer (unicode61 remove_diacritics 2) then only splits on
 * the spaces this leaves.
 */
import { normalizeSearchText } from '../../lib/normalize.ts';

/** Longest query looked at, in characters (the API takes 100). */
const QUERY_MAX_CHARS = 200;
/** Most words a query keeps (the first ones). */
const QUERY_MAX_WORDS = 12;

/** Normalised forms (ة is ه, ى is ي after normalizeSearchText), longest first in each list. */
const ARABIC_PREFIXES = ['ولل', 'وال', 'بال', 'كال', 'فال', 'لل', 'ال'] as const;
const ARABIC_PLURAL_ENDINGS = ['ات', 'ون', 'ين'] as const;
const ARABIC_FEMININE_ENDINGS = ['يه', 'ه', 'ي'] as const;
const ARABIC_LETTER = /^[\u0621-\u064A]/;
const LATIN_PLURAL = /^[a-z]{2,}[^s][sx]$/;
const MIN_STEM = 3;

/** `word` without the first of `affixes` it starts (or ends) with, when at least MIN_STEM letters remain. */
function strip(word: string, affixes: readonly string[], at: 'start' | 'end'): string {
  for (const a of affixes) {
    const has = at === 'start' ? word.startsWith(a) : word.endsWith(a);
    if (has && word.length - a.length >= MIN_STEM) return at === 'start' ? word.slice(a.length) : word.slice(0, -a.length);
  }
  return word;
}

/** The stem of a normalised word, or the word itself when it has none. */
export function stem(word: string): string {
  if (ARABIC_LETTER.test(word)) {
    const bare = strip(word, ARABIC_PREFIXES, 'start');
    // A word that starts like the article but is too short to have one ("الله", "الان") stays whole.
    if (bare === word && word.startsWith('ال')) return word;
    return strip(strip(bare, ARABIC_PLURAL_ENDINGS, 'end'), ARABIC_FEMININE_ENDINGS, 'end');
  }
  // French plurals: "elections", "jeux" (not "paris", "avis", "bus", "stress": -is, -us, -ss stay).
  if (LATIN_PLURAL.test(word) && !/(is|us)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Plain text of stored HTML for the index: tags dropped, common entities decoded (accented letters to their base letter). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ent: string) => {
      if (ent[0] === '#') {
        const code = ent[1] === 'x' || ent[1] === 'X' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      // An accented letter (&eacute;, &Ccedil;…): its base letter, as the index folds accents anyway.
      const accented = /^([a-z])(acute|grave|circ|uml|cedil|tilde|ring|slash)$/i.exec(ent);
      if (accented) return accented[1]!;
      return NAMED_ENTITIES[ent.toLowerCase()] ?? all;
    });
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  oelig: 'oe',
  aelig: 'ae',
  szlig: 'ss',
};

/** The text the index stores for one field: normalised words, each followed by its stem when it differs. */
export function indexText(...parts: readonly (string | null | undefined)[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    for (const word of normalizeSearchText(part).split(' ')) {
      if (!word) continue;
      out.push(word);
      const s = stem(word);
      if (s !== word) out.push(s);
    }
  }
  return out.join(' ');
}

/**
 * The words a query looks for: normalised, stemmed, without repeats, at
 * most QUERY_MAX_WORDS of them. Only letters and digits remain, so nothing
 * the visitor types can reach the FTS5 query syntax (quotes, `*`, `:`,
 * parentheses, `^`, `+` are all gone; OR, AND, NOT and NEAR become plain
 * lowercase words and are quoted anyway by `matchExpression`).
 */
export function queryTerms(query: string): string[] {
  const words = normalizeSearchText([...query].slice(0, QUERY_MAX_CHARS).join('')).split(' ').filter(Boolean);
  return [...new Set(words.map(stem))].slice(0, QUERY_MAX_WORDS);
}

/** An FTS5 string literal: double quotes around, inner quotes doubled. */
function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * The FTS5 MATCH expression for query terms: every term (`all`) or any of
 * them, each a quoted string, the last one as a prefix (the visitor may
 * still be typing it) when it has at least `minPrefix` characters.
 * Returns null when there is nothing to look for.
 */
export function matchExpression(
  terms: readonly string[],
  opts: { mode: 'all' | 'any'; prefixLast: boolean; minPrefix?: number },
): string | null {
  const clean = terms.filter((t) => t.length > 0);
  if (clean.length === 0) return null;
  const minPrefix = opts.minPrefix ?? 2;
  const parts = clean.map((t, i) => {
    const prefix = opts.prefixLast && i === clean.length - 1 && [...t].length >= minPrefix;
    return prefix ? `${quote(t)}*` : quote(t);
  });
  return parts.join(opts.mode === 'all' ? ' AND ' : ' OR ');
}
