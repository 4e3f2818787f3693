/**
 * The newsroom's video and broadcast endpoints over real HTTP (ADR 011,
 * ADR 012): the grid in XMLTV (import, public export, round trip, 422 with
 * the grid unchanged), breaking news, the live stream and replays, each with
 * its 401 without or with a wrong token, and the audit trail.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { createToken, revokeToken } from '../../src/server/newsroom/auth.ts';
import { mediaOriginPort } from '../../scripts/test-server.ts';

const baseUrl = inject('baseUrl');
/** The media origin the test server allows (MEDIA_ORIGINS, scripts/test-server.ts). */
const cdnOrigin = `http://127.0.0.1:${mediaOriginPort(Number(new URL(baseUrl).port))}`;

const store = testStore();
let token = '';
let revoked = '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

beforeAll(async () => {
  token = await createToken(store.db, `broadcast-${run}`);
  revoked = await createToken(store.db, `broadcast-revoked-${run}`);
  await revokeToken(store.db, `broadcast-revoked-${run}`);
});

interface Envelope<T = unknown> {
  header: { status: string; code: number; message?: string; errors?: Record<string, string[]> };
  response: T;
}

async function call<T = unknown>(method: string, path: string, body?: { type: string; data: string }, auth: string | null = token) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(auth !== null ? { authorization: `Bearer ${auth}` } : {}),
      // A DELETE goes without body, Content-Type or Origin, as curl sends it (src/server/http/origin-check.ts).
      ...(body ? { 'content-type': body.type } : {}),
      locale: 'fr',
    },
    ...(body ? { body: body.data } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Envelope<T> };
}

const xml = (data: string) => ({ type: 'application/xml', data });
const json = (value: unknown) => ({ type: 'application/json', data: JSON.stringify(value) });

/* A broadcast day far from the seeded fortnight, so nothing else uses it. */
const DAY = '2027-03-14';
const programme = (start: string, stop: string, fr: string, ar: string, extra = '') =>
  `<programme start="${start}" stop="${stop}" channel="2m-maroc"><title lang="ar">${ar}</title><title lang="fr">${fr}</title>${extra}</programme>`;
const GRID = `<?xml version="1.0" encoding="UTF-8"?>
<tv>
  <channel id="2m-maroc"><display-name lang="fr">2M Maroc</display-name></channel>
  ${programme('20270314070000 +0100', '20270314080000 +0100', 'Matinale', 'الصباحية', '<desc lang="fr">Le réveil</desc><category lang="fr">magazine</category>')}
  ${programme('20270314200000 +0000', '20270314203000 +0000', 'Journal du soir', 'الأخبار المسائية', '<category lang="fr">information</category><category lang="en">live</category>')}
  ${programme('20270315003000 +0000', '20270315013000 +0000', 'Film de la nuit', 'فيلم الليل', '<category lang="fr">film</category>')}
</tv>`;
const exportDay = async () => {
  const res = await fetch(`${baseUrl}/guidetv.xml?from=${DAY}&to=${DAY}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('xml');
  return res.text();
};

describe('newsroom broadcast endpoints: authentication', () => {
  const endpoints: [string, string, { type: string; data: string }?][] = [
    ['POST', '/api/newsroom/grid', xml(GRID)],
    ['GET', '/api/newsroom/breaking/fr'],
    ['PUT', '/api/newsroom/breaking/fr', json({ items: [{ title: 'x', url: '/fr' }] })],
    ['DELETE', '/api/newsroom/breaking/fr'],
    ['GET', '/api/newsroom/live'],
    ['PUT', '/api/newsroom/live', json({ url: 'https://example.ma/x.m3u8' })],
    ['DELETE', '/api/newsroom/live'],
    ['POST', '/api/newsroom/videos', json({})],
  ];
  it('answers 401 without a token, with a wrong one and with a revoked one, and changes nothing', async () => {
    const before = await store.db.selectFrom('content_changes').select('id').execute();
    for (const [method, path, body] of endpoints) {
      for (const auth of [null, 'nr_wrong', revoked]) {
        const res = await call(method, path, body, auth);
        expect(res.status, `${method} ${path} with ${auth}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(res.body.header.status).toBe('ERROR');
      }
    }
    expect(await store.db.selectFrom('content_changes').select('id').execute()).toHaveLength(before.length);
  });
});

describe('newsroom grid (XMLTV)', () => {
  it('imports a day, shows it in the TV guide API and exports it in Casablanca time; the export imports back unchanged', async () => {
    const res = await call<{ days: string[]; programmes: number }>('POST', '/api/newsroom/grid', xml(GRID));
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ days: [DAY], programmes: 3 });

    const api = await fetch(`${baseUrl}/api/grille/list/per-day?day=${DAY}`, { headers: { locale: 'fr' } });
    expect(api.status).toBe(200);
    const day = (await api.json()) as { response: { entries?: { start: string; title: string; description: string; isLive: boolean }[] } };
    const entries = JSON.stringify(day.response);
    expect(entries).toContain('"start":"06:00"');
    expect(entries).toContain('Le réveil');

    const exported = await exportDay();
    expect(exported).toContain('start="20270314060000 +0000"');
    expect(exported).toContain('<title lang="ar">الأخبار المسائية</title>');
    expect(exported).toContain('<category lang="en">live</category>');
    const again = await call('POST', '/api/newsroom/grid', xml(exported));
    expect(again.status).toBe(200);
    expect(await exportDay()).toBe(exported);

    const audit = await store.db.selectFrom('newsroom_audit').selectAll().where('action', '=', 'grid.import').where('token_name', '=', `broadcast-${run}`).execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]).toMatchObject({ outcome: 200, item: `${DAY}..${DAY}` });
  });

  it('refuses overlapping programmes with 422 naming the programme, and the grid stays as it was', async () => {
    await call('POST', '/api/newsroom/grid', xml(GRID));
    const before = await exportDay();
    const overlapping = GRID.replace('20270314203000 +0000', '20270315010000 +0000');
    const res = await call('POST', '/api/newsroom/grid', xml(overlapping));
    expect(res.status).toBe(422);
    expect(res.body.header.status).toBe('ERROR');
    expect(res.body.header.errors?.['programme.3.start']?.[0]).toMatch(/programme 3 "Film de la nuit".*overlaps programme 2 \("Journal du soir"/);
    expect(await exportDay()).toBe(before);
  });

  it('refuses stop before start, unreadable times, unknown channel and missing title (422), other media types (415) and bad export ranges (400)', async () => {
    const before = await exportDay();
    const cases: [string, string][] = [
      [GRID.replace('stop="20270314080000 +0100"', 'stop="20270314050000 +0100"'), 'programme.1.stop'],
      [GRID.replace('20270314070000 +0100', '2027-03-14 07:00'), 'programme.1.start'],
      [GRID.replace('channel="2m-maroc"><title lang="ar">الصباحية', 'channel="tvm"><title lang="ar">الصباحية'), 'programme.1.channel'],
      [GRID.replace('<title lang="ar">فيلم الليل</title><title lang="fr">Film de la nuit</title>', ''), 'programme.3.title'],
      ['<tv><programme></tv>', 'document'],
    ];
    for (const [doc, field] of cases) {
      const res = await call('POST', '/api/newsroom/grid', xml(doc));
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.header.errors ?? {}), field).toContain(field);
    }
    expect((await call('POST', '/api/newsroom/grid', json({ tv: [] }))).status).toBe(415);
    expect(await exportDay()).toBe(before);
    expect((await fetch(`${baseUrl}/guidetv.xml?from=2027-02-30`)).status).toBe(400);
  });
});

interface Item {
  id: number;
  title: string;
  url: string;
  articleId: number | null;
  startsAt: string;
  endsAt: string | null;
}

/** Public answers are cached by the front server until the change feed reaches it (at most 5 s, ADR 010). */
const FRESH = { timeout: 5000, interval: 200 };

describe('newsroom breaking news', () => {
  it('sets, reorders and clears the French ticker; /api/getBreakingNews follows within the freshness delay (5 s)', async () => {
    const seeded = (await call<{ items: Item[] }>('GET', '/api/newsroom/breaking/fr')).body.response.items;
    try {
      const set = await call<{ items: Item[] }>('PUT', '/api/newsroom/breaking/fr', json({ items: [{ title: `Alerte A ${run}`, url: '/fr/live' }, { title: `Alerte B ${run}`, url: '/fr/guidetv' }] }));
      expect(set.status).toBe(200);
      const ticker = async () => {
        const res = await fetch(`${baseUrl}/api/getBreakingNews`, { headers: { locale: 'fr' }, cache: 'no-store' });
        return res.status === 204 ? [] : ((await res.json()) as { response: { news: { title: string }[] } }).response.news.map((n) => n.title);
      };
      await expect.poll(ticker, FRESH).toEqual([`Alerte A ${run}`, `Alerte B ${run}`]);
      const [a, b] = set.body.response.items;
      expect((await call('PUT', '/api/newsroom/breaking/fr', json({ items: [{ id: b!.id }, { id: a!.id }] }))).status).toBe(200);
      await expect.poll(ticker, FRESH).toEqual([`Alerte B ${run}`, `Alerte A ${run}`]);

      const bad = await call('PUT', '/api/newsroom/breaking/fr', json({ items: [{ title: 'sans lien' }, { id: 999999 }] }));
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.header.errors ?? {})).toContain('items.0.url');
      const unknown = await call('PUT', '/api/newsroom/breaking/fr', json({ items: [{ id: 999999 }] }));
      expect(unknown.status).toBe(422);
      expect(unknown.body.header.errors?.['items.0.id']).toBeDefined();
      expect((await call('PUT', '/api/newsroom/breaking/fr', { type: 'application/json', data: '{"items": [' })).status).toBe(400);
      expect((await call('GET', '/api/newsroom/breaking/en')).status).toBe(404);
      await expect.poll(ticker, FRESH).toEqual([`Alerte B ${run}`, `Alerte A ${run}`]);

      const cleared = await call<{ removed: number }>('DELETE', '/api/newsroom/breaking/fr');
      expect(cleared.body.response.removed).toBe(2);
      await expect.poll(ticker, FRESH).toEqual([]);
    } finally {
      // Put the seeded headlines back for the other tests.
      if (seeded.length) {
        const items = seeded.map((i) => ({ title: i.title, ...(i.url ? { url: i.url } : {}), ...(i.articleId ? { articleId: i.articleId } : {}), startsAt: i.startsAt, endsAt: i.endsAt }));
        expect((await call('PUT', '/api/newsroom/breaking/fr', json({ items }))).status).toBe(200);
      }
    }
  });
});

describe('newsroom live stream', () => {
  it('sets the stream and title (the live API follows within 5 s), refuses a bad URL, clears back to the built-in channel', async () => {
    const live = async () => ((await (await fetch(`${baseUrl}/api/getLiveSection`, { headers: { locale: 'fr' }, cache: 'no-store' })).json()) as { response: { news: { url: string[]; title: string } } }).response.news;
    // A stream on the test server's allowed media origin (MEDIA_ORIGINS); one elsewhere would be blocked by the CSP, so it is refused.
    const stream = `${cdnOrigin}/derby/index.m3u8`;
    const elsewhere = await call('PUT', '/api/newsroom/live', json({ url: 'https://events.example.ma/derby/index.m3u8', title: 'Ailleurs' }));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.header.errors?.url?.[0]).toContain('MEDIA_ORIGINS');
    const set = await call('PUT', '/api/newsroom/live', json({ url: stream, titles: { fr: 'Le derby en direct', ar: 'الديربي مباشرة' } }));
    expect(set.status).toBe(200);
    expect(set.body.response).toMatchObject({ source: 'newsroom', url: stream });
    await expect.poll(live, FRESH).toMatchObject({ title: 'Le derby en direct', url: [stream] });

    const bad = await call('PUT', '/api/newsroom/live', json({ url: 'javascript:alert(1)', colour: 'red' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.header.errors ?? {})).toEqual(expect.arrayContaining(['url']));
    await expect.poll(async () => (await live()).url[0], FRESH).toBe(stream);

    const cleared = await call('DELETE', '/api/newsroom/live');
    expect(cleared.status).toBe(200);
    expect(cleared.body.response).toMatchObject({ source: 'builtin', url: '/live/2m/index.m3u8', newsroom: null });
    await expect.poll(async () => (await live()).url[0], FRESH).toBe('/live/2m/index.m3u8');
  });
});

describe('newsroom replays', () => {
  it('creates a bulletin (201), updates it by uri (200), and its replay page shows it', async () => {
    const doc = {
      kind: 'jt',
      uri: `urn:2m:jt:fr:${run}`,
      edition: 'fr',
      title: { fr: `Journal test ${run}`, ar: `نشرة تجريبية ${run}` },
      description: { fr: 'Les titres du jour.' },
      video: { url: '/sample-media/vod/journal/index.m3u8', durationSeconds: 30, width: 960, height: 540 },
      poster: { url: '/sample-media/posters/journal.jpg', width: 1280, height: 720 },
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const created = await call<{ id: number; paths: { fr: string } }>('POST', '/api/newsroom/videos', json(doc));
    expect(created.status).toBe(201);
    const { id, paths } = created.body.response;
    expect(paths.fr).toBe(`/fr/replay/news/fr/${id}`);
    const updated = await call('POST', '/api/newsroom/videos', json({ ...doc, title: { fr: `Journal test ${run} (corrigé)`, ar: doc.title.ar } }));
    expect(updated.status).toBe(200);
    expect(updated.body.response).toMatchObject({ id, created: false });
    const page = await fetch(`${baseUrl}${paths.fr}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Journal test ${run} (corrigé)`);
    const detail = (await (await fetch(`${baseUrl}/api/watchJTDetail/${id}`, { headers: { locale: 'fr' } })).json()) as Envelope;
    expect(JSON.stringify(detail.response)).toContain('/sample-media/vod/journal/index.m3u8');
  });

  it('refuses a document with bad fields or an unknown programme (422), changing nothing', async () => {
    const before = await store.db.selectFrom('episodes').select('id').execute();
    const bad = await call('POST', '/api/newsroom/videos', json({ kind: 'episode', uri: `bad-${run}`, programme: 'no-such-programme', number: 1, title: { fr: 'x' }, video: { url: `${cdnOrigin}/x.m3u8`, durationSeconds: 10 } }));
    expect(bad.status).toBe(422);
    expect(bad.body.header.errors?.programme?.[0]).toContain('no programme');
    const malformed = await call('POST', '/api/newsroom/videos', json({ kind: 'podcast', uri: 'x' }));
    expect(malformed.status).toBe(422);
    expect(await store.db.selectFrom('episodes').select('id').execute()).toHaveLength(before.length);
  });
});
