/**
 * The repository speaks for itself: no file cites a document a clone does
 * not have. The product is described in docs/product.md and the decisions
 * in docs/adr/; a comment, test, doc or config points there, never at:
 * - the specification or the design notes the project started from
 *   (an upper-case spec name with or without a section sign, a design
 *   notes file name or section);
 * - the folder beside the clone they lived in (a relative path to `shared`);
 * - an issue number (the word and a number, with or without #): commits may carry
 *   them, the files may not; say what the goal is instead.
 *
 * Scans every text file of the repository except generated and installed
 * folders; the checker's own test and the repository-bounds test hold the
 * samples they must flag.
 *
 *   node scripts/check-references.ts        (npm run lint runs it)
 *
 * Exits 1 listing file:line for every hit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  '.astro',
  'paraglide',
  'data',
  'test-results',
  'playwright-report',
]);
/** Files whose text is samples of what the checks must flag. */
const SAMPLES = new Set(['tests/unit/check-references.test.ts', 'tests/unit/repo-bounds.test.ts']);
/** Binary or generated files: never read. */
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|mp4|m4s|mmdb|sqlite|db|gz|br|zst)$/i;
/** Other binary files (media segments, databases) are recognised by a NUL byte. */
const isBinary = (buf: Buffer) => buf.subarray(0, 8000).includes(0);

export interface ReferenceHit {
  file: string;
  line: number;
  text: string;
  why: string;
}

/*
 * The names are spelt with a one-letter class (S[P]EC) so that a plain grep
 * for them finds only real references, never these rules.
 */
const RULES: { re: RegExp; why: string }[] = [
  { re: /\bS[P]EC\b/, why: 'cites the original specification: point to docs/product.md (its section) instead' },
  { re: /\bD[E]SIGN(?:\.md\b| ?§)/, why: 'cites the original design notes: point to an ADR or docs/product.md instead' },
  { re: /\.\.\/(?:\.\.\/)*shared\b/, why: 'names the folder beside the clone, which a clone does not have' },
  { re: /\b[Ii]ssues? #?\d+/, why: 'cites an issue number: say what the goal is (commit messages may carry the number)' },
];

/** Hits of one file's text; `file` is its path relative to the repository. */
export function findReferences(file: string, text: string): ReferenceHit[] {
  const hits: ReferenceHit[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { re, why } of RULES) {
      if (re.test(line)) {
        hits.push({ file, line: i + 1, text: line.trim(), why });
        break;
      }
    }
  });
  return hits;
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('dist-')) yield* files(path.join(dir, entry.name));
    } else if (entry.isFile() && !BINARY.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

/** Every hit in the repository. */
export function checkReferences(): ReferenceHit[] {
  const hits: ReferenceHit[] = [];
  for (const full of files(root)) {
    const file = path.relative(root, full);
    if (SAMPLES.has(file)) continue;
    const buf = readFileSync(full);
    if (isBinary(buf)) continue;
    hits.push(...findReferences(file, buf.toString('utf8')));
  }
  return hits;
}

function main(): void {
  const hits = checkReferences();
  if (hits.length > 0) {
    console.error('References a clone cannot follow (cite docs/product.md or an ADR):');
    for (const h of hits) console.error(`  ${h.file}:${h.line}: ${h.why}\n      ${h.text}`);
    process.exit(1);
  }
  console.log('check-references: every reference points inside the repository');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
