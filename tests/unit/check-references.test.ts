/**
 * The repository speaks for itself (scripts/check-references.ts): no file
 * cites the specification or design notes the project started from, the
 * folder they lived in, or an issue number. The samples below are the
 * references the checker must flag, so this file is the one it skips.
 */
import { describe, expect, it } from 'vitest';
import { checkReferences, findReferences } from '../../scripts/check-references.ts';

const lines = (text: string) => findReferences('src/x.ts', text).map((h) => h.line);

describe('check-references', () => {
  it('finds no such reference in the repository', () => {
    expect(checkReferences()).toEqual([]);
  });

  it('flags the specification and the design notes, in any form', () => {
    expect(lines('/** The footer (SPEC §2.9): scroll-to-top. */')).toEqual([1]);
    expect(lines('see `SPEC.md` for the product')).toEqual([1]);
    expect(lines('\n// SPEC: search engines and sharing')).toEqual([2]);
    expect(lines(' * The API envelope of DESIGN.md §3')).toEqual([1]);
    expect(lines(' * answered locally (DESIGN §3)')).toEqual([1]);
    expect(lines(' * answered locally (DESIGN§3)')).toEqual([1]);
  });

  it('flags the folder beside the clone', () => {
    expect(lines("const a = '../shared/habous-cities.tsv';")).toEqual([1]);
    expect(lines(' * (see ../../../shared/SPEC.md)')).toEqual([1]);
  });

  it('flags issue numbers, with or without #, in any case', () => {
    expect(lines(' * Hardening (issue 12 item 3).')).toEqual([1]);
    expect(lines('describe("live strip policy (Issue 13)", () => {')).toEqual([1]);
    expect(lines('// fixed by issue #7')).toEqual([1]);
    expect(lines('| goal (issues 10 and 11) |')).toEqual([1]);
  });

  it('flags one line once, and counts lines from 1', () => {
    const hits = findReferences('docs/x.md', 'fine\nSPEC §9, issue 11 and DESIGN.md\nfine');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ file: 'docs/x.md', line: 2 });
  });

  it('accepts what merely looks alike', () => {
    const text = [
      'INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL',
      'const PG_SMOKE_FILES = [];',
      "run this spec with E2E_PORT=4461 (a Playwright spec file, lower case)",
      '/** docs/product.md, Limits; ADR 013. */',
      'pull request #17 of adhan-js',
      'DESIGNER notes, the design card, a shared folder, /mnt/shared',
      'the issuer of the token, tissue 12',
    ].join('\n');
    expect(findReferences('src/x.ts', text)).toEqual([]);
  });
});
