/**
 * Live and grid through the desk API over real HTTP (docs/desk.md "Live and
 * grid"): a journalist gets 403 and changes nothing; the live stream is set
 * (the live API follows), refused on an origin the Content-Security-Policy
 * would block (naming MEDIA_ORIGINS, in French, as the newsroom API refuses
 * it) and cleared; an XMLTV file in ISO-8859-1 with overlapping programmes
 * is refused with its problems against their lines, in French, and changes
 * nothing; a good one imports; one programme of the week is changed, with
 * the times of Casablanca across the clocks' changes, bad input refused per
 * field with nothing changed, and the TV guide page shows the change within
 * 5 s. Everything is audited.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApiClient, type DeskSession } from '../support/desk-api.ts';
import { createToken } from '../../src/server/newsroom/auth.ts';
import { mediaOriginPort } from '../../scripts/test-server.ts';
import { addDays, broadcastDay } from '../../src/lib/dates.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const { desk, person, signIn } = deskApiClient(baseUrl, store, run);
/** The media origin the test server allows (MEDIA_ORIGINS, scripts/test-server.ts). */
const cdnOrigin = `http://127.0.0.1:${mediaOriginPort(Number(new URL(baseUrl).port))}`;
const FRESH = { timeout: 5000, interval: 100 };

let editor: DeskSession;
let journalist: DeskSession;
let token = '';

beforeAll(async () => {
  editor = await signIn(await person('editor', true));
  journalist = await signIn(await person('journalist', true));
  token = await createToken(store.db, `desk-grid-${run}`);
});

const changes = async () => (await store.db.selectFrom('content_changes').select('id').execute()).length;
const auditOf = (action: string) => store.db.selectFrom('desk_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
const xmltvFixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/xmltv', `${name}.xml`));
const xml = (data: Uint8Array | string) => ({ type: 'application/xml', data });

/* A broadcast day far from the seeded fortnight and from the newsroom tests' days. */
const DAY = '2026-02-14';
const programme = (start: string, stop: string, fr: string, ar: string) =>
  `  <programme start="${start}" stop="${stop}" channel="2m-maroc">\n    <title lang="ar">${ar}</title>\n    <title lang="fr">${fr}</title>\n  </programme>`;
/* The night of 14 to 15 February 2026, when Morocco went back from +01 to +00 for Ramadan (03:00 was 02:00 again; the tzdata of the pinned Node has no change after September 2026). */
const NIGHT = `<?xml version="1.0" encoding="UTF-8"?>
<tv>
${programme('20260214200000 +0100', '20260214230000 +0100', `Soirée ${run}`, 'السهرة')}
${programme('20260214230000 +0100', '20260215040000 +0000', `Nuit ${run}`, 'الليل')}
${programme('20260215040000 +0000', '20260215060000 +0000', `Aube ${run}`, 'الفجر')}
</tv>
`;

describe('live and grid in the desk: roles', () => {
  it('a journalist reads, and gets 403 on every change, which changes nothing', async () => {
    expect(
      (
        await desk('GET', '/api/desk/live', '/api/desk/live', {
          session: journalist,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await desk('GET', '/api/desk/grid', '/api/desk/grid', {
          session: journalist,
        })
      ).status,
    ).toBe(200);
    const entry = await store.db.selectFrom('grid_entries').select('id').orderBy('id').executeTakeFirstOrThrow();
    const before = await changes();
    const refused = [
      await desk('PUT', '/api/desk/live', '/api/desk/live', {
        session: journalist,
        body: { url: `${cdnOrigin}/live/j.m3u8` },
      }),
      await desk('DELETE', '/api/desk/live', '/api/desk/live', {
        session: journalist,
      }),
      await desk('POST', '/api/desk/grid/xmltv', '/api/desk/grid/xmltv', {
        session: journalist,
        raw: xml(NIGHT),
      }),
      await desk('PUT', '/api/desk/grid/{id}', `/api/desk/grid/${entry.id}`, {
        session: journalist,
        body: {
          titleAr: 'x',
          titleFr: 'x',
          start: '2026-02-14T20:00',
          end: '2026-02-14T21:00',
        },
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await changes()).toBe(before);
  });
});

describe('the live stream in the desk', () => {
  it('sets it (the live API follows), refuses an origin the policy would block as the newsroom API does, clears it', async () => {
    const live = async () =>
      (
        (await (
          await fetch(`${baseUrl}/api/getLiveSection`, {
            headers: { locale: 'fr' },
            cache: 'no-store',
          })
        ).json()) as { response: { news: { url: string[]; title: string } } }
      ).response.news;
    const before = await changes();
    const elsewhere = 'https://events.example.ma/derby/index.m3u8';
    const refused = await desk<unknown>('PUT', '/api/desk/live', '/api/desk/live', { session: editor, body: { url: elsewhere, titles: { fr: 'Ailleurs' } } });
    expect(refused.status).toBe(422);
    expect(refused.body.header.errors?.url?.[0]).toMatch(/^https:\/\/events\.example\.ma n’est pas une origine autorisée.*MEDIA_ORIGINS/);
    // The newsroom API refuses the same stream (one rule, in setLive).
    const newsroom = await fetch(`${baseUrl}/api/newsroom/live`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: elsewhere }),
    });
    expect(newsroom.status).toBe(422);
    expect(((await newsroom.json()) as { header: { errors: { url: string[] } } }).header.errors.url[0]).toContain('MEDIA_ORIGINS');
    const bad = await desk('PUT', '/api/desk/live', '/api/desk/live', {
      session: editor,
      body: { url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.header.errors?.url).toEqual(['Valeur incorrecte.']);
    expect(await changes()).toBe(before);

    const stream = `${cdnOrigin}/live/desk-${run}/index.m3u8`;
    const set = await desk<{
      source: string;
      url: string;
      title: { fr: string; ar: string };
      pages: { fr: string };
    }>('PUT', '/api/desk/live', '/api/desk/live', {
      session: editor,
      body: {
        url: stream,
        titles: { fr: `Le direct ${run}`, ar: 'البث المباشر' },
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.response).toMatchObject({
      source: 'newsroom',
      url: stream,
      title: { fr: `Le direct ${run}`, ar: 'البث المباشر' },
    });
    await expect.poll(live, FRESH).toMatchObject({ title: `Le direct ${run}`, url: [stream] });
    expect((await auditOf('live.set'))[0]).toMatchObject({ summary: stream });

    const cleared = await desk<{ source: string; newsroom: unknown }>('DELETE', '/api/desk/live', '/api/desk/live', { session: editor });
    expect(cleared.status).toBe(200);
    expect(cleared.body.response).toMatchObject({
      source: 'builtin',
      newsroom: null,
    });
    await expect.poll(async () => (await live()).url[0], FRESH).toBe('/live/2m/index.m3u8');
    expect((await auditOf('live.clear')).length).toBeGreaterThan(0);
  });
});

describe('XMLTV upload in the desk', () => {
  it('an ISO-8859-1 file with overlaps is refused against its lines, in French, and changes nothing; a good one imports', async () => {
    // The XMLTV project's Latin-1 file (its £ title) with the programmes of its overlap file, on our channel.
    const livre = xmltvFixture('test_livre').toString('latin1');
    const overlaps = [
      ...xmltvFixture('overlap')
        .toString('latin1')
        .matchAll(/ {2}<programme[^]*?<\/programme>\n/g),
    ]
      .map((m) => m[0])
      .slice(0, 3)
      .join('');
    const file = livre.replace('</tv>', `${overlaps}</tv>`).replace(/channel="[^"]*"/g, 'channel="2m-maroc"');
    const lines = file.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const before = {
      changes: await changes(),
      entries: (await store.db.selectFrom('grid_entries').select('id').execute()).length,
    };

    const refused = await desk<{
      problems: {
        line: number;
        programme: number;
        title: string;
        start: string;
        message: string;
      }[];
    }>('POST', '/api/desk/grid/xmltv', '/api/desk/grid/xmltv', {
      session: editor,
      raw: xml(new Uint8Array(Buffer.from(file, 'latin1'))),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.header.message).toMatch(/^Le fichier est refusé \(\d+ problèmes\) : la grille n’a pas changé\.$/);
    const problems = refused.body.response.problems;
    // The programme "C" starts when "A" does (20011228113100), on the line of its own <programme>.
    const c = problems.find((p) => p.title === 'C');
    expect(c).toMatchObject({
      programme: 4,
      line: lineOf('<title>C</title>') - 1,
      start: '20011228113100',
    });
    expect(c!.message).toBe(`Commence en même temps que le programme 2 (ligne ${lineOf('<title>A</title>') - 1}, « A », 20011228113100) : ils se chevauchent.`);
    // The Latin-1 title is read as "£" and its problem (no stop on a programme that does not end) is named on its line.
    expect(problems.find((p) => p.title === '£')).toMatchObject({
      line: lineOf('<programme start="20011211180000"'),
    });
    expect(refused.body.header.errors?.['programme.4.start']?.[0]).toMatch(/^Ligne \d+ : Commence en même temps/);
    expect(await changes()).toBe(before.changes);
    expect((await store.db.selectFrom('grid_entries').select('id').execute()).length).toBe(before.entries);

    expect(
      (
        await desk('POST', '/api/desk/grid/xmltv', '/api/desk/grid/xmltv', {
          session: editor,
          raw: { type: 'text/plain', data: NIGHT },
        })
      ).status,
    ).toBe(415);
    const huge = await desk('POST', '/api/desk/grid/xmltv', '/api/desk/grid/xmltv', { session: editor, raw: xml(`<tv>${' '.repeat(5 * 1024 * 1024)}</tv>`) });
    expect(huge.status).toBe(413);
    expect(huge.body.header.message).toBe('Le fichier dépasse 5 Mo.');

    const ok = await desk<{ days: string[]; programmes: number }>('POST', '/api/desk/grid/xmltv', '/api/desk/grid/xmltv', { session: editor, raw: xml(NIGHT) });
    expect(ok.status).toBe(200);
    expect(ok.body.response).toMatchObject({ days: [DAY], programmes: 3 });
    expect((await auditOf('grid.import'))[0]).toMatchObject({
      item_id: `${DAY}..${DAY}`,
    });
  });
});

describe('the week of the grid in the desk', () => {
  type Entry = {
    id: number;
    day: string;
    start: string;
    end: string;
    startsAt: string;
    endsAt: string;
    titleFr: string;
    titleAr: string;
    descriptionFr: string;
    descriptionAr: string;
    genre: string;
    isLive: boolean;
  };
  const week = async (from: string) => {
    const res = await desk<{
      from: string;
      days: { day: string; entries: Entry[] }[];
    }>('GET', '/api/desk/grid', `/api/desk/grid?from=${from}`, {
      session: editor,
    });
    expect(res.status).toBe(200);
    return res.body.response;
  };

  it('shows the broadcast days in Casablanca time across the change of the clocks, and changes one programme', async () => {
    await desk('POST', '/api/desk/grid/xmltv', '/api/desk/grid/xmltv', {
      session: editor,
      raw: xml(NIGHT),
    });
    const w = await week(DAY);
    expect(w.days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(DAY, n)));
    const night = w.days[0]!.entries.find((e) => e.titleFr === `Nuit ${run}`)!;
    // 23:00 (+01) to 04:00 (+00): wall-clock times as the guide shows them, six hours apart.
    expect(night).toMatchObject({
      start: '2026-02-14T23:00',
      end: '2026-02-15T04:00',
      startsAt: '2026-02-14T22:00:00.000Z',
      endsAt: '2026-02-15T04:00:00.000Z',
    });

    const before = await changes();
    const put = (body: Record<string, unknown>) =>
      desk<Entry>('PUT', '/api/desk/grid/{id}', `/api/desk/grid/${night.id}`, {
        session: editor,
        body,
      });
    const base = {
      titleAr: 'الليل',
      titleFr: `Nuit ${run}`,
      start: night.start,
      end: night.end,
    };
    const refusals = [
      [{ ...base, end: '2026-02-14T22:00' }, 'end', 'La fin doit être après le début.'],
      [{ ...base, start: '2026-02-14T22:00' }, 'start', `Chevauche « Soirée ${run} » (2026-02-14 20:00 – 2026-02-14 23:00) : changez l’un ou l’autre.`],
      [{ ...base, end: '2026-02-15T05:00' }, 'end', `Chevauche « Aube ${run} » (2026-02-15 04:00 – 2026-02-15 06:00) : changez l’un ou l’autre.`],
      // 02:30 on 22 March 2026 does not exist in Casablanca: the clocks go from 02:00 to 03:00.
      [
        { ...base, start: '2026-03-22T02:30', end: '2026-03-22T04:00' },
        'start',
        'Cette heure n’existe pas à Casablanca : les horloges avancent d’une heure à ce moment-là.',
      ],
      [{ ...base, titleAr: '', titleFr: ' ' }, 'titleFr', 'Donnez un titre dans au moins une langue.'],
      [{ ...base, start: '2027-02-31T10:00' }, 'start', 'Date et heure incorrectes.'],
      [{ ...base, end: undefined, durationMinutes: 0 }, 'durationMinutes', 'Valeur incorrecte.'],
      [{ ...base, titleFr: 'x'.repeat(201) }, 'titleFr', 'Ce champ ne doit pas dépasser 200 caractères.'],
    ] as const;
    for (const [body, field, message] of refusals) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.header.errors?.[field], JSON.stringify(res.body.header.errors)).toEqual([message]);
    }
    expect(await changes()).toBe(before);
    expect((await week(DAY)).days[0]!.entries.find((e) => e.id === night.id)).toEqual(night);

    // One hour shorter by its length: 23:00 + 240 minutes is 02:00 after the clocks went back (03:00 is 02:00 again).
    const shorter = await put({
      ...base,
      end: undefined,
      durationMinutes: 240,
      descriptionFr: 'La nuit de Ramadan',
      genre: 'magazine',
      isLive: true,
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body.response).toMatchObject({
      start: '2026-02-14T23:00',
      end: '2026-02-15T02:00',
      endsAt: '2026-02-15T02:00:00.000Z',
      descriptionFr: 'La nuit de Ramadan',
      isLive: true,
    });
    const audit = (await auditOf('grid.edit'))[0]!;
    expect(audit).toMatchObject({ item_id: String(night.id) });
    expect(JSON.parse(audit.after_json!)).toMatchObject({
      end: '2026-02-15T02:00',
    });
    const api = await fetch(`${baseUrl}/api/grille/list/per-day?day=${DAY}`, {
      headers: { locale: 'fr' },
    });
    expect(JSON.stringify(await api.json())).toContain('La nuit de Ramadan');
  });

  it('a change of a programme of the guide’s fortnight is on /fr/guidetv and /ar/guidetv within 5 s', async () => {
    const day = addDays(broadcastDay(), 3);
    const w = await week(day);
    const entry = w.days[0]!.entries.at(-1)!;
    const guide = (lang: 'ar' | 'fr') => async () => (await fetch(`${baseUrl}/${lang}/guidetv?day=${day}`)).text();
    const title = { fr: `Magazine modifié ${run}`, ar: `مجلة معدلة ${run}` };
    try {
      const res = await desk<Entry>('PUT', '/api/desk/grid/{id}', `/api/desk/grid/${entry.id}`, {
        session: editor,
        body: {
          titleFr: title.fr,
          titleAr: title.ar,
          start: entry.start,
          end: entry.end,
          descriptionFr: entry.descriptionFr,
          descriptionAr: entry.descriptionAr,
          genre: entry.genre,
          isLive: entry.isLive,
        },
      });
      expect(res.status).toBe(200);
      await expect.poll(guide('fr'), FRESH).toContain(title.fr);
      await expect.poll(guide('ar'), FRESH).toContain(title.ar);
    } finally {
      // Back as seeded, for the other tests.
      await desk('PUT', '/api/desk/grid/{id}', `/api/desk/grid/${entry.id}`, {
        session: editor,
        body: {
          titleFr: entry.titleFr,
          titleAr: entry.titleAr,
          start: entry.start,
          end: entry.end,
          descriptionFr: entry.descriptionFr,
          descriptionAr: entry.descriptionAr,
          genre: entry.genre,
          isLive: entry.isLive,
        },
      });
    }
  });

  it('an unknown programme is 404, a bad week 422', async () => {
    expect(
      (
        await desk('PUT', '/api/desk/grid/{id}', '/api/desk/grid/999999999', {
          session: editor,
          body: {
            titleAr: 'x',
            titleFr: 'x',
            start: '2026-02-14T20:00',
            end: '2026-02-14T21:00',
          },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await desk('GET', '/api/desk/grid', '/api/desk/grid?from=2027-02-30', {
          session: editor,
        })
      ).status,
    ).toBe(422);
  });
});
