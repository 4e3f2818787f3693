import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { ChangeFeedReader, recordContentChange } from '../../src/server/content/changes.ts';

describe('change feed', () => {
  it('hands each due change to a reader once, embargoed ones when their time comes', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    const t0 = new Date('2026-11-25T10:00:00.000Z');
    const reader = new ChangeFeedReader(db, t0);
    const later = new Date(t0.getTime() + 60_000);
    await db.transaction().execute(async (trx) => {
      await recordContentChange(trx, { paths: ['/ar', '/ar', '/fr'], reason: 'publish' }, new Date(t0.getTime() + 1000));
      await recordContentChange(trx, { paths: ['/ar/x'], gone: ['/fr/y'], reason: 'embargo', dueAt: later }, new Date(t0.getTime() + 1000));
    });
    const first = await reader.poll(new Date(t0.getTime() + 2000));
    expect(first.map((c) => c.paths)).toEqual([['/ar', '/fr']]);
    expect(await reader.poll(new Date(t0.getTime() + 3000))).toEqual([]);
    const due = await reader.poll(new Date(later.getTime() + 10));
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ paths: ['/ar/x'], gone: ['/fr/y'], reason: 'embargo' });
    expect(await reader.poll(new Date(later.getTime() + 20))).toEqual([]);
  });

  it('sees a change whose transaction committed after a poll that passed its time', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    const t0 = new Date('2026-11-25T10:00:00.000Z');
    const reader = new ChangeFeedReader(db, t0);
    expect(await reader.poll(new Date(t0.getTime() + 5000))).toEqual([]);
    // Stamped at +4 s, committed (visible) only after the poll at +5 s.
    await recordContentChange(db, { paths: ['/fr'], reason: 'publish' }, new Date(t0.getTime() + 4000));
    expect((await reader.poll(new Date(t0.getTime() + 6000))).map((c) => c.paths)).toEqual([['/fr']]);
  });
});
