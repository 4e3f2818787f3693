/**
 * The grid by hand (src/server/broadcast/grid-edit.ts) and the XMLTV
 * problems as the desk shows them: each programme's problem carries the
 * line of its `<programme>` in the file and a code the desk words in its
 * language; Casablanca wall-clock times across Ramadan's change of the
 * clocks; one entry changed, or refused with every problem and nothing
 * changed.
 */
import { describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { parseXmltv } from '../../src/server/broadcast/xmltv.ts';
import { importGrid } from '../../src/server/broadcast/grid.ts';
import { casablancaInstant, GridEditError, gridWeek, updateGridEntry, weekOf } from '../../src/server/broadcast/grid-edit.ts';
import { xmltvMessage } from '../../src/server/desk/grid-routes.ts';

const CH = { channels: ['2m-maroc'] };
const NOW = new Date('2026-02-09T10:00:00.000Z');

describe('XMLTV problems against the lines of the file', () => {
  it('names the line of each programme, and of the programme it clashes with, and words it in French and Arabic', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<tv>',
      '  <!-- <programme start="x"> in a comment is not one -->',
      '  <programme start="20260214200000 +0100" stop="20260214230000 +0100" channel="2m-maroc">',
      '    <title lang="fr">Soirée</title>',
      '  </programme>',
      '',
      '  <programme start="20260214220000 +0100" stop="20260214233000 +0100" channel="2m-maroc"><title>Film</title></programme>',
      '  <programme start="20260299220000 +0100" stop="20260214233000 +0100" channel="2m-maroc"><title>Faux</title></programme>',
      '</tv>',
    ].join('\n');
    const r = parseXmltv(xml, CH);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject([
      {
        programme: 2,
        line: 8,
        title: 'Film',
        field: 'start',
        code: 'overlap',
        params: { other: 1, otherLine: 4, otherTitle: 'Soirée' },
      },
      {
        programme: 3,
        line: 9,
        field: 'start',
        code: 'time-nonexistent',
        params: { text: '20260299220000 +0100' },
      },
    ]);
    expect(xmltvMessage(r.errors[0]!, 'fr')).toBe('Chevauche le programme 1 (ligne 4, « Soirée », de 20260214200000 +0100 à 20260214230000 +0100).');
    expect(xmltvMessage(r.errors[0]!, 'ar')).toBe('يتداخل مع البرنامج 1 (السطر 4، «Soirée»، من 20260214200000 +0100 إلى 20260214230000 +0100).');
  });

  it('a document-wide problem carries its line too', () => {
    const r = parseXmltv('<tv>\n<programme start="1" channel="2m-maroc">\n<title>&foo;</title></programme></tv>', CH);
    expect(r).toMatchObject({
      ok: false,
      errors: [{ field: 'document', code: 'xml-unsafe', line: 3 }],
    });
  });
});

describe('Casablanca wall-clock times', () => {
  it('reads a time of the night the clocks go back, and refuses one they skip', () => {
    // 15 February 2026: 03:00 (+01) becomes 02:00 (+00); 22 March 2026: 02:00 (+00) becomes 03:00 (+01).
    expect(casablancaInstant('2026-02-15T04:00')).toEqual({
      ok: true,
      date: new Date('2026-02-15T04:00:00.000Z'),
    });
    expect(casablancaInstant('2026-02-14T23:00')).toEqual({
      ok: true,
      date: new Date('2026-02-14T22:00:00.000Z'),
    });
    // 02:30 came twice on 15 February 2026: the second time (+00) is meant.
    expect(casablancaInstant('2026-02-15T02:30')).toEqual({ ok: true, date: new Date('2026-02-15T02:30:00.000Z') });
    expect(casablancaInstant('2026-03-22T02:30')).toEqual({
      ok: false,
      code: 'time-skipped',
    });
    expect(casablancaInstant('2026-03-22T03:30')).toEqual({
      ok: true,
      date: new Date('2026-03-22T02:30:00.000Z'),
    });
    expect(casablancaInstant('2027-02-30T10:00')).toEqual({
      ok: false,
      code: 'time-invalid',
    });
    expect(casablancaInstant('10:00')).toEqual({
      ok: false,
      code: 'time-invalid',
    });
  });

  it('a week starts on Monday', () => {
    expect(weekOf('2026-02-14')).toBe('2026-02-09');
    expect(weekOf('2026-02-09')).toBe('2026-02-09');
    expect(weekOf('2026-02-15')).toBe('2026-02-09');
  });
});

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  await db
    .insertInto('live_channels')
    .values({
      slug: '2m-maroc',
      name_ar: 'دوزيم',
      name_fr: '2M Maroc',
      stream_url: null,
      poster_image_id: null,
      is_active: 1,
      position: 0,
    })
    .execute();
  const p = (start: string, stop: string, title: string) =>
    `<programme start="${start}" stop="${stop}" channel="2m-maroc"><title lang="fr">${title}</title><title lang="ar">${title} ع</title></programme>`;
  await importGrid(
    db,
    `<tv>${p('20260214200000 +0100', '20260214230000 +0100', 'Soirée')}${p('20260214230000 +0100', '20260215040000 +0000', 'Nuit')}${p('20260215040000 +0000', '20260215060000 +0000', 'Aube')}</tv>`,
    NOW,
  );
  return db;
}

describe('one programme changed by hand', () => {
  it('changes the fields the guide shows, in one change-feed record, and keeps the broadcast day', async () => {
    const db = await store();
    const week = (await gridWeek(db, '2026-02-09', NOW))!;
    const night = week.days[5]!.entries.find((e) => e.titleFr === 'Nuit')!;
    expect(night).toMatchObject({
      day: '2026-02-14',
      start: '2026-02-14T23:00',
      end: '2026-02-15T04:00',
    });
    const changes = (await db.selectFrom('content_changes').select('id').execute()).length;
    const changed = await updateGridEntry(
      db,
      night.id,
      {
        titleAr: 'الليل',
        titleFr: 'La nuit',
        descriptionAr: '',
        descriptionFr: 'Ramadan',
        genre: 'magazine',
        isLive: true,
        start: '2026-02-14T23:00',
        durationMinutes: 240,
      },
      NOW,
    );
    expect(changed!.after).toMatchObject({
      titleFr: 'La nuit',
      end: '2026-02-15T02:00',
      endsAt: '2026-02-15T02:00:00.000Z',
      descriptionFr: 'Ramadan',
      genre: 'magazine',
      isLive: true,
      day: '2026-02-14',
    });
    expect(changed!.before).toEqual(night);
    const feed = await db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await db.selectFrom('content_changes').select('id').execute()).length).toBe(changes + 1);
    expect(JSON.parse(feed.paths)).toEqual(expect.arrayContaining(['/ar/guidetv', '/fr/guidetv', '/api/grille/list/per-day']));
  });

  it('refuses an overlap with either neighbour, an end before the start and a skipped time, changing nothing', async () => {
    const db = await store();
    const night = (await gridWeek(db, '2026-02-09', NOW))!.days[5]!.entries.find((e) => e.titleFr === 'Nuit')!;
    const before = await db.selectFrom('grid_entries').selectAll().orderBy('id').execute();
    const base = {
      titleAr: 'الليل',
      titleFr: 'Nuit',
      descriptionAr: '',
      descriptionFr: '',
      genre: '',
      isLive: false,
    };
    const refused = async (input: Partial<typeof base> & { start: string; end?: string }) => {
      const e = await updateGridEntry(db, night.id, { ...base, ...input }, NOW).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(GridEditError);
      return (e as GridEditError).problems;
    };
    expect(await refused({ start: '2026-02-14T22:00', end: '2026-02-15T05:00' })).toEqual([
      {
        field: 'start',
        code: 'overlap',
        params: {
          title: 'Soirée',
          titleAr: 'Soirée ع',
          start: '2026-02-14T20:00',
          end: '2026-02-14T23:00',
        },
      },
      {
        field: 'end',
        code: 'overlap',
        params: {
          title: 'Aube',
          titleAr: 'Aube ع',
          start: '2026-02-15T04:00',
          end: '2026-02-15T06:00',
        },
      },
    ]);
    expect(await refused({ start: '2026-02-14T23:00', end: '2026-02-14T22:59' })).toEqual([{ field: 'end', code: 'end-before-start' }]);
    expect(await refused({ start: '2026-03-22T02:00', end: '2026-03-22T04:00' })).toEqual([{ field: 'start', code: 'time-skipped' }]);
    expect(await refused({ start: '2026-02-14T23:00' })).toEqual([{ field: 'end', code: 'end-missing' }]);
    expect(await refused({ start: '2026-02-14T23:00', end: '2026-02-16T00:00' })).toEqual([{ field: 'end', code: 'too-long', params: { hours: 24 } }]);
    expect(await db.selectFrom('grid_entries').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await updateGridEntry(db, 999_999, { ...base, start: '2026-02-14T23:00', end: '2026-02-15T00:00' }, NOW)).toBeUndefined();
  });
});
