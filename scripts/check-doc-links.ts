/**
 * Every link of the documentation leads somewhere: each relative link of
 * README.md and docs/**\/*.md (`[text](target)`, images included) names a
 * file or folder of the repository, and a `#anchor` names a heading of the
 * Markdown file it points at (GitHub's heading ids: lower case, punctuation
 * dropped, spaces as hyphens, `-1`, `-2`… for repeats). Links to other
 * sites and links inside code are not checked.
 *
 *   node scripts/check-doc-links.ts        (npm run lint runs it)
 *
 * Exits 1 listing file:line for every broken link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface LinkHit {
  file: string;
  line: number;
  target: string;
  why: string;
}

/** Blanks fenced code blocks, keeping the line count. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** Blanks fenced code blocks and inline code, keeping the line count. */
function withoutCode(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** GitHub's id for a heading's text. */
export function headingId(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The ids of a Markdown text's headings, repeats numbered as GitHub does. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const m = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!m) continue;
    const base = headingId(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/** `[text](target)` or `![alt](target "title")`; the text may run over lines. */
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * Broken links of one Markdown file; `file` is its path relative to the
 * repository, `read` gives another file's text (for anchors) or null.
 */
export function findBrokenLinks(file: string, text: string, read: (rel: string) => string | null, exists: (rel: string) => boolean): LinkHit[] {
  const hits: LinkHit[] = [];
  const code = withoutCode(text);
  for (const m of code.matchAll(LINK)) {
    const target = m[1]!;
    const line = code.slice(0, m.index + m[0].indexOf('](')).split('\n').length;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:…
    const [rawPath = '', anchor] = target.split('#', 2);
    const rel = rawPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath))).replace(/\/$/, '');
    if (rel.startsWith('..')) {
      hits.push({ file, line, target, why: 'leaves the repository' });
      continue;
    }
    if (!exists(rel)) {
      hits.push({ file, line, target, why: `${rel} does not exist` });
      continue;
    }
    if (anchor !== undefined && anchor !== '') {
      if (!rel.endsWith('.md')) continue;
      const other = read(rel);
      if (other !== null && !headingIds(other).has(decodeURIComponent(anchor))) {
        hits.push({ file, line, target, why: `${rel} has no heading #${anchor}` });
      }
    }
  }
  return hits;
}

function* markdownFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* markdownFiles(full);
    else if (entry.name.endsWith('.md')) yield full;
  }
}

/** Every broken link of README.md and docs/. */
export function checkDocLinks(): LinkHit[] {
  const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
  const read = (rel: string) => {
    const full = path.join(root, rel);
    return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : null;
  };
  const exists = (rel: string) => existsSync(path.join(root, rel));
  return files.flatMap((full) => {
    const rel = path.relative(root, full).split(path.sep).join('/');
    return findBrokenLinks(rel, readFileSync(full, 'utf8'), read, exists);
  });
}

function main(): void {
  const hits = checkDocLinks();
  if (hits.length > 0) {
    console.error('Broken links in the documentation:');
    for (const h of hits) console.error(`  ${h.file}:${h.line}: (${h.target}) ${h.why}`);
    process.exit(1);
  }
  console.log('check-doc-links: every link of README.md and docs/ leads somewhere');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
