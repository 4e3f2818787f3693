/**
 * A language's front page over real HTTP (ADR 040, docs/newsroom.md "Front
 * page", docs/desk.md "Front page"):
 *
 *  - through the newsroom API: GET with its ETag; PUT of three Arabic
 *    stories in a new order, leading /ar in that order within 5 s (and the
 *    lite home); a stale If-Match → 412; a French story in the Arabic list
 *    and an unknown uri → 422 per field, and nothing changes;
 *  - through the desk API: a journalist gets 403; an editor pins (a story of
 *    the other language refused with its message), publishes, schedules and
 *    restores; each action is in the audit log; the preview renders the
 *    working copy through the home page's own components.
 * The Arabic front page is put back as it was at the end.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApiClient, type DeskSession, type Envelope } from '../support/desk-api.ts';
import { createToken } from '../../src/server/newsroom/auth.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = Date.now().toString(36);
const { desk, person, signIn } = deskApiClient(baseUrl, store, run);
let token = '';

interface Home {
  lang: string;
  version: number | null;
  slider: number[];
  une: { title: string | null; masterTag: string | null; items: number[] }[];
  hot: number[];
  stories: Record<string, { id: number; title: string; state: string; path: string | null }>;
  scheduled: { version: number; effectiveAt: string }[];
}

async function call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, locale: 'fr', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as Envelope<T> };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The slider's part of a home page's HTML. */
async function sliderHtml(path: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const start = html.indexOf('class="slider"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start));
}

/** Whether the titles appear in this order in the text. */
const inOrder = (text: string, titles: string[]) => {
  const at = titles.map((t) => text.indexOf(escapeHtml(t)));
  return at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!);
};

let original: Home;
let arabic: { id: number; title: string }[] = [];
let french: { id: number; title: string } | undefined;

beforeAll(async () => {
  token = await createToken(store.db, `front-test-${run}`);
  original = (await call<Home>('GET', '/api/newsroom/home/ar')).body.response;
  const now = new Date().toISOString();
  const placed = new Set([...original.slider, ...original.une.flatMap((b) => b.items), ...original.hot]);
  arabic = (
    await store.db.selectFrom('articles').select(['id', 'title']).where('lang', '=', 'ar').where('status', '=', 'published').where('published_at', '<=', now).orderBy('published_at', 'desc').limit(60).execute()
  )
    .filter((a) => !placed.has(a.id))
    .slice(10, 13);
  french = await store.db.selectFrom('articles').select(['id', 'title']).where('lang', '=', 'fr').where('status', '=', 'published').where('published_at', '<=', now).executeTakeFirst();
  expect(arabic).toHaveLength(3);
});

afterAll(async () => {
  // The Arabic front page as it was (a new version with the first one's layout).
  if (original) await call('PUT', '/api/newsroom/home/ar', { slider: original.slider, une: original.une, hot: original.hot });
});

describe('the front page through the newsroom API', () => {
  it('GET answers the live layout with an ETag; no token → 401; another language → 404', async () => {
    const got = await call<Home>('GET', '/api/newsroom/home/ar');
    expect(got.status).toBe(200);
    expect(got.etag).toMatch(/^"home-ar-\d+"$/);
    expect(got.body.response.slider.length).toBeGreaterThan(0);
    for (const id of got.body.response.slider) expect(got.body.response.stories[String(id)]?.state).toBe('published');
    expect((await fetch(`${baseUrl}/api/newsroom/home/ar`)).status).toBe(401);
    expect((await call('GET', '/api/newsroom/home/en')).status).toBe(404);
  });

  it('PUT of three stories in a new order: /ar and its lite home show them leading, in that order, within 5 s', async () => {
    const before = await call<Home>('GET', '/api/newsroom/home/ar');
    const order = [arabic[2]!, arabic[0]!, arabic[1]!];
    const started = performance.now();
    const { une, hot } = before.body.response;
    const put = await call<Home>('PUT', '/api/newsroom/home/ar', { slider: order.map((a) => a.id), une, hot }, { 'if-match': before.etag! });
    expect(put.body.header.errors).toBeUndefined();
    expect(put.status).toBe(200);
    expect(put.body.response.slider).toEqual(order.map((a) => a.id));
    expect(put.etag).not.toBe(before.etag);
    await within(5, 'the /ar slider', async () => inOrder(await sliderHtml('/ar'), order.map((a) => a.title)));
    expect(performance.now() - started).toBeLessThan(5000);
    await within(5, 'the lite home', async () => inOrder(await (await fetch(`${baseUrl}/ar/lite`)).text(), order.map((a) => a.title)));
  });

  it('a stale If-Match → 412 and nothing changes', async () => {
    const before = await call<Home>('GET', '/api/newsroom/home/ar');
    const head = Number(/-(\d+)"$/.exec(before.etag!)![1]);
    const stale = await call('PUT', '/api/newsroom/home/ar', { slider: [arabic[0]!.id], une: [], hot: [] }, { 'if-match': `"home-ar-${head - 1}"` });
    expect(stale.status).toBe(412);
    expect(stale.etag).toBe(before.etag);
    const after = await call<Home>('GET', '/api/newsroom/home/ar');
    expect(after.etag).toBe(before.etag);
    expect(after.body.response.slider).toEqual(before.body.response.slider);
  });

  it('a French story in the Arabic list, an unknown uri, a block with neither title nor section → 422 per field, nothing changes', async () => {
    const before = await call<Home>('GET', '/api/newsroom/home/ar');
    const bad = await call('PUT', '/api/newsroom/home/ar', {
      slider: [arabic[0]!.id, french!.id],
      une: [{ title: 'كتلة', items: [arabic[1]!.id] }, { items: [arabic[2]!.id, 'urn:nobody:here'] }],
      hot: [],
    }, { 'if-match': before.etag! });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.header.errors!).sort()).toEqual(['slider.1', 'une.1.items.1', 'une.1.title']);
    expect(bad.body.header.errors!['slider.1']![0]).toMatch(/in fr/);
    const tooMany = await call('PUT', '/api/newsroom/home/ar', { slider: Array.from({ length: 13 }, (_, i) => i + 1), une: [], hot: [] });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.header.errors!)).toEqual(['slider']);
    const after = await call<Home>('GET', '/api/newsroom/home/ar');
    expect(after.etag).toBe(before.etag);
    expect(after.body.response.slider).toEqual(before.body.response.slider);
  });

  it('is in the OpenAPI document under Newsroom', async () => {
    const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>> };
    const item = doc.paths['/api/newsroom/home/{lang}']!;
    expect(item.get!.tags).toEqual(['Newsroom']);
    expect(Object.keys(item.put!.responses)).toEqual(expect.arrayContaining(['200', '412', '422']));
  });
});

describe('the front page through the desk API', () => {
  let journalist: DeskSession;
  let editor: DeskSession;

  beforeAll(async () => {
    journalist = await signIn(await person('journalist', false));
    editor = await signIn(await person('editor', true));
  });

  interface Workspace {
    rev: number;
    head: number;
    live: number | null;
    pending: boolean;
    layout: { slider: number[]; une: { title: string | null; masterTagId: number | null; items: number[] }[]; hot: number[] };
    versions: { number: number; state: string; kind: string }[];
  }

  it('a journalist gets 403 for reading or changing it', async () => {
    expect((await desk('GET', '/api/desk/front/{lang}', '/api/desk/front/ar', { session: journalist })).status).toBe(403);
    expect((await desk('POST', '/api/desk/front/{lang}/pin', '/api/desk/front/ar/pin', { session: journalist, body: { rev: 0, article: arabic[0]!.id, list: 'hot' } })).status).toBe(403);
    expect((await desk('POST', '/api/desk/front/{lang}/publish', '/api/desk/front/ar/publish', { session: journalist, body: { rev: 0, head: 0, layout: { slider: [], une: [], hot: [] } } })).status).toBe(403);
  });

  it('an editor pins (the other language refused with its message), previews, publishes, schedules, restores; all audited', async () => {
    let ws = (await desk<Workspace>('GET', '/api/desk/front/{lang}', '/api/desk/front/ar', { session: editor })).body.response;
    const refused = await desk('POST', '/api/desk/front/{lang}/pin', '/api/desk/front/ar/pin', { session: editor, body: { rev: ws.rev, article: french!.id, list: 'hot' } });
    expect(refused.status).toBe(422);
    expect(refused.body.header.errors!.article).toEqual(['Cet article est en français\u202f: seuls les articles en arabe sont acceptés ici.']);
    const story = arabic[0]!;
    const unpinned = await desk<Workspace>('POST', '/api/desk/front/{lang}/unpin', '/api/desk/front/ar/unpin', { session: editor, body: { rev: ws.rev, article: story.id } });
    const pinned = await desk<Workspace>('POST', '/api/desk/front/{lang}/pin', '/api/desk/front/ar/pin', { session: editor, body: { rev: unpinned.body.response.rev, article: story.id, list: 'hot' } });
    expect(pinned.status).toBe(200);
    ws = pinned.body.response;
    expect(ws.layout.hot[0]).toBe(story.id);
    expect(ws.pending).toBe(true);
    const stale = await desk('PUT', '/api/desk/front/{lang}', '/api/desk/front/ar', { session: editor, body: { rev: ws.rev - 1, layout: ws.layout } });
    expect(stale.status).toBe(409);

    const preview = await fetch(`${baseUrl}/desk/front/preview/ar`, { headers: { cookie: editor.cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const previewHtml = await preview.text();
    const hotAt = previewHtml.indexOf('id="hot-heading"');
    expect(hotAt).toBeGreaterThan(0);
    expect(previewHtml.indexOf(escapeHtml(story.title), hotAt)).toBeGreaterThan(hotAt);
    expect((await fetch(`${baseUrl}/desk/front/preview/ar`, { redirect: 'manual' })).status).toBe(302);

    const published = await desk<Workspace>('POST', '/api/desk/front/{lang}/publish', '/api/desk/front/ar/publish', { session: editor, body: { rev: ws.rev, head: ws.head, layout: ws.layout } });
    expect(published.status).toBe(200);
    const after = published.body.response;
    expect(after.live).toBe(ws.head + 1);
    expect(after.rev).toBe(0);
    expect(after.pending).toBe(false);
    const again = await desk('POST', '/api/desk/front/{lang}/publish', '/api/desk/front/ar/publish', { session: editor, body: { rev: 0, head: ws.head, layout: ws.layout } });
    expect(again.status).toBe(409);

    const past = await desk('POST', '/api/desk/front/{lang}/publish', '/api/desk/front/ar/publish', { session: editor, body: { rev: 0, head: after.head, layout: after.layout, at: '2020-01-01T10:00:00Z' } });
    expect(past.status).toBe(422);
    expect(past.body.header.errors!.at).toEqual(['Cette heure est passée\u202f: choisissez une heure à venir.']);
    const when = new Date(Date.now() + 3 * 3600_000).toISOString();
    const scheduled = await desk<Workspace>('POST', '/api/desk/front/{lang}/publish', '/api/desk/front/ar/publish', { session: editor, body: { rev: 0, head: after.head, layout: { ...after.layout, hot: after.layout.hot.slice(1) }, at: when } });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.response.versions[0]).toMatchObject({ number: after.head + 1, state: 'scheduled', kind: 'schedule' });
    expect(scheduled.body.response.live).toBe(after.live);
    const cancel = await desk<Workspace>('POST', '/api/desk/front/{lang}/versions/{number}/cancel', `/api/desk/front/ar/versions/${after.head + 1}/cancel`, { session: editor });
    expect(cancel.body.response.versions[0]!.state).toBe('canceled');

    const restored = await desk<Workspace>('POST', '/api/desk/front/{lang}/restore', '/api/desk/front/ar/restore', { session: editor, body: { rev: 0, number: ws.head } });
    expect(restored.status).toBe(200);
    expect(restored.body.response.layout.hot).not.toContain(story.id);
    expect(restored.body.response.pending).toBe(true);

    const audit = await store.db.selectFrom('desk_audit').select(['action', 'item_id']).where('item_type', '=', 'front').where('actor', 'like', `editor ${run}%`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['front.unpin', 'front.pin', 'front.publish', 'front.schedule', 'front.cancel', 'front.restore']);
    expect(new Set(audit.map((a) => a.item_id))).toEqual(new Set(['ar']));
  });
});
