/**
 * The TV guide's "now" box (ADR 014: its picture is the guide's largest
 * paint, preloaded): the programme on air, or in a break of the grid the
 * next one; its picture is the programme's cover, else its poster, else the
 * live channel's poster; nothing when nothing is on air or to come.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB, type Store } from '../../src/server/db/index.ts';
import { seedDemoContent } from '../../src/server/seed/index.ts';
import { loadGuide } from '../../src/server/pages/guidetv.ts';
import { liveSection } from '../../src/server/content/live.ts';

let store: Store;
let db: DB;
let mediaDir: string;
const NOW = new Date();

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'guide-now-'));
  store = await openStore({ dataDir: ':memory:' });
  db = store.db;
  await seedDemoContent(db, { dataDir: mediaDir, now: NOW });
}, 120_000);

afterAll(async () => {
  await store?.db.destroy();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** A moment inside a grid entry of today's grid (its start + 1 min) that `pick` chooses. */
async function inside(pick: 'with-programme' | 'without'): Promise<Date> {
  const rows = await db
    .selectFrom('grid_entries')
    .select(['starts_at', 'programme_id'])
    .where('starts_at', '>=', NOW.toISOString())
    .orderBy('starts_at')
    .execute();
  const row = rows.find((r) => (pick === 'with-programme' ? r.programme_id != null : r.programme_id == null));
  if (!row) throw new Error(`no grid entry ${pick} in the seeded grid`);
  return new Date(Date.parse(row.starts_at) + 60_000);
}

describe('the guide\'s "now" picture', () => {
  it("is the on-air programme's cover", async () => {
    const at = await inside('with-programme');
    const guide = await loadGuide(db, 'fr', { now: at });
    expect(guide.onAir?.programme).not.toBeNull();
    const p = await db
      .selectFrom('programmes')
      .innerJoin('images', 'images.id', 'programmes.cover_image_id')
      .select('images.url')
      .where('programmes.id', '=', guide.onAir!.programme!.id)
      .executeTakeFirstOrThrow();
    expect(guide.nowPicture?.url).toBe(p.url);
    expect(guide.nowPicture?.srcset).toContain(' 640w');
  });

  it("is the live channel's poster when the programme on air has no page", async () => {
    const at = await inside('without');
    const guide = await loadGuide(db, 'ar', { now: at });
    expect(guide.onAir).not.toBeNull();
    expect(guide.onAir!.programme).toBeNull();
    const poster = (await liveSection(db, 'ar')).poster;
    expect(poster).not.toBeNull();
    expect(guide.nowPicture).toEqual(poster);
  });

  it('announces the next programme, with its picture, in a break of the grid', async () => {
    // The demo grid runs day and night without a break: make one, as a newsroom grid may have.
    const upcoming = await db.selectFrom('grid_entries').select('id').where('starts_at', '>=', NOW.toISOString()).orderBy('starts_at').limit(3).execute();
    await db.deleteFrom('grid_entries').where('id', '=', upcoming[1]!.id).execute();
    const rows = await db
      .selectFrom('grid_entries')
      .select(['id', 'starts_at', 'ends_at', 'programme_id'])
      .where('starts_at', '>=', NOW.toISOString())
      .orderBy('starts_at')
      .execute();
    // The first break after now.
    let gap: { at: Date; nextId: number; programmeId: number | null } | undefined;
    for (let i = 0; i + 1 < rows.length && !gap; i++) {
      const [a, b] = [rows[i]!, rows[i + 1]!];
      if (Date.parse(a.ends_at) < Date.parse(b.starts_at)) gap = { at: new Date(Date.parse(a.ends_at) + 60_000), nextId: b.id, programmeId: b.programme_id };
    }
    if (!gap) throw new Error('the seeded grid has no break');
    const guide = await loadGuide(db, 'fr', { now: gap.at });
    expect(guide.onAir).toBeNull();
    expect(guide.next?.entry.id).toBe(gap.nextId);
    expect(guide.days.find((d) => d.day === guide.next!.day)?.entries.some((e) => e.id === gap.nextId)).toBe(true);
    // Its programme's cover, else the live channel's poster.
    const cover =
      gap.programmeId == null
        ? undefined
        : await db
            .selectFrom('programmes')
            .innerJoin('images', 'images.id', 'programmes.cover_image_id')
            .select('images.url')
            .where('programmes.id', '=', gap.programmeId)
            .executeTakeFirst();
    const expected = cover?.url ?? (await liveSection(db, 'fr')).poster?.url;
    expect(expected).toBeTruthy();
    expect(guide.nowPicture?.url).toBe(expected);
  });

  it('has no next programme while one is on air', async () => {
    const guide = await loadGuide(db, 'fr', { now: await inside('with-programme') });
    expect(guide.onAir).not.toBeNull();
    expect(guide.next).toBeNull();
  });

  it('is null when nothing is on air or to come', async () => {
    const guide = await loadGuide(db, 'fr', { now: new Date(NOW.getTime() + 400 * 86_400_000) });
    expect(guide.onAir).toBeNull();
    expect(guide.next).toBeNull();
    expect(guide.nowPicture).toBeNull();
  });
});
