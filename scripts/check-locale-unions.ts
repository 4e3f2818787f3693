/**
 * One locale model: the languages of the site, and every fact about them,
 * are defined once, in src/i18n/locales.ts. Code names a language with its
 * `Locale` type, never with a literal union of the language codes, which
 * would go stale when a language is added.
 *
 * Scans src/ (.ts, .tsx, .astro, .mjs; the generated src/paraglide/ is
 * skipped) for a union of the literal codes `'ar'` and `'fr'` in either
 * order, with either quote, anywhere outside the model, including longer
 * unions such as `'ar' | 'fr' | 'amz'` (a set that is not the site's
 * languages gets its own named type, defined once).
 *
 *   node scripts/check-locale-unions.ts        (npm run lint runs it)
 *
 * Exits 1 listing file:line for every hit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The one file allowed to spell the languages. */
export const LOCALE_MODEL = 'src/i18n/locales.ts';
const SKIP_DIRS = new Set(['node_modules', 'paraglide']);
const EXTENSIONS = new Set(['.ts', '.tsx', '.astro', '.mjs']);
/** `'ar' | 'fr'` or `'fr' | 'ar'`, single or double quotes, any spacing (line breaks too). */
const UNION = /(["'])ar\1\s*\|\s*(["'])fr\2|(["'])fr\3\s*\|\s*(["'])ar\4/g;

export interface UnionHit {
  file: string;
  line: number;
  text: string;
}

/** The literal locale unions in one file's text (none in the model itself). */
export function findLocaleUnions(file: string, text: string): UnionHit[] {
  if (file.split(path.sep).join('/') === LOCALE_MODEL) return [];
  const lines = text.split('\n');
  return [...text.matchAll(UNION)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return { file, line, text: lines[line - 1]!.trim() };
  });
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(path.join(dir, entry.name));
    } else if (EXTENSIONS.has(path.extname(entry.name))) {
      yield path.join(dir, entry.name);
    }
  }
}

/** Every hit under src/. */
export function checkLocaleUnions(): UnionHit[] {
  return [...files(path.join(root, 'src'))]
    .map((f) => path.relative(root, f))
    .flatMap((f) => findLocaleUnions(f, readFileSync(path.join(root, f), 'utf8')));
}

function main(): void {
  const hits = checkLocaleUnions();
  if (hits.length > 0) {
    console.error(`Literal locale unions: use the Locale type of the locale model, ${LOCALE_MODEL} (a set that is not the site's languages gets its own named type):`);
    for (const h of hits) console.error(`  ${h.file}:${h.line}: ${h.text}`);
    process.exit(1);
  }
  console.log(`check-locale-unions: no literal locale union outside ${LOCALE_MODEL}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
