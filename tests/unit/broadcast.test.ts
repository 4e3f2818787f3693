/**
 * The newsroom's breaking news and live stream (ADR 011): the
 * ticker's order per language (set, reorder by id, clear), refusals that
 * change nothing, and which live stream plays (newsroom, then
 * LIVE_STREAM_URL, then the built-in channel).
 */
import { describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { activeBreakingNews } from '../../src/server/content/breaking.ts';
import { BreakingInputError, breakingListInput, clearBreaking, listBreaking, setBreaking } from '../../src/server/broadcast/breaking.ts';
import { clearLive, liveState, setLive } from '../../src/server/broadcast/live.ts';
import { BUILTIN_LIVE_URL, liveSection } from '../../src/server/content/live.ts';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  return db;
}

const changes = async (db: DB) => (await db.selectFrom('content_changes').selectAll().orderBy('id').execute()).map((c) => ({ reason: c.reason, paths: JSON.parse(c.paths) as string[] }));

describe('breaking news', () => {
  it('sets a language list in order, reorders it by id and clears it, each change recorded', async () => {
    const db = await store();
    const set = await setBreaking(
      db,
      'ar',
      breakingListInput.parse({ items: [{ title: 'أولا', url: '/ar/a' }, { title: 'ثانيا', url: '/ar/b' }, { title: 'ثالثا', url: 'https://example.ma/c' }] }),
      NOW,
    );
    await setBreaking(db, 'fr', breakingListInput.parse({ items: [{ title: 'Urgent FR', url: '/fr/x' }] }), NOW);
    expect(set.map((i) => i.title)).toEqual(['أولا', 'ثانيا', 'ثالثا']);
    expect((await activeBreakingNews(db, 'ar', later(1000)))?.news.map((n) => n.title)).toEqual(['أولا', 'ثانيا', 'ثالثا']);

    // Reorder: the same ids in a new order; one dropped, one new, one renamed.
    const [a, b, c] = set;
    await setBreaking(db, 'ar', breakingListInput.parse({ items: [{ id: c!.id }, { title: 'جديد', url: '/ar/n' }, { id: a!.id, title: 'أولا (محين)' }] }), later(2000));
    expect((await activeBreakingNews(db, 'ar', later(3000)))?.news).toEqual([
      { title: 'ثالثا', url: 'https://example.ma/c' },
      { title: 'جديد', url: '/ar/n' },
      { title: 'أولا (محين)', url: '/ar/a' },
    ]);
    expect((await listBreaking(db, 'ar')).map((i) => i.id)).not.toContain(b!.id);
    // The other language is untouched.
    expect((await activeBreakingNews(db, 'fr', later(3000)))?.news.map((n) => n.title)).toEqual(['Urgent FR']);

    expect(await clearBreaking(db, 'ar', later(4000))).toBe(3);
    expect(await activeBreakingNews(db, 'ar', later(5000))).toBeUndefined();
    expect(await activeBreakingNews(db, 'fr', later(5000))).toBeDefined();

    const log = await changes(db);
    expect(log.map((c) => c.reason)).toEqual(['breaking ar', 'breaking fr', 'breaking ar', 'breaking ar cleared']);
    expect(log[0]!.paths).toEqual(['/api/getBreakingNews', '/ar']);
  });

  it('refuses unknown or repeated ids, foreign articles and incomplete items, changing nothing', async () => {
    const db = await store();
    const [first] = await setBreaking(db, 'fr', breakingListInput.parse({ items: [{ title: 'Un', url: '/fr/un' }] }), NOW);
    const before = await listBreaking(db, 'fr');
    const count = (await changes(db)).length;
    const refused = await setBreaking(db, 'fr', breakingListInput.parse({ items: [{ id: first!.id }, { id: first!.id }, { id: 999 }, { title: 'x', articleId: 42 }] }), NOW).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BreakingInputError);
    expect(Object.keys((refused as BreakingInputError).errors).sort()).toEqual(['items.1.id', 'items.2.id', 'items.3.articleId']);
    expect(await listBreaking(db, 'fr')).toEqual(before);
    expect((await changes(db)).length).toBe(count);

    const bad = breakingListInput.safeParse({ items: [{ title: 'sans lien' }, { url: '/fr/x' }, { title: 'x', url: 'javascript:alert(1)' }] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['items.0.url', 'items.1.title', 'items.2.url']));
    expect(breakingListInput.safeParse({ items: [] }).success).toBe(false);
  });
});

describe('live stream precedence', () => {
  it('plays the newsroom stream first, then LIVE_STREAM_URL, then the built-in channel', async () => {
    const db = await store();
    await db.insertInto('live_channels').values({ slug: '2m-maroc', name_ar: 'دوزيم', name_fr: '2M Maroc', stream_url: null, poster_image_id: null, is_active: 1, position: 0 }).execute();
    const configured = 'https://cdn.example/2m/master.m3u8';

    expect((await liveSection(db, 'fr', undefined)).url[0]).toBe(BUILTIN_LIVE_URL);
    expect((await liveSection(db, 'fr', configured)).url[0]).toBe(configured);
    expect((await liveState(db, configured)).source).toBe('config');

    // A path of this site: a stream on another origin must be allowed by MEDIA_ORIGINS (tests/unit/grid-edit.test.ts).
    const event = '/live/events/derby/index.m3u8';
    await setLive(db, { url: event, titles: { ar: 'مباراة الديربي مباشرة', fr: 'Le derby en direct' } }, NOW);
    const fr = await liveSection(db, 'fr', configured);
    expect(fr.url[0]).toBe(event);
    expect(fr.title).toBe('Le derby en direct');
    expect((await liveSection(db, 'ar', configured)).title).toBe('مباراة الديربي مباشرة');
    expect(await liveState(db, configured)).toMatchObject({ source: 'newsroom', url: event });

    await clearLive(db, later(1000));
    const cleared = await liveSection(db, 'fr', configured);
    expect(cleared.url[0]).toBe(configured);
    expect(cleared.title).toBe('2M Maroc');
    expect((await liveSection(db, 'fr', undefined)).url[0]).toBe(BUILTIN_LIVE_URL);

    const log = await changes(db);
    expect(log.map((c) => c.reason)).toEqual(['live set', 'live cleared']);
    expect(log[0]!.paths).toEqual(expect.arrayContaining(['/ar/live', '/fr/live', '/ar', '/fr', '/api/getLiveSection']));
  });

  it('a title for both languages, and a store without channel gets one', async () => {
    const db = await store();
    await setLive(db, { url: '/live/2m/index.m3u8', title: 'Discours royal' }, NOW);
    expect((await liveSection(db, 'ar', undefined)).title).toBe('Discours royal');
    expect((await liveSection(db, 'fr', undefined)).title).toBe('Discours royal');
  });
});
