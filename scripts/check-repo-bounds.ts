/**
 * A clone stands alone: no code, script, test or config reads a file
 * outside the repository (e.g. a folder beside the clone, which only the
 * development machine has). Test data lives under `tests/fixtures/`.
 *
 * Scans the code of src/, scripts/, tests/, deploy/ and the root's config
 * files (comments are skipped) for:
 * - a relative path literal (`'../…'`, `'..'`) that, taken from the file's
 *   own folder, lands outside the repository;
 * - `path.resolve(import.meta.dirname, '..', '…')` / `join(…)` chains that do;
 * - an absolute path into a home or work folder (`/home/…`, `/work/…`,
 *   `/root/…`) or the name of the shared folder (`shared/data`).
 *
 *   node scripts/check-repo-bounds.ts        (npm run lint runs it)
 *
 * Exits 1 listing file:line for every hit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SCAN_DIRS = ['src', 'scripts', 'tests', 'deploy'];
const SKIP_DIRS = new Set(['node_modules', 'paraglide', 'dist', '.astro', 'fixtures']);
/** The checker's own test, whose samples are the paths it must flag. */
const SAMPLES = 'tests/unit/repo-bounds.test.ts';
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.astro', '.json', '.conf', '.sh']);

export interface BoundsHit {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Blanks out comments (// … and /* … *\/) keeping newlines and string literals. */
function blankComments(text: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote || (c === '\n' && quote !== '`')) quote = null;
      i += 1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c;
      out += c;
      i += 1;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    // `//` starts a comment unless it is part of a URL (`https://`).
    if (c === '/' && next === '/' && text[i - 1] !== ':') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

const outside = (target: string) => {
  const rel = path.relative(root, target);
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
};

const LITERAL = /(['"`])((?:\.\.)(?:\/[^'"`\s$]*)?)\1/g;
const DIRNAME_CHAIN = /\b(?:resolve|join)\(\s*import\.meta\.dirname((?:\s*,\s*(['"])[^'"]*\2)+)/g;
const FORBIDDEN = [
  { re: /(['"`])\/(?:home|work|root)\/[^'"`]*\1/g, why: 'absolute path into a home or work folder' },
  { re: /shared\/data\b/g, why: 'the shared data folder is not part of a clone' },
];

/** Hits of one file's text; `file` is its path relative to the repository. */
export function findOutsideReads(file: string, text: string): BoundsHit[] {
  const code = file.endsWith('.json') || file.endsWith('.conf') ? text : blankComments(text);
  const dir = path.dirname(path.join(root, file));
  const lines = text.split('\n');
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const hits: BoundsHit[] = [];
  const add = (index: number, why: string) => {
    const line = lineOf(index);
    if (hits.some((h) => h.line === line)) return;
    hits.push({ file, line, text: lines[line - 1]!.trim(), why });
  };
  for (const m of code.matchAll(LITERAL)) {
    if (outside(path.resolve(dir, m[2]!))) add(m.index, `${m[2]} leaves the repository`);
  }
  for (const m of code.matchAll(DIRNAME_CHAIN)) {
    const parts = [...m[1]!.matchAll(/(['"])([^'"]*)\1/g)].map((p) => p[2]!);
    if (outside(path.resolve(dir, ...parts))) add(m.index, `${parts.join(', ')} leaves the repository`);
  }
  for (const { re, why } of FORBIDDEN) {
    for (const m of code.matchAll(re)) add(m.index, why);
  }
  return hits.sort((a, b) => a.line - b.line);
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

/** Every hit in the repository. */
export function checkRepoBounds(): BoundsHit[] {
  const rootFiles = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && EXTENSIONS.has(path.extname(e.name)) && e.name !== 'package-lock.json')
    .map((e) => path.join(root, e.name));
  const all = [...rootFiles, ...SCAN_DIRS.flatMap((d) => [...files(path.join(root, d))])];
  return all
    .map((f) => path.relative(root, f))
    .filter((f) => f !== SAMPLES)
    .flatMap((f) => findOutsideReads(f, readFileSync(path.join(root, f), 'utf8')));
}

function main(): void {
  const hits = checkRepoBounds();
  if (hits.length > 0) {
    console.error('Paths outside the repository (a clone has none of them; keep test data in tests/fixtures/):');
    for (const h of hits) console.error(`  ${h.file}:${h.line}: ${h.why}\n      ${h.text}`);
    process.exit(1);
  }
  console.log('check-repo-bounds: nothing read outside the repository');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
