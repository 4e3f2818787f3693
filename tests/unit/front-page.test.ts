/**
 * The front-page content service (ADR 040) on a store in memory: story
 * references resolved by id and ninjs uri, every refusal keyed by its field
 * with nothing stored, versions numbered per language with their change-feed
 * record (the home page and its lite twin, due at a scheduled time), the
 * live version chosen by time, a stale head refused, a scheduled version
 * called off, and the home page's sections read from the live version.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { homeSectionArticles, liveFrontVersion, uneBlocks } from '../../src/server/content/home.ts';
import {
  cancelScheduledFront,
  frontPageHead,
  frontPagePaths,
  listFrontVersions,
  publishFrontPage,
  resolveFrontInput,
  type FrontProblem,
} from '../../src/server/newsroom/front-page.ts';

let db: DB;
const HOUR = 3600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
const ids: Record<string, number> = {};
const code = (p: FrontProblem) => p.code;

async function article(key: string, lang: Locale, over: { status?: 'draft' | 'review' | 'published' | 'withdrawn'; publishedAt?: Date; uri?: string } = {}) {
  const row = await db
    .insertInto('articles')
    .values({
      lang,
      translation_key: key,
      slug: key,
      title: `Titre ${key}`,
      subtitle: '',
      body_html: '<p>x</p>',
      cover_image_id: null,
      video_id: null,
      master_tag_id: ids.societe ?? null,
      dossier_id: null,
      author_id: null,
      programme_id: null,
      status: over.status ?? 'published',
      published_at: (over.publishedAt ?? at(-2)).toISOString(),
      updated_at: at(-2).toISOString(),
      search_text: key,
      ninjs_uri: over.uri ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
}

beforeAll(async () => {
  ({ db } = await openStore({ dataDir: ':memory:' }));
  ids.societe = (await db.insertInto('master_tags').values({ lang: 'fr', translation_key: 'societe', name: 'Société', route_name: 'societe', parent_id: null, position: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  for (const k of ['a', 'b', 'c', 'd', 'e']) await article(k, 'fr');
  await article('uri', 'fr', { uri: 'urn:agence:fr:1' });
  await article('arabe', 'ar');
  await article('retire', 'fr', { status: 'withdrawn' });
  await article('brouillon', 'fr', { status: 'draft' });
  await article('demain', 'fr', { publishedAt: at(24) });
});

describe('resolving a front page', () => {
  it('takes ids, digits and ninjs uris, and a master tag by route name', async () => {
    const r = await resolveFrontInput(db, 'fr', { slider: [ids.a!, String(ids.b)], une: [{ masterTag: 'societe', items: ['urn:agence:fr:1', ids.c!] }], hot: [ids.d!] }, new Date(), code);
    expect(r).toEqual({ ok: true, layout: { slider: [ids.a, ids.b], une: [{ title: null, masterTagId: ids.societe, items: [ids.uri, ids.c] }], hot: [ids.d] } });
  });

  it('refuses each bad reference by its field', async () => {
    const r = await resolveFrontInput(
      db,
      'fr',
      {
        slider: [ids.a!, 'urn:nobody'],
        une: [{ title: 'Bloc', items: [ids.b!] }, { items: [ids.c!, ids.arabe!, ids.retire!, ids.brouillon!, ids.demain!, ids.a!] }],
        hot: [999_999],
      },
      new Date(),
      (p) => (p.code === 'twice' ? `twice:${p.field}` : p.code === 'language' ? `language:${p.storyLang}` : p.code),
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        'slider.1': ['unknown'],
        'une.1.title': ['block-title'],
        'une.1.items.1': ['language:ar'],
        'une.1.items.2': ['withdrawn'],
        'une.1.items.3': ['unpublished'],
        'une.1.items.4': ['later'],
        'une.1.items.5': ['twice:slider.0'],
        'hot.0': ['unknown'],
      },
    });
  });

  it('takes a story published by the time a scheduled change goes online', async () => {
    expect((await resolveFrontInput(db, 'fr', { slider: [ids.demain!], une: [], hot: [] }, at(25), code)).ok).toBe(true);
    expect((await resolveFrontInput(db, 'fr', { slider: [ids.demain!], une: [], hot: [] }, at(23), code)).ok).toBe(false);
  });

  it('refuses a master tag of another language or unknown', async () => {
    const r = await resolveFrontInput(db, 'fr', { slider: [], une: [{ title: 'x', masterTag: 'sport', items: [] }], hot: [] }, new Date(), code);
    expect(r).toEqual({ ok: false, errors: { 'une.0.masterTag': ['section'] } });
  });
});

describe('publishing versions', () => {
  it('numbers versions per language, records the home pages in the change feed, and the newest reached leads', async () => {
    const before = await db.selectFrom('content_changes').select('id').execute();
    const first = await publishFrontPage(db, 'fr', { slider: [ids.a!], une: [{ title: 'Bloc', masterTagId: null, items: [ids.b!, ids.retire!] }], hot: [ids.c!] }, { userId: null, actor: 'test' });
    expect(first.kind).toBe('published');
    const second = await publishFrontPage(db, 'fr', { slider: [ids.b!, ids.a!], une: [], hot: [] }, { userId: null, actor: 'test', ifHead: 1 });
    expect(second.kind === 'published' && second.version.number).toBe(2);
    expect(await frontPageHead(db, 'fr')).toBe(2);
    expect(await frontPageHead(db, 'ar')).toBe(0);
    const changes = await db.selectFrom('content_changes').selectAll().where('id', 'not in', before.length ? before.map((c) => c.id) : [-1]).execute();
    expect(changes).toHaveLength(2);
    expect(JSON.parse(changes[0]!.paths)).toEqual(frontPagePaths('fr'));
    expect(frontPagePaths('fr')).toEqual(['/fr', '/fr/lite']);
    expect(changes[0]!.reason).toBe('front-page');
    expect((await liveFrontVersion(db, 'fr'))?.number).toBe(2);
    expect((await homeSectionArticles(db, 'fr', 'slider')).map((c) => c.id)).toEqual([ids.b, ids.a]);
  });

  it('shows only published stories of a layout, in its order, blocks kept for topping up', async () => {
    const layout = { slider: [], une: [{ title: 'Bloc', masterTagId: null, items: [ids.retire!, ids.c!, ids.b!] }], hot: [] };
    const blocks = await uneBlocks(db, 'fr', layout);
    expect(blocks.map((b) => [b.title, b.articles.map((a) => a.id)])).toEqual([['Bloc', [ids.c, ids.b]]]);
  });

  it('refuses a stale head and changes nothing', async () => {
    const r = await publishFrontPage(db, 'fr', { slider: [ids.c!], une: [], hot: [] }, { userId: null, actor: 'test', ifHead: 1 });
    expect(r).toEqual({ kind: 'stale', head: 2 });
    expect(await frontPageHead(db, 'fr')).toBe(2);
  });

  it('schedules a version: recorded due at its time, live only from then, and can be called off', async () => {
    const when = at(2);
    const r = await publishFrontPage(db, 'fr', { slider: [ids.d!], une: [], hot: [] }, { userId: null, actor: 'test', at: when });
    expect(r.kind === 'published' && r.version.kind).toBe('schedule');
    const change = await db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change.due_at).toBe(when.toISOString());
    expect((await liveFrontVersion(db, 'fr'))?.number).toBe(2);
    expect((await liveFrontVersion(db, 'fr', at(3)))?.number).toBe(3);
    const history = await listFrontVersions(db, 'fr');
    expect(history.map((v) => [v.number, v.state])).toEqual([
      [3, 'scheduled'],
      [2, 'live'],
      [1, 'past'],
    ]);
    expect(await cancelScheduledFront(db, 'fr', 3)).toBe(true);
    expect(await cancelScheduledFront(db, 'fr', 2)).toBe(false);
    expect((await liveFrontVersion(db, 'fr', at(3)))?.number).toBe(2);
    expect((await listFrontVersions(db, 'fr'))[0]!.state).toBe('canceled');
  });
});
