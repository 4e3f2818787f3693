/**
 * Pruning old builds after a pre-build (prebuild.ts `prune`): the current
 * build and the two newest others stay (readers may still be inside them),
 * a build younger than the grace period stays, older ones are removed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prune } from '../../src/server/delivery/prebuild.ts';

let siteDir = '';
afterEach(() => rmSync(siteDir, { recursive: true, force: true }));

/** A build folder with a few pages, its mtime `ageMs` ago. */
function build(id: string, ageMs: number): string {
  const dir = path.join(siteDir, 'builds', id);
  for (const p of ['ar', 'fr/sport/x']) {
    mkdirSync(path.join(dir, 'pages', p), { recursive: true });
    writeFileSync(path.join(dir, 'pages', p, 'index.html'), '<p>x</p>');
  }
  const t = new Date(Date.now() - ageMs);
  utimesSync(dir, t, t);
  return dir;
}

describe('prune', () => {
  it('keeps the current build, the two newest others and any recent one; removes the rest', async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), '2m-prune-'));
    const hour = 3_600_000;
    const oldest = build('20260101T000000000Z-aaaaaa', 5 * hour);
    const current = build('20260101T010000000Z-bbbbbb', 4 * hour);
    const older = build('20260101T020000000Z-cccccc', 3 * hour);
    const kept1 = build('20260101T030000000Z-dddddd', 2 * hour);
    const kept2 = build('20260101T040000000Z-eeeeee', hour);
    // Older by name than the two kept, but written a moment ago (a build still being written, say).
    const recent = build('20260101T000500000Z-ffffff', 1000);
    symlinkSync(path.join('builds', path.basename(current)), path.join(siteDir, 'current'));

    await prune(siteDir);

    expect([current, kept1, kept2, recent].map(existsSync)).toEqual([true, true, true, true]);
    expect([oldest, older].map(existsSync)).toEqual([false, false]);
  });

  it('does nothing without a builds folder', async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), '2m-prune-'));
    await expect(prune(siteDir)).resolves.toBeUndefined();
  });
});
