/**
 * Click events (docs/product.md, Play logging): the endpoint's click schema (and that
 * plays are read as before), the queue writing clicks to click_events in the
 * same batches and with the same retry as plays, the handler, and the
 * browser side (payload, batching, beacons on pagehide) with stubbed
 * browser objects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { captureLog } from '../support/capture-log.ts';
import { isClickShaped, parseTrackingBody, TRACKING_LIMITS } from '../../src/server/tracking/schema.ts';
import { TrackingQueue } from '../../src/server/tracking/queue.ts';
import { storeLimiter } from '../../src/server/http/index.ts';
import { createTrackingHandler } from '../../src/server/tracking/handler.ts';
import { ANALYTICS_EVENT, AnalyticsEvents, CLICK_EVENT_IDS, CLICK_TRACK_NAMES, ClickEvents, type AnalyticsDetail } from '../../src/lib/analytics.ts';
import {
  CLICK_BATCH_DELAY_MS,
  CLICK_BATCH_MAX,
  CLICK_REQUEST_MAX_BYTES,
  ClickBatcher,
  clickLabel,
  clickPayload,
  clickTarget,
  installClickTracking,
  requestBodies,
  type ClickEventPayload,
} from '../../src/lib/click-tracking.ts';
import { $userId } from '../../src/stores/session.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);
const NOW_S = NOW / 1000;

function click(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventId: 20,
    target: '/fr/economie/un-article',
    label: 'Un titre urgent',
    pageURL: 'https://www.2m.ma/fr',
    clickDate: NOW_S,
    userID: '1763803800000-a1b2c3d4',
    ...over,
  };
}

function play(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    connexionMode: 'visiteur',
    contentId: '42',
    videoFileURL: '/media/video/v42/index.m3u8',
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

describe('click event ids', () => {
  it('are distinct from the play ids, the language switch keeps its own (11), and each data-track name has one', () => {
    expect(CLICK_EVENT_IDS).not.toContain(AnalyticsEvents.videoPlay);
    expect(CLICK_EVENT_IDS).not.toContain(AnalyticsEvents.livePlay);
    expect(CLICK_TRACK_NAMES.language).toBe(AnalyticsEvents.languageSwitch);
    expect(new Set(CLICK_EVENT_IDS).size).toBe(CLICK_EVENT_IDS.length);
    expect(CLICK_TRACK_NAMES['breaking-news']).toBe(ClickEvents.breakingNews);
    expect(new Set(Object.values(CLICK_TRACK_NAMES))).toEqual(new Set(CLICK_EVENT_IDS));
  });
});

describe('click event schema', () => {
  it('accepts a click with a path or an absolute target, and an empty label', () => {
    expect(parseTrackingBody(click(), NOW)).toEqual({ ok: true, events: [{ kind: 'click', event: click() }] });
    for (const target of ['https://www.2m.ma/fr', 'http://radio2m.ma/live', '/fr/search?q=maroc#r']) {
      expect(parseTrackingBody(click({ target }), NOW).ok).toBe(true);
    }
    expect(parseTrackingBody(click({ label: '' }), NOW).ok).toBe(true);
    for (const eventId of CLICK_EVENT_IDS) expect(parseTrackingBody(click({ eventId }), NOW).ok).toBe(true);
  });

  it('reports each missing field as required', () => {
    for (const field of Object.keys(click())) {
      const body = click();
      delete body[field];
      expect(errorsOf(body), field).toEqual({ [field]: ['champ obligatoire'] });
    }
  });

  it('refuses bad targets, labels, dates, ids and unknown fields', () => {
    for (const target of ['javascript:alert(1)', '//evil.example/x', 'fr/relative', 'mailto:a@b.c', '', `/${'a'.repeat(2048)}`]) {
      expect(errorsOf(click({ target }))['target'], target).toBeDefined();
    }
    expect(errorsOf(click({ label: 'x'.repeat(TRACKING_LIMITS.labelChars + 1) }))['label']).toBeDefined();
    expect(errorsOf(click({ label: 'a\u0000b' }))['label']).toEqual(['label ne doit pas contenir de caractères de contrôle']);
    expect(errorsOf(click({ label: 3 }))['label']).toBeDefined();
    expect(errorsOf(click({ clickDate: NOW }))['clickDate']).toEqual(['clickDate doit être en secondes Unix, pas en millisecondes']);
    expect(errorsOf(click({ clickDate: NOW_S - 31 * 86400 }))['clickDate']).toEqual(['clickDate date de plus de 30 jours']);
    expect(errorsOf(click({ pageURL: '/fr' }))['pageURL']).toBeDefined();
    expect(errorsOf(click({ userID: 'a b' }))['userID']).toBeDefined();
    expect(errorsOf(click({ connexionMode: 'visiteur' }))).toEqual({ connexionMode: ['champ inconnu'] });
    // An unknown id with a target is read as a click: the error names the click ids.
    expect(errorsOf(click({ eventId: 99 }))['eventId']![0]).toBe(`eventId doit valoir l’une de ces valeurs\u202f: ${CLICK_EVENT_IDS.join(', ')}`);
    expect(errorsOf(click({ eventId: '20' }))['eventId']).toBeDefined();
  });

  it('tells clicks from plays; plays are checked exactly as before', () => {
    expect(isClickShaped(click())).toBe(true);
    expect(isClickShaped(play())).toBe(false);
    // A play id with a stray target stays a play (the target is an unknown field).
    expect(isClickShaped(play({ target: '/x' }))).toBe(false);
    expect(errorsOf(play({ target: '/x' }))).toEqual({ target: ['champ inconnu'] });
    // An unknown id without a target is refused as a play, as before clicks existed.
    expect(errorsOf(play({ eventId: 9 }))).toEqual({ eventId: ['eventId doit valoir 4 (vidéo) ou 7 (direct)'] });
    // A play id on a click body: a play with missing fields.
    expect(Object.keys(errorsOf(click({ eventId: 4 })))).toContain('connexionMode');
  });

  it('takes a mixed batch all or nothing', () => {
    const ok = parseTrackingBody([click(), play(), click({ eventId: 21, target: '/fr/live' })], NOW);
    expect(ok.ok && ok.events.map((e) => e.kind)).toEqual(['click', 'play', 'click']);
    expect(errorsOf([play(), click({ target: 'javascript:x' })])).toEqual({
      '1.target': ['target doit être une URL absolue en http(s) ou un chemin commençant par «\u202f/\u202f»'],
    });
  });
});

/* ---- the store ---- */

let dataDir = '';
let db: DB;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clicks-'));
  ({ db } = await openStore({ dataDir }));
});

afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const fresh = (over: Record<string, unknown> = {}) => click({ clickDate: Math.floor(Date.now() / 1000), ...over });
const parsed = (body: unknown) => {
  const r = parseTrackingBody(body);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.events;
};
// Portable (SQLite and PostgreSQL): the payload is JSON text; the user's rows, then filtered exactly.
const clickRows = async (userID: string) =>
  (
    await db
      .selectFrom('click_events')
      .selectAll()
      .where('payload', 'like', `%${JSON.stringify(userID)}%`)
      .orderBy('id')
      .execute()
  ).filter((r) => (JSON.parse(r.payload) as { userID?: string }).userID === userID);
const playCount = async () => Number((await db.selectFrom('play_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('queue: clicks in click_events', () => {
  it('writes clicks (event id + the validated event as JSON) with plays, in one batch', async () => {
    const plays = await playCount();
    const q = new TrackingQueue({ db: async () => db });
    const a = q.enqueue(parsed([fresh({ userID: 'c-1' }), fresh({ userID: 'c-1', eventId: 21, target: 'https://www.2m.ma/fr/live', label: '' })]));
    const b = q.enqueue(parsed(play({ clickDate: Math.floor(Date.now() / 1000), contentType: 'live', contentId: 'live', eventId: 7 })));
    expect(q.size).toBe(3);
    await Promise.all([a, b]);
    expect(q.size).toBe(0);
    const rows = await clickRows('c-1');
    expect(rows.map((r) => r.event_id)).toEqual([20, 21]);
    expect(JSON.parse(rows[0]!.payload)).toEqual(fresh({ userID: 'c-1', clickDate: JSON.parse(rows[0]!.payload).clickDate }));
    expect(JSON.parse(rows[1]!.payload)).toMatchObject({ eventId: 21, target: 'https://www.2m.ma/fr/live', label: '' });
    expect(rows[0]!.created_at).toBeTruthy();
    expect(await playCount()).toBe(plays + 1);
  });

  it('a failed write rejects its clicks (the endpoint answers 503); they are written when sent again', async () => {
    let fail = true;
    const captured = captureLog();
    const q = new TrackingQueue({
      db: async () => {
        if (fail) throw new Error('store down');
        return db;
      },
      log: captured.log,
    });
    await expect(q.enqueue(parsed(fresh({ userID: 'c-retry', label: 'premier' })))).rejects.toThrow('store down');
    expect(captured.records.filter((r) => r.level === 50)).toHaveLength(1);
    expect(q.size).toBe(0);
    fail = false;
    await q.enqueue(parsed(fresh({ userID: 'c-retry', label: 'premier' })));
    await q.enqueue(parsed(fresh({ userID: 'c-retry', label: 'second' })));
    expect((await clickRows('c-retry')).map((r) => JSON.parse(r.payload).label)).toEqual(['premier', 'second']);
  });

  it('the endpoint answers 204 for a click batch and 422 per field for a bad one', async () => {
    const queue = new TrackingQueue({ db: async () => db });
    const handle = createTrackingHandler({ queue, limiter: storeLimiter(async () => db, { name: 'tracking', points: 60, durationSec: 60 }), proxyTrust: 0 });
    const post = (body: unknown) =>
      handle(new Request('http://localhost/tracking/clicks.php', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8', locale: 'fr' } }), '1.2.3.4');
    const ok = await post([fresh({ userID: 'c-http' }), fresh({ userID: 'c-http', eventId: 23 })]);
    expect(ok.status).toBe(204);
    const bad = await post(fresh({ target: 'javascript:alert(1)', label: 'x'.repeat(500) }));
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { header: { errors: Record<string, string[]> } };
    expect(Object.keys(body.header.errors).sort()).toEqual(['label', 'target']);
    expect(await clickRows('c-http')).toHaveLength(2);
  });
});

/* ---- the browser side ---- */

/** A minimal element: enough of the DOM for clickPayload. */
class FakeElement {
  parent: FakeElement | null = null;
  readonly tag: string;
  readonly attrs: Record<string, string>;
  readonly text: string;
  constructor(tag: string, attrs: Record<string, string> = {}, text = '') {
    this.tag = tag;
    this.attrs = attrs;
    this.text = text;
  }
  append(child: FakeElement): FakeElement {
    child.parent = this;
    return child;
  }
  get dataset(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.attrs)) {
      if (k.startsWith('data-')) out[k.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
    }
    return out;
  }
  get textContent(): string {
    return this.text;
  }
  getAttribute(name: string): string | null {
    return this.attrs[name] ?? null;
  }
  contains(other: FakeElement): boolean {
    for (let n: FakeElement | null = other; n; n = n.parent) if (n === this) return true;
    return false;
  }
  private matches(selector: string): boolean {
    return selector.split(',').some((sel) => {
      const m = /^\s*([a-z]*)(?:\[([a-z-]+)\])?\s*$/.exec(sel)!;
      return (!m[1] || m[1] === this.tag) && (!m[2] || m[2] in this.attrs);
    });
  }
  closest(selector: string): FakeElement | null {
    if (this.matches(selector)) return this;
    return this.parent ? this.parent.closest(selector) : null;
  }
}

const ctx = { pageURL: 'https://www.2m.ma/fr', origin: 'https://www.2m.ma', userId: 'visitor-1', now: NOW + 999 };
const asEl = (e: FakeElement) => e as unknown as Element;

describe('click payload', () => {
  it('writes this site’s links as paths and others as absolute URLs; skips what is no http(s) link', () => {
    expect(clickTarget('https://www.2m.ma/fr/sport/x?a=1#b', ctx.origin)).toBe('/fr/sport/x?a=1#b');
    expect(clickTarget('/fr/live', ctx.origin)).toBe('/fr/live');
    expect(clickTarget('https://radio2m.ma/', ctx.origin)).toBe('https://radio2m.ma/');
    expect(clickTarget('mailto:x@y.z', ctx.origin)).toBeNull();
    expect(clickTarget('javascript:void(0)', ctx.origin)).toBeNull();
    expect(clickTarget(`/fr/${'a'.repeat(3000)}?q=1`, ctx.origin)).toHaveLength(2048);
  });

  it('collapses whitespace and cuts labels at 200 characters', () => {
    expect(clickLabel('  Un\n\t titre  ')).toBe('Un titre');
    expect(clickLabel('x'.repeat(300))).toHaveLength(200);
    expect(clickLabel(null)).toBe('');
  });

  it('reports a click inside a data-track element with the exact fields, accepted by the endpoint', () => {
    const li = new FakeElement('li');
    const link = li.append(new FakeElement('a', { href: '/fr/economie/un-article', 'data-track': 'breaking-news' }, ' Un titre urgent '));
    const span = link.append(new FakeElement('span', {}, 'Un titre'));
    const p = clickPayload(asEl(span), ctx)!;
    expect(p).toEqual(click({ pageURL: 'https://www.2m.ma/fr', userID: 'visitor-1', clickDate: NOW_S }));
    expect(parseTrackingBody(JSON.parse(JSON.stringify(p)), NOW).ok).toBe(true);
  });

  it('a marked region reports the link clicked inside it; labels and targets may be given', () => {
    const region = new FakeElement('div', { 'data-track': 'secondary-nav' });
    const link = region.append(new FakeElement('a', { href: 'https://www.2m.ma/fr/live', 'aria-label': 'Direct' }, 'icon'));
    expect(clickPayload(asEl(link), ctx)).toMatchObject({ eventId: ClickEvents.secondaryNav, target: '/fr/live', label: 'Direct' });
    const button = new FakeElement('button', { 'data-track': 'ad', 'data-track-target': 'https://annonceur.ma/', 'data-track-label': 'Bannière' }, 'x');
    expect(clickPayload(asEl(button), ctx)).toMatchObject({ eventId: ClickEvents.ad, target: 'https://annonceur.ma/', label: 'Bannière' });
  });

  it('ignores unmarked elements, unknown names and links to nowhere', () => {
    expect(clickPayload(asEl(new FakeElement('a', { href: '/fr' })), ctx)).toBeNull();
    expect(clickPayload(asEl(new FakeElement('a', { href: '/fr', 'data-track': 'nope' })), ctx)).toBeNull();
    expect(clickPayload(asEl(new FakeElement('a', { href: 'mailto:x@y.z', 'data-track': 'footer' })), ctx)).toBeNull();
    expect(clickPayload(asEl(new FakeElement('button', { 'data-track': 'footer' })), ctx)).toBeNull();
  });
});

const event = (i: number, over: Partial<ClickEventPayload> = {}): ClickEventPayload => ({
  eventId: 20,
  target: `/fr/article-${i}`,
  label: `Titre ${i}`,
  pageURL: 'https://www.2m.ma/fr',
  clickDate: NOW_S,
  userID: 'visitor-1',
  ...over,
});

describe('browser batching', () => {
  it('sends 10 events at once, fewer after 2 s, each body accepted by the endpoint', () => {
    const sent: string[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const b = new ClickBatcher({ send: (body) => sent.push(body), setTimer: (fn, ms) => timers.push({ fn, ms }), clearTimer: () => {} });
    for (let i = 0; i < CLICK_BATCH_MAX; i++) b.add(event(i));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toHaveLength(10);
    expect(parseTrackingBody(JSON.parse(sent[0]!), NOW).ok).toBe(true);
    b.add(event(11));
    expect(sent).toHaveLength(1);
    expect(timers.at(-1)!.ms).toBe(CLICK_BATCH_DELAY_MS);
    timers.at(-1)!.fn();
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!)).toEqual([event(11)]);
    b.flush();
    expect(sent).toHaveLength(2);
  });

  it('splits a batch so that each request stays under the size limit', () => {
    const big = Array.from({ length: 10 }, (_, i) => event(i, { target: `/fr/${String(i).repeat(1500)}`, pageURL: `https://www.2m.ma/fr/${'p'.repeat(1500)}` }));
    const bodies = requestBodies(big);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(CLICK_REQUEST_MAX_BYTES);
      expect(body.length).toBeLessThan(TRACKING_LIMITS.bodyBytes);
      expect(parseTrackingBody(JSON.parse(body), NOW).ok).toBe(true);
    }
    expect(bodies.flatMap((b) => JSON.parse(b) as unknown[])).toHaveLength(10);
  });
});

describe('installClickTracking in a (stubbed) browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('installs once, when idle; records marked clicks; beacons them on pagehide; never blocks', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const win = Object.assign(new EventTarget(), {
      dataLayer: [] as unknown[],
      requestIdleCallback: (fn: () => void) => setTimeout(fn, 0),
    });
    const beacons: { url: string; body: string }[] = [];
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { href: 'https://www.2m.ma/fr', origin: 'https://www.2m.ma' });
    $userId.set('visitor-7');
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, blob: Blob) => {
        void blob.text().then((body) => beacons.push({ url, body }));
        return true;
      },
    });
    const analytics: AnalyticsDetail[] = [];
    win.addEventListener(ANALYTICS_EVENT, (e) => analytics.push((e as CustomEvent<AnalyticsDetail>).detail));

    const batcher = installClickTracking(new ClickBatcher({ delayMs: 60_000 }))!;
    expect(installClickTracking()).toBe(batcher);
    await new Promise((r) => setTimeout(r, 5));

    const link = new FakeElement('a', { href: '/fr/sport/x', 'data-track': 'breaking-news' }, 'Titre');
    const clickOn = (target: FakeElement, button = 0, type = 'click') => {
      const e = new Event(type, { cancelable: true });
      Object.defineProperties(e, { target: { value: target }, button: { value: button } });
      doc.dispatchEvent(e);
      return e;
    };
    const e = clickOn(link);
    expect(e.defaultPrevented).toBe(false);
    clickOn(link, 1, 'auxclick');
    clickOn(link, 2, 'auxclick');
    clickOn(new FakeElement('a', { href: '/fr' }));
    expect(batcher.size).toBe(2);
    expect(analytics.map((a) => [a.eventId, a.data['event']])).toEqual([
      [20, 'Click'],
      [20, 'Click'],
    ]);

    win.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]!.url).toBe('/tracking/clicks.php');
    const sent = JSON.parse(beacons[0]!.body) as Record<string, unknown>[];
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ eventId: 20, target: '/fr/sport/x', label: 'Titre', pageURL: 'https://www.2m.ma/fr', userID: 'visitor-7' });
    expect(parseTrackingBody(sent).ok).toBe(true);

    // Hidden tab: what waits goes at once too.
    clickOn(link);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
  });
});
