/**
 * A clone stands alone: nothing in the repository reads
 * outside it, and the prayer oracle the tests need is inside it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRepoBounds, findOutsideReads } from '../../scripts/check-repo-bounds.ts';

describe('check-repo-bounds', () => {
  it('finds no code, script, test or config reading outside the repository', () => {
    expect(checkRepoBounds()).toEqual([]);
  });

  it('keeps the prayer-time oracle and its README in tests/fixtures', () => {
    const dir = path.resolve(import.meta.dirname, '../fixtures/habous-2020');
    expect(readdirSync(dir).filter((f) => f.endsWith('-Morocco.json'))).toHaveLength(17);
    expect(existsSync(path.join(dir, 'README.md'))).toBe(true);
  });

  it('flags a relative path that leaves the repository, in any form', () => {
    const file = 'tests/unit/x.test.ts';
    const lines = (text: string) => findOutsideReads(file, text).map((h) => h.line);
    expect(lines(`const a = path.resolve(import.meta.dirname, '../../../shared/data/habous-2020');`)).toEqual([1]);
    expect(lines(`\nconst b = path.join(import.meta.dirname, '..', '..', '..', 'other');`)).toEqual([2]);
    expect(lines(`const c = readFileSync("/work/shared/SPEC.md");`)).toEqual([1]);
    expect(lines(`const d = '../../../../etc';`)).toEqual([1]);
  });

  it('accepts paths inside the repository, URLs and comments', () => {
    const file = 'tests/unit/x.test.ts';
    const text = [
      `import { a } from '../../src/lib/a.ts';`,
      `const root = path.resolve(import.meta.dirname, '../..');`,
      `const fixtures = path.join(import.meta.dirname, '..', 'fixtures');`,
      `const url = 'https://example.org/../x';`,
      `// once read from ../../../shared/data/habous-2020`,
      `/* "/work/shared" */`,
    ].join('\n');
    expect(findOutsideReads(file, text)).toEqual([]);
  });
});
