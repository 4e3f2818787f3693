/**
 * The styles' lint check (scripts/check-logical-css.ts): logical CSS
 * properties only, and no hex colour outside the token file (ADR 050).
 * The samples are strings here: the check reads src/, not tests/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, hexColours, scan } from '../../scripts/check-logical-css.ts';

const root = path.resolve(import.meta.dirname, '../..');
const colourLines = (file: string, text: string) => hexColours(file, text).map((h) => h.line);

describe('check-logical-css', () => {
  it('finds nothing in the repository', () => {
    const { files, physical, colours } = scan(['src']);
    expect(files).toBeGreaterThan(100);
    expect(physical).toEqual([]);
    expect(colours).toEqual([]);
  });

  it('refuses a hex colour in a stylesheet, a <style> block, markup or a style string', () => {
    expect(colourLines('src/components/x/a.css', '.a {\n  color: #0a3d91;\n}')).toEqual([2]);
    expect(colourLines('src/components/x/A.astro', '<div />\n<style>\n  .a { border: 1px solid #ddd; }\n</style>')).toEqual([3]);
    expect(colourLines('src/components/x/A.astro', '<rect fill="#F28C00"></rect>')).toEqual([1]);
    expect(colourLines('src/islands/X.island.tsx', "const s = { background: '#1e6b35' };")).toEqual([1]);
    expect(colourLines('src/layouts/x.ts', "const css = 'a{color:#fff}';")).toEqual([1]);
    expect(colourLines('src/desk/desk.css', '.a { background: #ffffff80; }')).toEqual([1]);
    // A comment counts too: the colour belongs in the token file.
    expect(colourLines('src/styles/global.css', '/* was #c4001a */')).toEqual([1]);
  });

  it('names the colours it found and the file to put them in', () => {
    const [hit] = hexColours('src/a.css', '.a { color: #000; background: #fafafa; }');
    expect(hit!.fix).toContain('src/styles/tokens.css');
    expect(hit!.fix).toContain('#000, #fafafa');
  });

  it('takes variables, character references, fragment links and longer words for what they are', () => {
    expect(colourLines('src/a.css', '.a { color: var(--color-brand-blue); }')).toEqual([]);
    expect(colourLines('src/components/A.astro', '<p>&#233;t&#xE9;</p>')).toEqual([]);
    expect(colourLines('src/components/A.astro', '<a href="#add">skip</a>')).toEqual([]);
    expect(colourLines('src/components/A.astro', '<a href="#main">skip</a>')).toEqual([]);
    expect(colourLines('src/a.css', '#main-content { display: block; }')).toEqual([]);
    expect(colourLines('src/a.ts', "const id = '#abcdefg';")).toEqual([]);
  });

  it('lets the token file, and src/server code whose colours are not styles, write hex', () => {
    const tokens = readFileSync(path.join(root, 'src/styles/tokens.css'), 'utf8');
    expect(tokens).toMatch(/--color-brand-blue: #0a3d91;/);
    expect(hexColours('src/styles/tokens.css', tokens)).toEqual([]);
    expect(colourLines('src/server/mail/render.ts', "const PRIMARY = '#0a3d91';")).toEqual([]);
    // …but not a stylesheet or a component there.
    expect(colourLines('src/server/x.css', '.a { color: #0a3d91; }')).toEqual([1]);
  });

  it('still refuses physical properties', () => {
    expect(checkText('src/a.css', '.a {\n  margin-left: 1rem;\n}').map((h) => h.line)).toEqual([2]);
    expect(checkText('src/a.css', '.a {\n  margin-inline-start: 1rem;\n}')).toEqual([]);
  });
});
