/**
 * Replays from the desk over real HTTP (docs/desk.md "Replays"): a
 * journalist gets 403 on every replay route; an editor makes a web video
 * with a poster of the media library (audited, on its public page at
 * once), changes it, changes a seeded bulletin (which had no uri), retires
 * a replay (its page 404, out of its list) and puts it back. Bad input (no
 * title, a video from an origin the site does not allow, a poster not in
 * the media library, a day or a time that does not exist) gets per-field
 * errors in the person's language and changes nothing; the newsroom API
 * refuses the day that does not exist too.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApiClient, type DeskSession, type Envelope } from '../support/desk-api.ts';
import { mediaOriginPort } from '../../scripts/test-server.ts';
import { createToken } from '../../src/server/newsroom/auth.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = Date.now().toString(36);
const { desk, person, signIn } = deskApiClient(baseUrl, store, run);
/** The media origin the test server allows (MEDIA_ORIGINS, scripts/test-server.ts). */
const cdnOrigin = `http://127.0.0.1:${mediaOriginPort(Number(new URL(baseUrl).port))}`;

interface Replay {
  kind: 'jt' | 'episode' | 'webvideo';
  id: number;
  uri: string | null;
  title: { ar: string; fr: string };
  video: { url: string; durationSeconds: number } | null;
  poster: { mediaId: number; url: string } | null;
  publishedAt: string;
  retiredAt: string | null;
  paths: { ar: string; fr: string };
  tagId?: number;
  edition?: string;
}

let editor: DeskSession;
let journalist: DeskSession;
let posterId = 0;
let tagId = 0;

const pageText = async (path: string) => {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, text: await res.text() };
};

const webVideo = (title: string, extra: Record<string, unknown> = {}) => ({
  kind: 'webvideo',
  title: { fr: title, ar: `فيديو ${run}` },
  description: { fr: 'Une vidéo faite au desk.', ar: '' },
  video: { url: `${cdnOrigin}/sample-media/vod/web.mp4`, durationSeconds: 12 },
  poster: { mediaId: posterId },
  tagId,
  ...extra,
});

const webVideoCount = async () => (await store.db.selectFrom('web_videos').select('id').execute()).length;

beforeAll(async () => {
  const e = await person('editor', true);
  const j = await person('journalist', false);
  editor = await signIn(e);
  journalist = await signIn(j);
  // A picture of the media library with both alternative texts.
  const img = await store.db.selectFrom('images').select('id').where('alt_ar', '!=', '').where('alt_fr', '!=', '').orderBy('id').executeTakeFirstOrThrow();
  posterId = img.id;
  tagId = (await store.db.selectFrom('web_video_tags').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});

describe('desk replays: roles', () => {
  it('a journalist gets 403 on every replay route, and nothing is made', async () => {
    const before = await webVideoCount();
    const seeded = await store.db.selectFrom('jt_bulletins').select('id').orderBy('id').executeTakeFirstOrThrow();
    const calls: [string, string, string, unknown?][] = [
      ['GET', '/api/desk/replays', '/api/desk/replays'],
      ['GET', '/api/desk/replays/options', '/api/desk/replays/options'],
      ['POST', '/api/desk/replays', '/api/desk/replays', webVideo(`Refusé ${run}`)],
      ['GET', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/jt/${seeded.id}`],
      ['PUT', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/jt/${seeded.id}`, { title: { fr: 'x' } }],
      ['POST', '/api/desk/replays/{kind}/{id}/retire', `/api/desk/replays/jt/${seeded.id}/retire`],
      ['POST', '/api/desk/replays/{kind}/{id}/restore', `/api/desk/replays/jt/${seeded.id}/restore`],
    ];
    for (const [method, doc, url, body] of calls) {
      const res = await desk(method, doc, url, { session: journalist, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await webVideoCount()).toBe(before);
  });
});

describe('desk replays: an editor', () => {
  let made: Replay;

  it('offers the programmes, the categories and the allowed media origins', async () => {
    const res = await desk<{ programmes: unknown[]; tags: { id: number }[]; mediaOrigins: string[] }>('GET', '/api/desk/replays/options', '/api/desk/replays/options', { session: editor });
    expect(res.status).toBe(200);
    expect(res.body.response.programmes.length).toBeGreaterThan(0);
    expect(res.body.response.tags.map((t) => t.id)).toContain(tagId);
    expect(res.body.response.mediaOrigins).toContain(cdnOrigin);
  });

  it('makes a web video with a poster of the media library: audited, on its public page at once', async () => {
    const title = `Vidéo du desk ${run}`;
    const res = await desk<Replay>('POST', '/api/desk/replays', '/api/desk/replays', { session: editor, body: webVideo(title) });
    expect(res.status, JSON.stringify(res.body.header)).toBe(201);
    made = res.body.response;
    expect(made).toMatchObject({ kind: 'webvideo', title: { fr: title }, poster: { mediaId: posterId }, retiredAt: null });
    expect(made.uri).toMatch(/^urn:2m:desk:webvideo:/);
    await within(5, 'the public page', async () => (await pageText(made.paths.fr)).text.includes(title));
    const page = await pageText(made.paths.fr);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${cdnOrigin}/sample-media/vod/web.mp4`);
    const audit = await store.db.selectFrom('desk_audit').selectAll().where('action', '=', 'replay.create').where('item_id', '=', `webvideo:${made.id}`).executeTakeFirst();
    expect(audit?.summary).toBe(title);
    // In the desk's list of web videos, found by a word of its title.
    const list = await desk<{ items: { id: number }[] }>('GET', '/api/desk/replays', `/api/desk/replays?kind=webvideo&q=${encodeURIComponent(run)}`, { session: editor });
    expect(list.body.response.items.map((i) => i.id)).toContain(made.id);
  });

  it('changes it: the public page shows the new title at once', async () => {
    const title = `Vidéo du desk ${run} (corrigée)`;
    const res = await desk<Replay>('PUT', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/webvideo/${made.id}`, { session: editor, body: webVideo(title, { publishedAt: made.publishedAt }) });
    expect(res.status, JSON.stringify(res.body.header)).toBe(200);
    expect(res.body.response).toMatchObject({ id: made.id, uri: made.uri, title: { fr: title } });
    await within(5, 'the new title on the public page', async () => (await pageText(made.paths.fr)).text.includes(title));
    expect(await store.db.selectFrom('desk_audit').select('id').where('action', '=', 'replay.save').where('item_id', '=', `webvideo:${made.id}`).executeTakeFirst()).toBeDefined();
  });

  it('refuses bad input per field, in the person’s language, and changes nothing', async () => {
    const before = await webVideoCount();
    const stored = await store.db.selectFrom('web_videos').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [webVideo('', { title: { ar: '', fr: '' } }), 'title', /titre/],
      [webVideo(`Ailleurs ${run}`, { video: { url: 'https://vod.example.com/x/index.m3u8', durationSeconds: 30 } }), 'video.url', /MEDIA_ORIGINS/],
      [webVideo(`Sans image ${run}`, { poster: { mediaId: 2_000_000_000 } }), 'poster.mediaId', /médiathèque/],
      [webVideo(`Jour impossible ${run}`, { publishedAt: '2026-02-30T20:00' }), 'publishedAt', /date n'existe pas/],
      [webVideo(`Sans catégorie ${run}`, { tagId: undefined }), 'tagId', /catégorie/],
    ];
    for (const [body, field, message] of cases) {
      const created = await desk('POST', '/api/desk/replays', '/api/desk/replays', { session: editor, body });
      expect(created.status, field).toBe(422);
      expect(created.body.header.errors?.[field]?.join(' '), field).toMatch(message);
      const changed = await desk('PUT', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/webvideo/${made.id}`, { session: editor, body });
      expect(changed.status, field).toBe(422);
      expect(changed.body.header.errors?.[field]?.join(' '), field).toMatch(message);
    }
    // A bulletin's air day that does not exist.
    const jt = await desk('POST', '/api/desk/replays', '/api/desk/replays', {
      session: editor,
      body: { kind: 'jt', edition: 'fr', airDate: '2026-02-30', title: { fr: `Journal ${run}` }, video: { url: '/sample-media/vod/journal/index.m3u8', durationSeconds: 24 } },
    });
    expect(jt.status).toBe(422);
    expect(jt.body.header.errors?.airDate?.join(' ')).toMatch(/jour n'existe pas/);
    expect(await webVideoCount()).toBe(before);
    expect(await store.db.selectFrom('web_videos').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow()).toEqual(stored);
  });

  it('changes a seeded bulletin, which then has a uri of its own', async () => {
    const seeded = await store.db.selectFrom('jt_bulletins').select(['id', 'edition']).where('external_uri', 'is', null).where('retired_at', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const form = await desk<Replay & { airDate: string; airTime: string; description: { ar: string; fr: string } }>('GET', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/jt/${seeded.id}`, { session: editor });
    expect(form.status).toBe(200);
    const f = form.body.response;
    const title = `Journal revu ${run}`;
    const res = await desk<Replay>('PUT', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/jt/${seeded.id}`, {
      session: editor,
      body: { title: { ar: f.title.ar, fr: title }, description: f.description, video: { url: f.video!.url, durationSeconds: f.video!.durationSeconds }, poster: f.poster ? { mediaId: f.poster.mediaId } : undefined, edition: f.edition, airDate: f.airDate, airTime: f.airTime, publishedAt: f.publishedAt },
    });
    expect(res.status, JSON.stringify(res.body.header)).toBe(200);
    expect(res.body.response).toMatchObject({ id: seeded.id, uri: `urn:2m:desk:jt:${seeded.id}`, title: { fr: title } });
    await within(5, 'the bulletin’s page', async () => (await pageText(res.body.response.paths.fr)).text.includes(title));
  });

  it('retires a replay (its page 404, out of its list, audited) and puts it back', async () => {
    const retired = await desk<Replay>('POST', '/api/desk/replays/{kind}/{id}/retire', `/api/desk/replays/webvideo/${made.id}/retire`, { session: editor });
    expect(retired.status).toBe(200);
    expect(retired.body.response.retiredAt).not.toBeNull();
    await within(5, 'the retired page answers 404', async () => (await pageText(made.paths.fr)).status === 404);
    const tagList = await pageText(`/fr/replay/by2m`);
    expect(tagList.text).not.toContain(`Vidéo du desk ${run}`);
    expect(await store.db.selectFrom('desk_audit').select('id').where('action', '=', 'replay.retire').where('item_id', '=', `webvideo:${made.id}`).executeTakeFirst()).toBeDefined();
    // The newsroom API's update keeps it retired.
    const token = await createToken(store.db, `desk-replays-retired-${run}`);
    const { poster: _poster, ...body } = webVideo(`Vidéo du desk ${run} (API)`);
    const api = await fetch(`${baseUrl}/api/newsroom/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...body, uri: made.uri }) });
    expect(api.status).toBe(200);
    expect((await store.db.selectFrom('web_videos').select('retired_at').where('id', '=', made.id).executeTakeFirstOrThrow()).retired_at).not.toBeNull();
    expect((await pageText(made.paths.fr)).status).toBe(404);
    const back = await desk<Replay>('POST', '/api/desk/replays/{kind}/{id}/restore', `/api/desk/replays/webvideo/${made.id}/restore`, { session: editor });
    expect(back.status).toBe(200);
    expect(back.body.response.retiredAt).toBeNull();
    await within(5, 'the page is back', async () => (await pageText(made.paths.fr)).status === 200);
  });

  it('answers 404 for an unknown replay or kind', async () => {
    expect((await desk('GET', '/api/desk/replays/{kind}/{id}', '/api/desk/replays/webvideo/2000000000', { session: editor })).status).toBe(404);
    expect((await desk('GET', '/api/desk/replays/{kind}/{id}', `/api/desk/replays/podcast/${made.id}`, { session: editor })).status).toBe(404);
  });
});

describe('the newsroom API', () => {
  it('refuses a bulletin’s air day that does not exist (422), changing nothing', async () => {
    const token = await createToken(store.db, `desk-replays-${run}`);
    const before = (await store.db.selectFrom('jt_bulletins').select('id').execute()).length;
    const res = await fetch(`${baseUrl}/api/newsroom/videos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'jt', uri: `urn:test:jt:${run}`, edition: 'ar', airDate: '2026-02-30', title: { ar: 'نشرة' }, video: { url: '/sample-media/vod/journal/index.m3u8', durationSeconds: 24 } }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Envelope).header.errors?.airDate?.[0]).toBe('no such day');
    expect((await store.db.selectFrom('jt_bulletins').select('id').execute()).length).toBe(before);
  });
});
