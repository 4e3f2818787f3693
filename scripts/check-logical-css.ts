/**
 * Two rules for the site's styles:
 *
 * 1. No physical CSS property: the site is Arabic
 * (RTL) first and French (LTR), so sides are written with logical properties
 * (margin-inline-start, inset-inline-end, text-align: start, border-inline-end…).
 *
 * Scans src/**\/*.{css,astro,tsx}: whole .css files, <style> blocks and
 * style="…" / style={…} attributes in .astro files, style objects in .tsx
 * (camelCase: marginLeft, textAlign: 'right'…). A line that really needs a
 * physical side (e.g. inside a dir="ltr" box) carries the comment
 * `logical-css-ignore`.
 *
 *   node scripts/check-logical-css.ts [folder…]     (default: src)
 *
 * 2. No hex colour outside the token file, src/styles/tokens.css (ADR 050):
 * styles use its variables (`var(--color-brand-blue)`), and code that
 * needs a colour's value (a <meta>, an inline stylesheet) reads it with
 * src/lib/tokens.ts. Checked in every .css and .astro file, and in the .ts
 * and .tsx files outside src/server (whose colours are not styles: mail
 * HTML, for clients that read no CSS variable, seeded pictures, stored
 * defaults). No comment turns it off: a new colour is a new token.
 *
 * Exits 1 listing file:line for every hit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP_DIRS = new Set(['node_modules', 'paraglide', 'dist', '.astro']);
const EXTENSIONS = new Set(['.css', '.astro', '.tsx', '.ts']);
const IGNORE_MARK = 'logical-css-ignore';
/** The one file that may write a colour in hex. */
const TOKEN_FILE = path.join('src', 'styles', 'tokens.css');
/** A hex colour (#abc, #abcd, #aabbcc, #aabbccdd): not an HTML character reference (&#233;) nor a word's end. */
const HEX_COLOUR = /(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])/g;
/** A fragment link (href="#add") is not a colour. */
const FRAGMENT_LINK = /\bhref\s*=\s*["'{`]?$/;

interface Rule {
  re: RegExp;
  fix: string;
}

/** CSS syntax (kebab-case), for stylesheets, <style> blocks and style="…". */
const CSS_RULES: Rule[] = [
  { re: /(?<![\w-])(margin|padding)-(left|right)\s*:/gi, fix: '$1-inline-start / $1-inline-end' },
  { re: /(?<![\w-])border-(left|right)(-[a-z]+)?\s*:/gi, fix: 'border-inline-start / border-inline-end' },
  { re: /(?<![\w-])border-(top|bottom)-(left|right)-radius\s*:/gi, fix: 'border-start-start-radius…' },
  { re: /(?<![\w.#-])(left|right)\s*:(?![a-z/])/gi, fix: 'inset-inline-start / inset-inline-end' },
  { re: /(?<![\w-])text-align\s*:\s*(left|right)\b/gi, fix: 'text-align: start / end' },
  { re: /(?<![\w-])(float|clear)\s*:\s*(left|right)\b/gi, fix: '$1: inline-start / inline-end' },
];

/** JS style objects (camelCase), for .tsx and style={{…}} in .astro. */
const JS_RULES: Rule[] = [
  { re: /\b(margin|padding)(Left|Right)\s*:/g, fix: '$1InlineStart / $1InlineEnd' },
  { re: /\bborder(Left|Right)\w*\s*:/g, fix: 'borderInlineStart / borderInlineEnd' },
  { re: /\bborder(Top|Bottom)(Left|Right)Radius\s*:/g, fix: 'borderStartStartRadius…' },
  { re: /\btextAlign\s*:\s*['"`](left|right)['"`]/g, fix: "textAlign: 'start' / 'end'" },
  { re: /\b(float|clear)\s*:\s*['"`](left|right)['"`]/g, fix: "$1: 'inline-start' / 'inline-end'" },
  { re: /['"`](margin|padding)-(left|right)['"`]\s*:/g, fix: "'$1-inline-start' / '$1-inline-end'" },
];

/** Inside a JS style object only (too common elsewhere): left/right keys. */
const JS_STYLE_OBJECT_RULES: Rule[] = [{ re: /(?<![\w.-])(left|right)\s*:/g, fix: 'insetInlineStart / insetInlineEnd' }];

interface Hit {
  file: string;
  line: number;
  text: string;
  fix: string;
}

/** Blanks out /* comments *\/ keeping newlines, so line numbers stay right. */
function blankComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
}

/** Records one hit per rule that matches a segment of style code. */
function report(hits: Hit[], file: string, lineNo: number, original: string, segment: string, rules: Rule[]): void {
  for (const rule of rules) {
    rule.re.lastIndex = 0;
    const m = rule.re.exec(segment);
    rule.re.lastIndex = 0;
    if (m) hits.push({ file, line: lineNo, text: original.trim(), fix: m[0].replace(rule.re, rule.fix) });
  }
}

/** The style="…" and style={…} attribute values on one line of markup. */
function styleAttributes(line: string): { css: string[]; js: string[] } {
  const css: string[] = [];
  const js: string[] = [];
  for (const m of line.matchAll(/\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) css.push(m[1] ?? m[2] ?? '');
  for (const m of line.matchAll(/\bstyle\s*=\s*\{\{?([^}]*)\}?\}/g)) js.push(m[1] ?? '');
  return { css, js };
}

/**
 * The hex colours of a file (`file` relative to the repository), one hit per
 * line that has any: none in the token file, nor in src/server's .ts files.
 */
export function hexColours(file: string, text: string): Hit[] {
  const rel = path.normalize(file);
  if (rel === TOKEN_FILE) return [];
  const ext = path.extname(rel);
  if ((ext === '.ts' || ext === '.tsx') && rel.startsWith(path.join('src', 'server') + path.sep)) return [];
  const hits: Hit[] = [];
  text.split('\n').forEach((line, i) => {
    const found = [...line.matchAll(HEX_COLOUR)].filter((m) => !FRAGMENT_LINK.test(line.slice(0, m.index)));
    if (found.length) hits.push({ file, line: i + 1, text: line.trim(), fix: `a token of ${TOKEN_FILE} (var(--color-…)) for ${found.map((m) => m[0]).join(', ')}` });
  });
  return hits;
}

/** The physical CSS properties of a file's styles (.css, .astro, .tsx). */
export function checkText(file: string, text: string): Hit[] {
  const hits: Hit[] = [];
  const ext = path.extname(file);
  if (ext === '.ts') return hits;
  const originalLines = text.split('\n');
  const lines = blankComments(text).split('\n');

  if (ext === '.css') {
    lines.forEach((line, i) => {
      if (originalLines[i]!.includes(IGNORE_MARK)) return;
      report(hits, file, i + 1, originalLines[i]!, line, CSS_RULES);
    });
    return hits;
  }

  let inStyle = false;
  lines.forEach((rawLine, i) => {
    const original = originalLines[i]!;
    if (original.includes(IGNORE_MARK)) {
      // Still track <style> boundaries.
      if (/<style\b/.test(rawLine)) inStyle = !/<\/style>/.test(rawLine);
      else if (/<\/style>/.test(rawLine)) inStyle = false;
      return;
    }
    let line = rawLine;
    if (ext === '.astro') {
      if (!inStyle && /<style\b/.test(line)) {
        const after = line.slice(line.search(/<style\b/));
        const body = after.replace(/^<style\b[^>]*>/, '');
        const closed = body.search(/<\/style>/);
        report(hits, file, i + 1, original, closed >= 0 ? body.slice(0, closed) : body, CSS_RULES);
        inStyle = closed < 0;
        line = line.slice(0, line.search(/<style\b/));
      } else if (inStyle) {
        const closed = line.search(/<\/style>/);
        report(hits, file, i + 1, original, closed >= 0 ? line.slice(0, closed) : line, CSS_RULES);
        if (closed < 0) return;
        inStyle = false;
        line = line.slice(closed);
      }
    }
    const { css, js } = styleAttributes(line);
    for (const seg of css) report(hits, file, i + 1, original, seg, CSS_RULES);
    for (const seg of js) report(hits, file, i + 1, original, seg, [...JS_RULES, ...JS_STYLE_OBJECT_RULES]);
    if (ext === '.tsx') report(hits, file, i + 1, original, line.replace(/\bstyle\s*=\s*\{\{?[^}]*\}?\}/g, ''), JS_RULES);
  });
  return hits;
}

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* walk(path.join(dir, e.name));
    } else if (EXTENSIONS.has(path.extname(e.name))) {
      yield path.join(dir, e.name);
    }
  }
}

/** Every hit of both rules under the folders (relative to the repository). */
export function scan(dirs: string[]): { files: number; physical: Hit[]; colours: Hit[] } {
  const physical: Hit[] = [];
  const colours: Hit[] = [];
  let files = 0;
  for (const dir of dirs.map((d) => path.resolve(root, d))) {
    for (const file of walk(dir)) {
      files++;
      const text = readFileSync(file, 'utf8');
      physical.push(...checkText(file, text));
      colours.push(...hexColours(path.relative(root, file), text));
    }
  }
  return { files, physical, colours };
}

function main(): void {
  const dirs = process.argv.slice(2);
  const { files, physical, colours } = scan(dirs.length ? dirs : ['src']);
  if (physical.length) {
    console.error(`Physical CSS properties found (use logical ones; mark a deliberate exception with /* ${IGNORE_MARK} */):`);
    for (const h of physical) console.error(`  ${path.relative(root, h.file)}:${h.line}: ${h.text}   → ${h.fix}`);
  }
  if (colours.length) {
    console.error(`Hex colours outside ${TOKEN_FILE} (use its variables, or add a token there):`);
    for (const h of colours) console.error(`  ${h.file}:${h.line}: ${h.text}   → ${h.fix}`);
  }
  if (physical.length || colours.length) process.exit(1);
  console.log(`check-logical-css: ${files} files, no physical CSS property, no hex colour outside ${TOKEN_FILE}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
