/**
 * What is on air, over real HTTP: the TV guide, the live page and the grid
 * API mark the programme on air, and no cache (the front server's page
 * cache, a browser, a CDN) keeps such an answer past the end of that
 * programme. Two programmes of this test's own meet a few seconds from now;
 * the answers taken before that instant expire with it, and the first ones
 * after it mark the second programme.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NewRow, Row } from '../../src/server/db/schema.ts';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { gridPaths } from '../../src/server/broadcast/grid.ts';
import { broadcastDay } from '../../src/lib/dates.ts';
import { testStore } from '../support/test-store.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The instant the first programme ends and the second begins. */
const SWITCH_IN_MS = 12_000;
let switchAt = 0;
const ids = { first: 0, second: 0 };
/** The seeded programmes these two displace, put back afterwards. */
let displaced: Row<'grid_entries'>[] = [];

const entry = (title: string, from: number, to: number): NewRow<'grid_entries'> => ({
  day: broadcastDay(new Date(from)),
  starts_at: new Date(from).toISOString(),
  ends_at: new Date(to).toISOString(),
  title_ar: `${title} ع`,
  title_fr: title,
  genre: 'magazine',
  programme_id: null,
  episode_id: null,
  is_live: 0,
});

beforeAll(async () => {
  switchAt = Date.now() + SWITCH_IN_MS;
  const from = switchAt - 10 * 60_000;
  const to = switchAt + 10 * 60_000;
  await store.db.transaction().execute(async (trx) => {
    const clash = trx
      .selectFrom('grid_entries')
      .where('starts_at', '<', new Date(to).toISOString())
      .where('ends_at', '>', new Date(from).toISOString());
    displaced = await clash.selectAll().execute();
    await trx.deleteFrom('grid_entries').where('id', 'in', displaced.length ? displaced.map((r) => r.id) : [0]).execute();
    ids.first = (await trx.insertInto('grid_entries').values(entry(`Avant ${run}`, from, switchAt)).returning('id').executeTakeFirstOrThrow()).id;
    ids.second = (await trx.insertInto('grid_entries').values(entry(`Après ${run}`, switchAt, to)).returning('id').executeTakeFirstOrThrow()).id;
    await recordContentChange(trx, { paths: gridPaths(), reason: 'on-air cache test' });
  });
});

afterAll(async () => {
  await store.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('grid_entries').where('id', 'in', [ids.first, ids.second]).execute();
    if (displaced.length) await trx.insertInto('grid_entries').values(displaced).execute();
    await recordContentChange(trx, { paths: gridPaths(), reason: 'on-air cache test: back as seeded' });
  });
});

/** The data-entry-id of the guide's entry marked aria-current="time", or null. */
const markedEntry = (html: string): number | null => {
  const li = /<li\b[^>]*\baria-current="time"[^>]*>/.exec(html)?.[0];
  const id = li && /\bdata-entry-id="(\d+)"/.exec(li)?.[1];
  return id ? Number(id) : null;
};

/** Cache-Control's lifetimes, in seconds. */
const lifetimes = (res: Response) => {
  const cc = res.headers.get('cache-control') ?? '';
  return { cc, maxAge: Number(/\bmax-age=(\d+)/.exec(cc)?.[1]), sMaxAge: Number(/\bs-maxage=(\d+)/.exec(cc)?.[1]) };
};

/** Within the second that follows, for the clock between this process and the server's render. */
const secondsLeft = () => Math.ceil((switchAt - Date.now()) / 1000) + 1;

interface GridAnswer {
  response: { entries: { id: number; onAir: boolean }[] };
}
const onAirInApi = async (res: Response) => ((await res.json()) as GridAnswer).response.entries.find((e) => e.onAir)?.id ?? null;

describe('answers that mark what is on air are kept no longer than it is', () => {
  it('the guide, the live page and the grid API expire when the programme ends, then mark the next one', async () => {
    // The change feed dropped the copies rendered before this test's grid.
    await within(8, 'the guide shows the test grid', async () => markedEntry(await (await fetch(`${baseUrl}/fr/guidetv`)).text()) === ids.first);

    for (const path of ['/fr/guidetv', '/ar/guidetv', '/fr/live', '/fr/live/embed', '/api/grille/list/per-day', '/api/grille/list']) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { locale: 'fr' } });
      expect(res.status, path).toBe(200);
      const { cc, maxAge, sMaxAge } = lifetimes(res);
      const left = secondsLeft();
      expect(maxAge, `${path}: ${cc} with ${left} s left`).toBeLessThanOrEqual(left);
      expect(sMaxAge, `${path}: ${cc}`).toBeLessThanOrEqual(left);
      // A stale copy would mark the programme that ended.
      expect(cc, path).not.toMatch(/stale-while-revalidate/);
      await res.body?.cancel();
    }
    // The front server keeps the guide until then. The change feed drops the
    // copies made before it processes this test's change (a poll every
    // 500 ms), and the guide may have been rendered from the new grid before
    // that: a copy dropped then is made again at the next request.
    let kept = '';
    await expect
      .poll(
        async () => {
          const res = await fetch(`${baseUrl}/fr/guidetv`);
          kept = await res.text();
          return res.headers.get('x-cache');
        },
        { timeout: 5_000, message: 'the front server keeps the guide until then' },
      )
      .toBe('HIT');
    expect(markedEntry(kept)).toBe(ids.first);
    expect(await onAirInApi(await fetch(`${baseUrl}/api/grille/list/per-day`, { headers: { locale: 'fr' } }))).toBe(ids.first);
    const live = await (await fetch(`${baseUrl}/fr/live`)).text();
    expect(live).toContain(`Avant ${run}`);

    await new Promise((r) => setTimeout(r, Math.max(0, switchAt - Date.now()) + 250));

    expect(markedEntry(await (await fetch(`${baseUrl}/fr/guidetv`)).text())).toBe(ids.second);
    expect(markedEntry(await (await fetch(`${baseUrl}/ar/guidetv`)).text())).toBe(ids.second);
    expect(await onAirInApi(await fetch(`${baseUrl}/api/grille/list/per-day`, { headers: { locale: 'fr' } }))).toBe(ids.second);
    const after = await fetch(`${baseUrl}/fr/live`);
    const liveAfter = await after.text();
    expect(liveAfter).toContain(`Après ${run}`);
    expect(liveAfter, 'the programme that ended is no longer on the live page').not.toContain(`Avant ${run}`);
    // Ten minutes to the next change: the usual minute again, with its stale-while-revalidate.
    expect(after.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=120');
  }, 40_000);
});
