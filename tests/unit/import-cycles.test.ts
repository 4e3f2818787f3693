/**
 * No import cycle under src/server/delivery (ADR 044) or src/lib (ADR 051)
 * (scripts/check-import-cycles.ts, run by npm run lint), and the check finds
 * one when there is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/check-import-cycles.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), '2m-cycles-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import cycles', () => {
  it('finds none under src/server/delivery', () => {
    expect(importCycles([path.join(root, 'src/server/delivery')])).toEqual([]);
  });

  it('finds none under src/lib (the routes and the content paths built on them: no type-only cycle either)', () => {
    expect(importCycles([path.join(root, 'src/lib')])).toEqual([]);
  });

  it('finds a cycle made of type-only and dynamic imports, and one through a module outside the folder', () => {
    const inside = path.join(dir, 'inside');
    mkdirSync(inside, { recursive: true });
    writeFileSync(path.join(inside, 'a.ts'), "import type { B } from './b.ts';\nexport type A = B;\n");
    writeFileSync(path.join(inside, 'b.ts'), "// import { nothing } from './c.ts';\nexport type B = string;\nexport const load = () => import('./a.ts');\n");
    writeFileSync(path.join(inside, 'c.ts'), "import { d } from '../outside/d.ts';\nexport const c = d;\n");
    writeFileSync(path.join(inside, 'e.ts'), "export const e = 1;\n");
    mkdirSync(path.join(dir, 'outside'), { recursive: true });
    writeFileSync(path.join(dir, 'outside', 'd.ts'), "import { c } from '../inside/c.ts';\nexport const d = () => c;\n");
    const cycles = importCycles([inside]).map((cycle) => cycle.map((f) => path.relative(dir, f)));
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['inside/a.ts', 'inside/b.ts', 'inside/a.ts']);
    expect(cycles).toContainEqual(['inside/c.ts', 'outside/d.ts', 'inside/c.ts']);
  });
});
