/**
 * The list of unit files that the PostgreSQL pass runs again
 * (tests/support/pg-unit-files.ts) names files that exist, and every file
 * that makes a scratch database or reads TEST_DATABASE_URL itself is on it.
 * (A file that opens a store is caught as it does: tests/support/pg-unit-setup.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPgUnitFile, PG_UNIT_FILES } from '../support/pg-unit-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const unitFiles = readdirSync(path.join(root, 'tests/unit'))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/unit/${name}`);

describe('the PostgreSQL pass’s unit files', () => {
  it('are existing unit test files, each named once', () => {
    expect(PG_UNIT_FILES.filter((file) => !unitFiles.includes(file))).toEqual([]);
    expect(new Set(PG_UNIT_FILES).size).toBe(PG_UNIT_FILES.length);
  });

  it('include every file that uses PostgreSQL directly', () => {
    const direct = unitFiles.filter(
      (file) => file !== 'tests/unit/pg-unit-files.test.ts' && /TEST_DATABASE_URL|createScratchDatabase/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(direct.length).toBeGreaterThan(0);
    expect(direct.filter((file) => !isPgUnitFile(file))).toEqual([]);
  });

  it('accept absolute paths as vitest reports them', () => {
    expect(isPgUnitFile(path.join(root, PG_UNIT_FILES[0]!))).toBe(true);
    expect(isPgUnitFile(path.join(root, 'tests/unit/pg-unit-files.test.ts'))).toBe(false);
  });
});
