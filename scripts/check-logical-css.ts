/**
 * Forbids physical CSS properties in the site's styles: the site is Arabic
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
 * Exits 1 listing file:line for every hit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP_DIRS = new Set(['node_modules', 'paraglide', 'dist', '.astro']);
const EXTENSIONS = new Set(['.css', '.astro', '.tsx']);
const IGNORE_MARK = 'logical-css-ignore';

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

function checkText(file: string, text: string): Hit[] {
  const hits: Hit[] = [];
  const ext = path.extname(file);
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

function main(): void {
  const dirs = process.argv.slice(2);
  const targets = (dirs.length ? dirs : ['src']).map((d) => path.resolve(root, d));
  const hits: Hit[] = [];
  let files = 0;
  for (const dir of targets) {
    for (const file of walk(dir)) {
      files++;
      hits.push(...checkText(file, readFileSync(file, 'utf8')));
    }
  }
  if (hits.length) {
    console.error(`Physical CSS properties found (use logical ones; mark a deliberate exception with /* ${IGNORE_MARK} */):`);
    for (const h of hits) console.error(`  ${path.relative(root, h.file)}:${h.line}: ${h.text}   → ${h.fix}`);
    process.exit(1);
  }
  console.log(`check-logical-css: ${files} files, no physical CSS property`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
