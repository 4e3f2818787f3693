/**
 * XMLTV in and out (ADR 012): times read in their own offset and
 * written in Casablanca's, the checks that refuse a document (overlap, stop
 * before start, unreadable time, unknown channel, missing title), and the
 * store's import / export round trip.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { casablancaOffsetMinutes, formatXmltvTime, MAX_REPORTED_PROGRAMMES, parseXmltv, parseXmltvTime, readXmltvTime } from '../../src/server/broadcast/xmltv.ts';
import { exportGrid, GridImportError, gridRange, importGrid } from '../../src/server/broadcast/grid.ts';
import { gridDay } from '../../src/server/content/grid.ts';

const CH = { channels: ['2m-maroc'] };

function doc(programmes: string, channel = '2m-maroc'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<tv><channel id="${channel}"><display-name lang="fr">2M</display-name></channel>
${programmes}
</tv>`;
}

const prog = (start: string, stop: string | null, title: string, extra = '', channel = '2m-maroc') =>
  `<programme start="${start}"${stop ? ` stop="${stop}"` : ''} channel="${channel}"><title lang="fr">${title}</title><title lang="ar">${title} ع</title>${extra}</programme>`;

describe('XMLTV times', () => {
  it('reads each time in its own offset', () => {
    expect(parseXmltvTime('20261125060000 +0100')?.toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(parseXmltvTime('20261125060000 -0230')?.toISOString()).toBe('2026-11-25T08:30:00.000Z');
    expect(parseXmltvTime('20261125060000 +0000')?.toISOString()).toBe('2026-11-25T06:00:00.000Z');
    // No seconds; no offset means UTC (XMLTV DTD).
    expect(parseXmltvTime('202611250600')?.toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(parseXmltvTime('20261125060000')?.toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', 'tomorrow', '20261325060000 +0000', '20260230060000 +0000', '20261125250000 +0000', '20261125066000', '2026-11-25T06:00:00Z', '20261125060000 +2500']) {
      expect(parseXmltvTime(bad), bad).toBeNull();
    }
  });

  it('writes instants in Africa/Casablanca (UTC+0 since 2026-09-20, UTC+1 before)', () => {
    expect(casablancaOffsetMinutes(new Date('2026-11-25T12:00:00Z'))).toBe(0);
    expect(formatXmltvTime('2026-11-25T05:00:00.000Z')).toBe('20261125050000 +0000');
    // Summer 2026, before the change: +0100.
    expect(formatXmltvTime('2026-07-01T19:30:00.000Z')).toBe('20260701203000 +0100');
    expect(parseXmltvTime(formatXmltvTime('2026-07-01T19:30:00.000Z'))?.toISOString()).toBe('2026-07-01T19:30:00.000Z');
  });
});

describe('XMLTV documents', () => {
  it('reads both titles, descriptions, genre, live mark, icon, link and episode number', () => {
    const r = parseXmltv(
      doc(`<programme start="20261125200000 +0100" stop="20261125203000 +0100" channel="2m-maroc">
  <title lang="ar">الأخبار</title><title lang="fr">Le Journal</title>
  <desc lang="ar">نشرة   المساء</desc><desc lang="fr">Édition du soir &amp; météo</desc>
  <category lang="fr">information</category><category lang="en">Live</category>
  <icon src="https://cdn.example/jt.png"/>
  <url>https://www.2m.ma/fr/replay/4</url>
  <episode-num system="xmltv_ns">1 . 4/12 . 0/1</episode-num>
</programme>`),
      CH,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [p] = r.doc.programmes;
    expect(p).toMatchObject({
      title: { ar: 'الأخبار', fr: 'Le Journal' },
      description: { ar: 'نشرة المساء', fr: 'Édition du soir & météo' },
      genre: 'information',
      isLive: true,
      iconUrl: 'https://cdn.example/jt.png',
      urls: ['https://www.2m.ma/fr/replay/4'],
      episodeNum: { season: 2, episode: 5 },
    });
    expect(p!.start.toISOString()).toBe('2026-11-25T19:00:00.000Z');
    expect(p!.stop.toISOString()).toBe('2026-11-25T19:30:00.000Z');
  });

  it('takes a missing stop from the next programme; refuses it on the last one', () => {
    const ok = parseXmltv(doc(prog('20261125060000 +0000', null, 'A') + prog('20261125070000 +0000', '20261125080000 +0000', 'B')), CH);
    expect(ok.ok && ok.doc.programmes[0]!.stop.toISOString()).toBe('2026-11-25T07:00:00.000Z');
    const bad = parseXmltv(doc(prog('20261125060000 +0000', null, 'A')), CH);
    expect(bad).toMatchObject({ ok: false, errors: [{ programme: 1, field: 'stop' }] });
  });

  it('refuses overlapping programmes, naming both', () => {
    const r = parseXmltv(
      doc(prog('20261125060000 +0000', '20261125070000 +0000', 'A') + prog('20261125073000 +0100', '20261125080000 +0000', 'B')),
      CH,
    );
    // B starts 06:30 UTC, inside A.
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ programme: 2, title: 'B', field: 'start' });
    expect(r.errors[0]!.message).toContain('overlaps programme 1 ("A"');
  });

  it('refuses stop before start, unreadable times, unknown channel, missing title, each named', () => {
    const r = parseXmltv(
      doc(
        prog('20261125090000 +0000', '20261125080000 +0000', 'Backwards') +
          prog('2026112510h00', '20261125110000 +0000', 'Garbled') +
          prog('20261125120000 +0000', '20261125130000 +0000', 'Elsewhere', '', 'other.tv') +
          '<programme start="20261125140000 +0000" stop="20261125150000 +0000" channel="2m-maroc"><desc lang="fr">Sans titre</desc></programme>',
      ),
      CH,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byProgramme = Object.fromEntries(r.errors.map((e) => [e.programme, e]));
    expect(byProgramme[2]).toMatchObject({ field: 'start', title: 'Garbled' });
    expect(byProgramme[3]).toMatchObject({ field: 'channel' });
    expect(byProgramme[3]!.message).toContain('unknown channel "other.tv"');
    expect(byProgramme[4]).toMatchObject({ field: 'title' });
    // Stop-before-start is checked once every time is readable.
    const backwards = parseXmltv(doc(prog('20261125090000 +0000', '20261125080000 +0000', 'Backwards')), CH);
    expect(backwards).toMatchObject({ ok: false, errors: [{ programme: 1, field: 'stop', title: 'Backwards' }] });
    expect(!backwards.ok && backwards.errors[0]!.message).toContain('before start');
  });

  it('refuses malformed XML, another root, entity declarations and an empty grid', () => {
    expect(parseXmltv('<tv><programme></tv>', CH)).toMatchObject({ ok: false, errors: [{ field: 'document' }] });
    expect(parseXmltv('<grid/>', CH)).toMatchObject({ ok: false, errors: [{ field: 'document' }] });
    expect(parseXmltv('<!DOCTYPE tv [<!ENTITY a "aaaa">]><tv/>', CH)).toMatchObject({ ok: false, errors: [{ field: 'document' }] });
    expect(parseXmltv('<tv></tv>', CH)).toMatchObject({ ok: false, errors: [{ field: 'programme' }] });
  });
});

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  await db.insertInto('live_channels').values({ slug: '2m-maroc', name_ar: 'دوزيم', name_fr: '2M Maroc', stream_url: null, poster_image_id: null, is_active: 1, position: 0 }).execute();
  const { id: programmeId } = await db
    .insertInto('programmes')
    .values({ kind: 'emission', slug: 'mais-encore', title_ar: 'ميزانكور', title_fr: 'Mais encore', description_ar: '', description_fr: '', genre: 'debat', cover_image_id: null, poster_image_id: null, schedule_ar: '', schedule_fr: '', position: 0, is_active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('episodes')
    .values({ programme_id: programmeId, season: 2, number: 5, title_ar: 'ح 5', title_fr: 'Ép. 5', description_ar: '', description_fr: '', video_id: null, thumbnail_image_id: null, published_at: '2026-11-20T00:00:00.000Z' })
    .execute();
  return db;
}

const NOW = new Date('2026-11-25T10:00:00.000Z');

const WEEK = doc(
  prog('20261125060000 +0000', '20261125070000 +0000', 'Coran', '<category lang="fr">religieux</category>') +
    prog('20261125200000 +0000', '20261125203000 +0000', 'Journal', '<desc lang="fr">Le soir</desc><category lang="fr">information</category><category>live</category><icon src="https://cdn.example/jt.png"/>') +
    prog('20261125213000 +0000', '20261125230000 +0000', 'Mais encore', '<category lang="fr">debat</category><url>http://localhost:4321/fr/replay/1</url><episode-num system="xmltv_ns">1.4.</episode-num>') +
    // 01:00 the next calendar day: still broadcast day 2026-11-25.
    prog('20261126010000 +0000', '20261126020000 +0000', 'Nuit') +
    prog('20261126060000 +0000', '20261126070000 +0000', 'Coran 26'),
);

describe('grid import and export', () => {
  it('replaces the broadcast days the document covers and records the change', async () => {
    const db = await store();
    await db
      .insertInto('grid_entries')
      .values([
        { day: '2026-11-25', starts_at: '2026-11-25T06:00:00.000Z', ends_at: '2026-11-25T08:00:00.000Z', title_ar: 'قديم', title_fr: 'Ancien', genre: 'film', programme_id: null, episode_id: null, is_live: 0 },
        { day: '2026-11-27', starts_at: '2026-11-27T06:00:00.000Z', ends_at: '2026-11-27T08:00:00.000Z', title_ar: 'يبقى', title_fr: 'Reste', genre: 'film', programme_id: null, episode_id: null, is_live: 0 },
      ])
      .execute();
    const result = await importGrid(db, WEEK, NOW);
    expect(result).toEqual({ days: ['2026-11-25', '2026-11-26'], programmes: 5, replaced: 1 });
    const day = await gridDay(db, 'fr', '2026-11-25', NOW);
    expect(day.entries.map((e) => [e.start, e.title])).toEqual([
      ['06:00', 'Coran'],
      ['20:00', 'Journal'],
      ['21:30', 'Mais encore'],
      ['01:00', 'Nuit'],
    ]);
    const journal = day.entries[1]!;
    expect(journal).toMatchObject({ description: 'Le soir', genre: 'information', isLive: true });
    expect(day.entries[2]!.programme?.id).toBe(1);
    const stored = await db.selectFrom('grid_entries').selectAll().where('title_fr', '=', 'Mais encore').executeTakeFirstOrThrow();
    expect(stored.episode_id).toBe(1);
    expect((await gridDay(db, 'fr', '2026-11-27', NOW)).entries.map((e) => e.title)).toEqual(['Reste']);
    const change = await db.selectFrom('content_changes').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(change.paths)).toEqual(expect.arrayContaining(['/ar/guidetv', '/fr/guidetv', '/ar/live', '/fr', '/api/grille/list']));
  });

  it('round-trips: importing the export gives the same grid', async () => {
    const db = await store();
    await importGrid(db, WEEK, NOW);
    const range = { from: '2026-11-25', to: '2026-11-26' };
    const snapshot = async () =>
      (await db.selectFrom('grid_entries').selectAll().orderBy('starts_at').execute()).map(({ id: _id, ...row }) => row);
    const before = await snapshot();
    const xml = await exportGrid(db, range, 'http://localhost:4321');
    expect(xml).toContain('start="20261125200000 +0000"');
    expect(xml).toContain('<title lang="ar">Journal ع</title>');
    expect(xml).toContain('<episode-num system="xmltv_ns">1.4.</episode-num>');
    await importGrid(db, xml, NOW);
    expect(await snapshot()).toEqual(before);
    expect(await exportGrid(db, range, 'http://localhost:4321')).toBe(xml);
  });

  it('refuses an overlapping document with 422-style errors and changes nothing', async () => {
    const db = await store();
    await importGrid(db, WEEK, NOW);
    const before = await db.selectFrom('grid_entries').selectAll().orderBy('id').execute();
    const changes = (await db.selectFrom('content_changes').select('id').execute()).length;
    const overlapping = doc(prog('20261125060000 +0000', '20261125080000 +0000', 'A') + prog('20261125070000 +0000', '20261125090000 +0000', 'B'));
    const error = await importGrid(db, overlapping, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GridImportError);
    expect((error as GridImportError).errors[0]).toMatchObject({ programme: 2, title: 'B', field: 'start' });
    expect(await db.selectFrom('grid_entries').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await db.selectFrom('content_changes').select('id').execute()).length).toBe(changes);
  });

  it('refuses a programme that overlaps an entry it does not replace, and an unknown programme link', async () => {
    const db = await store();
    await importGrid(db, WEEK, NOW);
    // "Nuit" (2026-11-26 01:00 to 02:00) starts before this document and stays: 01:30 overlaps it.
    const intoNight = doc(prog('20261126013000 +0000', '20261126030000 +0000', 'Late night'));
    const refused = await importGrid(db, intoNight, NOW).catch((e: unknown) => e);
    expect(refused).toMatchObject({ errors: [{ programme: 1, field: 'start' }] });
    expect((refused as GridImportError).errors[0]!.message).toContain('overlaps "Nuit"');
    const unknown = doc(prog('20261201060000 +0000', '20261201070000 +0000', 'X', '<url>https://www.2m.ma/ar/replay/999</url>'));
    await expect(importGrid(db, unknown, NOW)).rejects.toMatchObject({ errors: [{ programme: 1, field: 'url', message: 'unknown programme 999' }] });
    expect((await gridDay(db, 'fr', '2026-12-01', NOW)).entries).toEqual([]);
  });

  it('concurrent imports take turns: two overlapping documents sent at once never both land (PostgreSQL: a transaction lock)', async () => {
    const db = await store();
    const first = doc(prog('20261210100000 +0000', '20261210120000 +0000', 'Un'));
    const second = doc(prog('20261210110000 +0000', '20261210130000 +0000', 'Deux'));
    for (let round = 0; round < 5; round++) {
      await db.deleteFrom('grid_entries').where('starts_at', '>=', '2026-12-10').execute();
      const outcomes = await Promise.allSettled([importGrid(db, first, NOW), importGrid(db, second, NOW)]);
      // Whichever came second either replaced the first (its span covers the start) or was refused for overlapping it.
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(GridImportError);
      const rows = await db.selectFrom('grid_entries').select(['starts_at', 'ends_at']).where('starts_at', '>=', '2026-12-10').orderBy('starts_at').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.starts_at >= rows[i - 1]!.ends_at, JSON.stringify(rows)).toBe(true);
    }
  });

  it('a document cut at midnight replaces those hours only, and its night programmes join the previous broadcast day', async () => {
    const db = await store();
    await importGrid(db, WEEK, NOW);
    // Calendar day 2026-11-26 from midnight: 00:00 to 01:00 replaces nothing before it.
    const result = await importGrid(
      db,
      doc(prog('20261126020000 +0000', '20261126060000 +0000', 'Nuit blanche') + prog('20261126060000 +0000', '20261126080000 +0000', 'Coran et chants')),
      NOW,
    );
    expect(result).toEqual({ days: ['2026-11-25', '2026-11-26'], programmes: 2, replaced: 1 });
    expect((await gridDay(db, 'fr', '2026-11-25', NOW)).entries.map((e) => e.title)).toEqual(['Coran', 'Journal', 'Mais encore', 'Nuit', 'Nuit blanche']);
    expect((await gridDay(db, 'fr', '2026-11-26', NOW)).entries.map((e) => e.title)).toEqual(['Coran et chants']);
  });

  it('checks export ranges', () => {
    expect(gridRange('2026-11-25', '2026-11-26')).toEqual({ from: '2026-11-25', to: '2026-11-26' });
    expect(gridRange(undefined, undefined, NOW)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(gridRange('2026-11-25', undefined)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(gridRange('2026-11-31', undefined)).toMatch(/from/);
    expect(gridRange('2026-11-25', '2026-11-24')).toMatch(/before/);
    expect(gridRange('2026-11-01', '2026-12-25')).toMatch(/at most/);
  });
});

/** A file of the XMLTV project's test suite (tests/fixtures/xmltv), its channels mapped to the site's. */
const xmltvFile = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../fixtures/xmltv', `${name}.xml`), 'utf8').replace(/channel="[^"]*"/g, 'channel="2m-maroc"');

/** The errors of a refused document, as "programme field: message" lines. */
function refusals(xml: string): string[] {
  const r = parseXmltv(xml, CH);
  if (r.ok) throw new Error('accepted');
  return r.errors.map((e) => `${e.programme ?? '-'} ${e.field}: ${e.message}`);
}

describe('XMLTV as the XMLTV project writes it (its test files)', () => {
  it('reads named zones the DTD mentions (BST == +0100), refuses unknown ones by name and contradictions', () => {
    expect(readXmltvTime('20010829000500 BST')).toEqual({ ok: true, date: new Date('2001-08-28T23:05:00.000Z') });
    expect(readXmltvTime('200007281733 BST')).toEqual({ ok: true, date: new Date('2000-07-28T16:33:00.000Z') });
    expect(readXmltvTime('20010829000500 +0100 BST')).toEqual({ ok: true, date: new Date('2001-08-28T23:05:00.000Z') });
    expect(readXmltvTime('20261125200000 GMT')).toEqual({ ok: true, date: new Date('2026-11-25T20:00:00.000Z') });
    expect(readXmltvTime('20261125200000 XYZ')).toMatchObject({ ok: false, problem: expect.stringContaining('unknown time zone "XYZ"') });
    expect(readXmltvTime('20010829000500 +0000 BST')).toMatchObject({ ok: false, problem: expect.stringContaining('the offset +0000 and the zone BST (+0100) disagree') });
    expect(readXmltvTime('200209')).toMatchObject({ ok: false, problem: expect.stringContaining('at least YYYYMMDDhhmm') });
    const attrs = parseXmltv(xmltvFile('attrs'), CH);
    expect(attrs.ok && attrs.doc.programmes.map((p) => [p.start.toISOString(), p.stop.toISOString()])).toEqual([['2001-08-28T23:05:00.000Z', '2001-08-28T23:30:00.000Z']]);
  });

  it('reads a full programme of the DTD (titles in other languages fill ar and fr), and refuses a stop-less last programme', () => {
    expect(refusals(xmltvFile('test'))).toEqual(['1 stop: missing stop on the last programme (a programme without stop ends when the next one starts)']);
    const length = parseXmltv(xmltvFile('length'), CH);
    expect(length.ok && length.doc.programmes[0]).toMatchObject({ title: { ar: 'News', fr: 'News' }, description: { ar: 'Lots of news.', fr: 'Lots of news.' } });
    expect(parseXmltv(xmltvFile('length'), CH)).toMatchObject({ ok: true, doc: { programmes: [{ start: new Date('2002-02-23T23:00:00.000Z'), stop: new Date('2002-02-23T23:30:00.000Z') }] } });
  });

  it("a programme without stop ends when the next starts, within a day; amp.xml's first one would have run 407 days", () => {
    expect(refusals(xmltvFile('amp'))).toEqual([
      '1 stop: missing stop, and the next programme (2, 20021010090000 +0100) starts more than 24 hours later: give its stop',
    ]);
    const simple = refusals(xmltvFile('simple'));
    expect(simple).toEqual(['2 stop: missing stop on the last programme (a programme without stop ends when the next one starts)']);
  });

  it('names duplicates and overlaps as such, every programme with its own error', () => {
    expect(refusals(xmltvFile('dups'))).toEqual([
      '3 start: duplicate of programme 1 ("A", 20011228113100): the same programme twice',
      '4 stop: missing stop, and the next programme (6, 20020517020200 BST) starts more than 24 hours later: give its stop',
      '5 start: duplicate of programme 2 ("B", 20011228113101): the same programme twice',
      '6 stop: missing stop on the last programme (a programme without stop ends when the next one starts)',
      '7 start: duplicate of programme 6 ("t", 20020517020200 BST): the same programme twice',
    ]);
    expect(refusals(xmltvFile('whitespace'))).toEqual([
      '1 stop: missing stop on the last programme (a programme without stop ends when the next one starts)',
      ...[2, 3, 4, 5].map((n) => `${n} start: duplicate of programme 1 ("T", 20010829000500 BST): the same programme twice`),
    ]);
    const overlap = refusals(xmltvFile('overlap'));
    expect(overlap).toEqual(expect.arrayContaining([
      '3 start: starts at the same time as programme 1 ("A", 20011228113100): they overlap',
      '12 stop: zero length: stop (20000101000000) equals start',
      '14 stop: zero length: stop (20000101003000) equals start',
    ]));
    expect(overlap.filter((l) => / overlap/.test(l)).length).toBeGreaterThan(5);
    expect(refusals(xmltvFile('intervals'))).toEqual(expect.arrayContaining(['3 stop: zero length: stop (20030216133000) equals start']));
  });

  it('refuses undeclared entities, too deep or too many elements with 422-style errors, never a crash', () => {
    expect(refusals(doc(prog('20261125060000 +0000', '20261125070000 +0000', 'Tom &foo; Jerry')))).toEqual([
      '- document: undeclared entity &foo; (line 3): XML knows &amp; &lt; &gt; &quot; &apos; and character references; write & as &amp;',
    ]);
    expect(parseXmltv(doc(prog('20261125060000 +0000', '20261125070000 +0000', 'Tom &amp; Jerry &#233;')), CH)).toMatchObject({ ok: true, doc: { programmes: [{ title: { fr: 'Tom & Jerry é' } }] } });
    const nested = `<tv>${'<x>'.repeat(10_000)}${'</x>'.repeat(10_000)}</tv>`;
    expect(refusals(nested)).toEqual(['- document: elements nested more than 32 deep (line 1)']);
    expect(refusals(`<tv>${'<x/>'.repeat(200_001)}</tv>`)).toEqual(['- document: more than 200,000 elements']);
    expect(refusals(`<tv>${'<x'.repeat(100_000)}`)[0]).toMatch(/^- document: /);
  });

  it('lists at most 100 refused programmes and counts the others', () => {
    const same = Array.from({ length: 150 }, () => prog('20261125060000 +0000', '20261125070000 +0000', 'Coran')).join('');
    const lines = refusals(doc(same));
    expect(lines).toHaveLength(MAX_REPORTED_PROGRAMMES + 1);
    expect(lines.at(-1)).toBe('- programme: and 49 more programmes refused (the first 100 are listed)');
  });
});
