/**
 * Play statistics (docs/product.md, Content "Video play event payload", Play logging):
 * the payload the client builds, the endpoint's validation and answers,
 * the batching queue, the rate limit, and "most viewed" following plays,
 * against a temporary store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import { normalizeSearchText } from '../../src/lib/normalize.ts';
import { mostViewedArticles } from '../../src/server/content/articles.ts';
import { parseTrackingBody, TRACKING_LIMITS } from '../../src/server/tracking/schema.ts';
import { QueueFullError, TrackingQueue } from '../../src/server/tracking/queue.ts';
import { storeLimiter } from '../../src/server/http/index.ts';
import { createTrackingHandler } from '../../src/server/tracking/handler.ts';
import { boundedUrl, buildPlayPayload, reportPlay, type PlayContext } from '../../src/islands/player/play-event.ts';
import { $userId, userId } from '../../src/stores/session.ts';
import { ANALYTICS_EVENT, type AnalyticsDetail } from '../../src/lib/analytics.ts';
import { silentLog } from '../../src/server/log.ts';
import { captureLog } from '../support/capture-log.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);
const NOW_S = NOW / 1000;

/** A payload exactly as docs/product.md, Content lists it. */
function payload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    connexionMode: 'visiteur',
    contentId: '42',
    videoFileURL: 'https://www.2m.ma/media/video/v42/index.m3u8',
    contentType: 'episode',
    eventId: 4,
    clickSource: 'web',
    userID: '1763803800000-a1b2c3d4',
    clickDate: NOW_S,
    pageURL: 'https://www.2m.ma/fr/replay/single/42',
    ...over,
  };
}

function errorsOf(body: unknown, now = NOW): Record<string, string[]> {
  const r = parseTrackingBody(body, now);
  if (r.ok) throw new Error('expected the body to be refused');
  return r.errors;
}

describe('play event schema', () => {
  it('accepts the exact payload the original site sends, video and live', () => {
    const video = parseTrackingBody(payload(), NOW);
    expect(video).toEqual({ ok: true, events: [{ kind: 'play', event: payload() }] });
    const live = payload({ contentId: 'live', contentType: 'live', eventId: 7, videoFileURL: '/live/index.m3u8', connexionMode: 'connecté', clickSource: 'resp' });
    expect(parseTrackingBody(live, NOW)).toEqual({ ok: true, events: [{ kind: 'play', event: live }] });
  });

  it('accepts "connecté" written decomposed, stored composed', () => {
    const r = parseTrackingBody(payload({ connexionMode: 'connecte\u0301' }), NOW);
    expect(r.ok && r.events[0]!.kind === 'play' && r.events[0]!.event.connexionMode).toBe('connecté');
  });

  it('reports each missing field as required', () => {
    for (const field of Object.keys(payload())) {
      const body = payload();
      delete body[field];
      expect(errorsOf(body)).toEqual({ [field]: ['champ obligatoire'] });
    }
  });

  it('refuses wrongly typed fields and unknown fields', () => {
    expect(Object.keys(errorsOf(payload({ contentId: 42 })))).toEqual(['contentId']);
    expect(Object.keys(errorsOf(payload({ eventId: '4' })))).toEqual(['eventId']);
    expect(Object.keys(errorsOf(payload({ clickDate: String(NOW_S) })))).toEqual(['clickDate']);
    expect(Object.keys(errorsOf(payload({ userID: null })))).toEqual(['userID']);
    expect(errorsOf(payload({ extra: 1 }))).toEqual({ extra: ['champ inconnu'] });
  });

  it('refuses values outside the documented ranges', () => {
    // 11 is the language switch's (a click): a play payload under it is refused.
    expect(parseTrackingBody(payload({ eventId: 11 }), NOW).ok).toBe(false);
    expect(errorsOf(payload({ eventId: 5 }))['eventId']).toBeDefined();
    expect(errorsOf(payload({ connexionMode: 'connected' }))['connexionMode']).toBeDefined();
    expect(errorsOf(payload({ clickSource: 'mobile' }))['clickSource']).toBeDefined();
    expect(errorsOf(payload({ contentType: 'podcast' }))['contentType']).toBeDefined();
    // Live is event 7 and only live is.
    expect(errorsOf(payload({ eventId: 7 }))['eventId']).toBeDefined();
    expect(errorsOf(payload({ contentType: 'live', contentId: 'live', eventId: 4 }))['eventId']).toBeDefined();
    // Catalogue items and articles are numeric ids.
    expect(errorsOf(payload({ contentId: 'abc' }))['contentId']).toBeDefined();
    expect(errorsOf(payload({ contentId: '' }))['contentId']).toBeDefined();
    expect(errorsOf(payload({ userID: 'x'.repeat(101) }))['userID']).toBeDefined();
    expect(errorsOf(payload({ userID: 'a b' }))['userID']).toBeDefined();
  });

  it('wants clickDate in whole Unix seconds within a sane window', () => {
    expect(errorsOf(payload({ clickDate: NOW }))['clickDate']).toEqual(['clickDate doit être en secondes Unix, pas en millisecondes']);
    expect(errorsOf(payload({ clickDate: NOW_S + 0.5 }))['clickDate']).toBeDefined();
    expect(errorsOf(payload({ clickDate: NOW_S + 2 * 86400 }))['clickDate']).toEqual(['clickDate est dans le futur']);
    expect(errorsOf(payload({ clickDate: NOW_S - 31 * 86400 }))['clickDate']).toEqual(['clickDate date de plus de 30 jours']);
    expect(parseTrackingBody(payload({ clickDate: NOW_S - 29 * 86400 }), NOW).ok).toBe(true);
    expect(parseTrackingBody(payload({ clickDate: NOW_S + 3600 }), NOW).ok).toBe(true);
  });

  it('parses URLs', () => {
    expect(errorsOf(payload({ pageURL: '/fr/replay' }))['pageURL']).toBeDefined();
    expect(errorsOf(payload({ pageURL: 'javascript:alert(1)' }))['pageURL']).toBeDefined();
    expect(errorsOf(payload({ videoFileURL: 'ftp://x/y.mp4' }))['videoFileURL']).toBeDefined();
    expect(errorsOf(payload({ videoFileURL: '//evil.example/v.mp4' }))['videoFileURL']).toBeDefined();
    expect(errorsOf(payload({ pageURL: `https://www.2m.ma/${'a'.repeat(2048)}` }))['pageURL']).toBeDefined();
    expect(parseTrackingBody(payload({ videoFileURL: '/media/video/v42/index.m3u8' }), NOW).ok).toBe(true);
  });

  it('takes a batch all or nothing, errors keyed by index', () => {
    const ok = parseTrackingBody([payload(), payload({ contentId: '43' })], NOW);
    expect(ok.ok && ok.events.length).toBe(2);
    expect(errorsOf([payload(), payload({ eventId: 9 })])).toEqual({ '1.eventId': ['eventId doit valoir 4 (vidéo) ou 7 (direct)'] });
    expect(errorsOf([])).toEqual({ body: [`un lot contient de 1 à ${TRACKING_LIMITS.batchEvents} événements`] });
    expect(errorsOf(Array.from({ length: TRACKING_LIMITS.batchEvents + 1 }, () => payload()))['body']).toBeDefined();
    expect(errorsOf('hello')).toEqual({ body: ['un événement doit être un objet JSON'] });
    expect(errorsOf(null)).toEqual({ body: ['un événement doit être un objet JSON'] });
  });
});

describe('client payload', () => {
  const ctx = (over: Partial<PlayContext> = {}): PlayContext => ({
    loggedIn: false,
    userId: '1763803800000-a1b2c3d4',
    innerWidth: 1280,
    pageURL: 'https://www.2m.ma/fr/replay/single/42',
    now: NOW + 999,
    ...over,
  });
  const info = { contentId: '42', videoFileURL: 'https://www.2m.ma/media/video/v42/index.m3u8', contentType: 'episode', live: false };

  it('builds exactly the documented fields, accepted by the endpoint schema', () => {
    const p = buildPlayPayload(info, ctx());
    expect(p).toEqual(payload());
    expect(parseTrackingBody(JSON.parse(JSON.stringify(p)), NOW).ok).toBe(true);
  });

  it('keeps over-long URLs within the bound the endpoint accepts', () => {
    const long = `https://www.2m.ma/fr/replay/single/42?utm=${'x'.repeat(3000)}#t=10`;
    expect(boundedUrl(long)).toBe('https://www.2m.ma/fr/replay/single/42');
    expect(boundedUrl(`https://www.2m.ma/${'a'.repeat(3000)}`)).toHaveLength(2048);
    const p = buildPlayPayload({ ...info, videoFileURL: `${info.videoFileURL}?token=${'t'.repeat(3000)}` }, ctx({ pageURL: long }));
    expect(parseTrackingBody(p, NOW).ok).toBe(true);
  });

  it('derives mode, event id, source and seconds', () => {
    expect(buildPlayPayload(info, ctx({ loggedIn: true })).connexionMode).toBe('connecté');
    expect(buildPlayPayload({ ...info, live: true, contentType: 'live', contentId: 'live' }, ctx()).eventId).toBe(7);
    expect(buildPlayPayload(info, ctx({ innerWidth: 767 })).clickSource).toBe('resp');
    expect(buildPlayPayload(info, ctx({ innerWidth: 768 })).clickSource).toBe('web');
    expect(buildPlayPayload(info, ctx()).clickDate).toBe(NOW_S);
  });
});

describe('reportPlay in a (stubbed) browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function browser(width: number) {
    // No visitor id yet (another file's test may have left one in the store).
    $userId.set(undefined);
    const win = Object.assign(new EventTarget(), { innerWidth: width, dataLayer: [] as unknown[] });
    vi.stubGlobal('window', win);
    vi.stubGlobal('location', { href: 'https://www.2m.ma/ar/replay/single/42' });
    const events: AnalyticsDetail[] = [];
    win.addEventListener(ANALYTICS_EVENT, (e) => events.push((e as CustomEvent<AnalyticsDetail>).detail));
    return { win, events };
  }

  it('beacons a JSON body and announces a ReadVideo event, with a stable visitor id', async () => {
    const { win, events } = browser(400);
    const sent: { url: string; blob: Blob }[] = [];
    vi.stubGlobal('navigator', { sendBeacon: (url: string, blob: Blob) => (sent.push({ url, blob }), true) });
    const info = { contentId: '42', videoFileURL: '/media/video/v42/index.m3u8', contentType: 'episode', live: false };
    reportPlay(info);
    reportPlay(info);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/tracking/clicks.php');
    expect(sent[0]!.blob.type).toBe('application/json');
    const body = JSON.parse(await sent[0]!.blob.text()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(payload()).sort());
    expect(body).toMatchObject({ connexionMode: 'visiteur', clickSource: 'resp', eventId: 4, pageURL: 'https://www.2m.ma/ar/replay/single/42' });
    expect(parseTrackingBody(body).ok).toBe(true);
    const second = JSON.parse(await sent[1]!.blob.text()) as Record<string, unknown>;
    expect(second['userID']).toBe(body['userID']);
    expect(String(body['userID'])).toMatch(/^\d{13}-[0-9a-f]{8}$/);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ eventId: 4, data: { ...body, event: 'ReadVideo' } });
    expect(win.dataLayer[0]).toMatchObject({ event: 'ReadVideo', eventId: 4, contentId: '42' });
  });

  it('replaces a stored id the endpoint would refuse', () => {
    browser(1280);
    $userId.set('not a valid id!');
    const id = userId();
    expect(id).toMatch(/^\d{13}-[0-9a-f]{8}$/);
    expect($userId.get()).toBe(id);
    expect(userId()).toBe(id);
  });

  it('falls back to fetch with keepalive, and never throws', async () => {
    browser(1280);
    const calls: RequestInit[] = [];
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('refused');
      },
    });
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      calls.push(init);
      return Promise.reject(new TypeError('offline'));
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => reportPlay({ contentId: 'live', videoFileURL: '/live/index.m3u8', contentType: 'live', live: true })).not.toThrow();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', keepalive: true });
    expect(new Headers(calls[0]!.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.body))).toMatchObject({ eventId: 7, clickSource: 'web', contentType: 'live' });
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalled();
  });

  it('does nothing on the server', () => {
    expect(() => reportPlay({ contentId: '1', videoFileURL: '/v.mp4', contentType: 'episode', live: false })).not.toThrow();
  });
});

/* ---- against a temporary store ---- */

let dataDir = '';
let db: DB;
const articleIds: number[] = [];

function article(slug: string, views: number, hoursAgo: number): NewRow<'articles'> {
  const at = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
  return {
    lang: 'fr',
    translation_key: slug,
    slug,
    title: slug,
    subtitle: '',
    body_html: '<p>x</p>',
    status: 'published',
    published_at: at,
    updated_at: at,
    view_count: views,
    search_text: normalizeSearchText(slug),
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tracking-'));
  ({ db } = await openStore({ dataDir }));
  // Three recent articles close in views, one outside the 30-day window.
  for (const [slug, views, hours] of [
    ['alpha', 120, 10],
    ['beta', 118, 20],
    ['gamma', 100, 30],
    ['old', 5000, 24 * 40],
  ] as const) {
    const r = await db.insertInto('articles').values(article(slug, views, hours)).returning('id').executeTakeFirstOrThrow();
    articleIds.push(Number(r.id));
  }
});

afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const play = (contentId: number | string, userID: string, over: Record<string, unknown> = {}) => {
  const r = parseTrackingBody(
    payload({ contentType: 'article', contentId: String(contentId), userID, clickDate: Math.floor(Date.now() / 1000), ...over }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.events;
};

const countRows = async () => Number((await db.selectFrom('play_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('group commit queue', () => {
  it('resolves once the events are in the store, with exactly the documented fields', async () => {
    const before = await countRows();
    const q = new TrackingQueue({ db: async () => db });
    const a = q.enqueue(play(articleIds[2]!, 'q-1'));
    const b = q.enqueue(play(articleIds[2]!, 'q-2', { connexionMode: 'connecté', clickSource: 'resp' }));
    expect(q.size).toBe(2);
    expect(await countRows()).toBe(before);
    await Promise.all([a, b]);
    expect(await countRows()).toBe(before + 2);
    expect(q.size).toBe(0);
    const row = await db.selectFrom('play_events').selectAll().where('user_id', '=', 'q-2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      connexion_mode: 'connecté',
      content_id: String(articleIds[2]),
      video_file_url: 'https://www.2m.ma/media/video/v42/index.m3u8',
      content_type: 'article',
      event_id: 4,
      click_source: 'resp',
      user_id: 'q-2',
      page_url: 'https://www.2m.ma/fr/replay/single/42',
    });
    expect(Number.isInteger(row.click_date)).toBe(true);
    expect(Math.abs(row.click_date - Date.now() / 1000)).toBeLessThan(60);
  });

  it('commits concurrent events together: 200 parallel events in a few transactions, each acknowledged after its commit', async () => {
    const before = await countRows();
    // The queue asks for the store once per write (one transaction each).
    let transactions = 0;
    const q = new TrackingQueue({
      db: async () => {
        transactions += 1;
        return db;
      },
    });
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, i) => q.enqueue(play(articleIds[2]!, `burst-${i}`)).then(async () => countRows())),
    );
    expect(await countRows()).toBe(before + 200);
    // Every acknowledgement saw its own event in the store already.
    expect(Math.min(...acks)).toBeGreaterThan(before);
    expect(transactions).toBeLessThanOrEqual(3);
  });

  it('rejects every event of a failed write (nothing acknowledged, nothing kept), then writes again once the store is back', async () => {
    const before = await countRows();
    let fail = true;
    const captured = captureLog();
    const q = new TrackingQueue({
      db: async () => {
        if (fail) throw new Error('store down');
        return db;
      },
      log: captured.log,
    });
    await expect(q.enqueue(play(articleIds[2]!, 'retry-1'))).rejects.toThrow('store down');
    expect(captured.records.filter((r) => r.level === 50)).toHaveLength(1);
    expect(q.size).toBe(0);
    fail = false;
    await q.enqueue(play(articleIds[2]!, 'retry-1'));
    expect(await countRows()).toBe(before + 1);
  });

  it('refuses at once past maxPending waiting events', async () => {
    const q = new TrackingQueue({ db: async () => db, maxPending: 3 });
    const accepted = [0, 1, 2].map((i) => q.enqueue(play(articleIds[2]!, `full-${i}`)));
    await expect(q.enqueue(play(articleIds[2]!, 'full-3'))).rejects.toBeInstanceOf(QueueFullError);
    await Promise.all(accepted);
  });
});

describe('most viewed follows plays', () => {
  const order = async () => (await mostViewedArticles(db, 'fr', 10, 30)).map((a) => a.slug);
  const views = async (id: number) =>
    (await db.selectFrom('articles').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;

  it('moves an article up after real plays; one visitor counts once per half hour', async () => {
    const [alpha, beta] = articleIds as [number, number];
    const first = await order();
    expect(first.indexOf('beta')).toBeGreaterThan(first.indexOf('alpha'));
    expect(first).not.toContain('old');

    const q = new TrackingQueue({ db: async () => db });
    // One visitor replaying beta five times: the events are stored, the count moves by one.
    const rowsBefore = await countRows();
    const betaViews = await views(beta);
    for (let i = 0; i < 5; i++) void q.enqueue(play(beta, 'same-visitor'));
    await q.flush();
    expect(await countRows()).toBe(rowsBefore + 5);
    expect(await views(beta)).toBe(betaViews + 1);
    expect(await order()).toEqual(first);

    // Three different visitors: beta passes alpha.
    for (const u of ['v1', 'v2', 'v3']) void q.enqueue(play(beta, u));
    // A live play counts for no article.
    void q.enqueue(play('live', 'v1', { contentType: 'live', eventId: 7 }));
    await q.flush();
    expect(await views(beta)).toBe(betaViews + 4);
    expect(await views(alpha)).toBe(120);
    const after = await order();
    expect(after.indexOf('beta')).toBeLessThan(after.indexOf('alpha'));
  });
});

describe('endpoint handler', () => {
  function handler(perMinute = 60) {
    const queue = new TrackingQueue({ db: async () => db });
    const limiter = storeLimiter(async () => db, { name: `tracking-${Math.random()}`, points: perMinute, durationSec: 60 });
    return { queue, handle: createTrackingHandler({ queue, limiter, proxyTrust: 0 }) };
  }
  const post = (body: string, type = 'application/json', headers: Record<string, string> = {}) =>
    new Request('http://localhost/tracking/clicks.php', { method: 'POST', body, headers: { 'content-type': type, ...headers } });
  const fresh = () => payload({ clickDate: Math.floor(Date.now() / 1000) });

  it('answers 204 once a valid event is stored (JSON or text/plain, single or batch)', async () => {
    const { handle } = handler();
    const before = await countRows();
    const res = await handle(post(JSON.stringify(fresh())), '1.2.3.4');
    expect(await countRows()).toBe(before + 1);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await handle(post(JSON.stringify(fresh()), 'text/plain;charset=UTF-8'), '1.2.3.4')).status).toBe(204);
    expect((await handle(post(JSON.stringify([fresh(), fresh()])), '1.2.3.4')).status).toBe(204);
    expect(await countRows()).toBe(before + 4);
  });

  it('answers 503 (never 204) when the store cannot write', async () => {
    const queue = new TrackingQueue({ db: async () => { throw new Error('SQLITE_READONLY'); }, log: silentLog });
    const limiter = storeLimiter(async () => db, { name: 'tracking-ro', points: 60, durationSec: 60 });
    const handle = createTrackingHandler({ queue, limiter, proxyTrust: 0 });
    const res = await handle(post(JSON.stringify(fresh()), 'application/json', { locale: 'fr' }), '1.2.3.4');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { header: { message: string } }).header.message).toMatch(/réessayez/);
  });

  it('answers 422 with per-field errors in the envelope and queues nothing', async () => {
    const { queue, handle } = handler();
    const res = await handle(post(JSON.stringify({ ...fresh(), eventId: 5, clickDate: Date.now() }), 'application/json', { locale: 'fr' }), '1.2.3.4');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { header: { status: string; code: number; message: string; errors: Record<string, string[]> }; response: null };
    expect(body.header).toMatchObject({ status: 'ERROR', code: 422, message: 'Certains champs sont invalides.' });
    expect(Object.keys(body.header.errors).sort()).toEqual(['clickDate', 'eventId']);
    expect(body.response).toBeNull();
    expect(body.header.errors['eventId']).toEqual(['eventId doit valoir 4 (vidéo) ou 7 (direct)']);
    // In the visitor's language, from the message catalogue: Arabic without a locale.
    const bad = await handle(post('{not json'), '1.2.3.4');
    expect(bad.status).toBe(422);
    const badBody = (await bad.json()) as { header: { errors: Record<string, string[]> } };
    expect(badBody.header.errors).toEqual({ body: ['يجب أن يكون متن الطلب بصيغة JSON: كائن حدث واحد أو مصفوفة من الأحداث'] });
    const ar = await handle(post(JSON.stringify({ ...fresh(), clickSource: 'mobile' })), '1.2.3.4');
    expect(((await ar.json()) as { header: { errors: Record<string, string[]> } }).header.errors).toEqual({
      clickSource: ['يجب أن تكون قيمة clickSource إحدى القيم التالية: resp، web'],
    });
    expect(queue.size).toBe(0);
  });

  it('answers 415, 413 and 405', async () => {
    const { queue, handle } = handler();
    expect((await handle(post('a=1', 'application/x-www-form-urlencoded'), '1.2.3.4')).status).toBe(415);
    expect((await handle(post(JSON.stringify(fresh()), ''), '1.2.3.4')).status).toBe(415);
    const big = JSON.stringify({ ...fresh(), pad: 'x'.repeat(TRACKING_LIMITS.bodyBytes) });
    const tooBig = await handle(post(big), '1.2.3.4');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { header: { code: number } }).header.code).toBe(413);
    const get = await handle(new Request('http://localhost/tracking/clicks.php'), '1.2.3.4');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(queue.size).toBe(0);
  });

  it('answers 429 with Retry-After past the per-address rate', async () => {
    const { queue, handle } = handler(3);
    for (let i = 0; i < 3; i++) expect((await handle(post(JSON.stringify(fresh())), '9.9.9.9')).status).toBe(204);
    const res = await handle(post(JSON.stringify(fresh())), '9.9.9.9');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { header: { code: number } }).header.code).toBe(429);
    expect((await handle(post(JSON.stringify(fresh())), '8.8.8.8')).status).toBe(204);
    expect(queue.size).toBe(0);
  });
});
