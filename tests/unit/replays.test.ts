/**
 * Replays published by the newsroom (ADR 011): create then update by
 * uri, for an episode, a bulletin and a web video; what the replay pages then
 * read; refusals that change nothing.
 */
import { describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { publishReplay, ReplayInputError, replayInput, setReplayRetired } from '../../src/server/broadcast/replays.ts';
import { episodeDetail } from '../../src/server/content/video/episodes.ts';
import { loadEpisode } from '../../src/server/pages/replay-single.ts';
import { loadWebVideo } from '../../src/server/pages/replay-by2m.ts';
import { replaysSlice } from '../../src/server/content/video/replays.ts';

const NOW = new Date('2026-11-25T20:00:00.000Z');

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  await db
    .insertInto('programmes')
    .values({ kind: 'emission', slug: 'rachid-show', title_ar: 'رشيد شو', title_fr: 'Rachid Show', description_ar: '', description_fr: '', genre: 'divertissement', cover_image_id: null, poster_image_id: null, schedule_ar: '', schedule_fr: '', position: 0, is_active: 1 })
    .execute();
  await db.insertInto('web_video_tags').values({ slug: 'cuisine', name_ar: 'مطبخ', name_fr: 'Cuisine', position: 0 }).execute();
  return db;
}

const episode = (over: Record<string, unknown> = {}) =>
  replayInput.parse({
    kind: 'episode',
    uri: 'urn:2m:rachid-show:s3e12',
    programme: 'rachid-show',
    season: 3,
    number: 12,
    title: { ar: 'رشيد شو - الحلقة 12', fr: 'Rachid Show - épisode 12' },
    description: { fr: 'Les invités de la semaine.' },
    video: { url: 'https://vod.example/rs/s3e12/master.m3u8', durationSeconds: 3540 },
    poster: { url: '/media/img/rs-s3e12.jpg', width: 1280, height: 720 },
    publishedAt: '2026-11-20T19:00:00Z',
    ...over,
  });

describe('replays', () => {
  it('creates an episode, then updates it by uri; its page shows the new video and poster', async () => {
    const db = await store();
    const first = await publishReplay(db, episode(), NOW);
    expect(first).toMatchObject({ kind: 'episode', created: true, paths: { ar: `/ar/replay/single/${first.id}`, fr: `/fr/replay/single/${first.id}` } });
    const page = await loadEpisode(db, 'fr', { id: first.id });
    expect(page?.card).toMatchObject({ title: 'Rachid Show - épisode 12' });
    expect(page?.card).toMatchObject({ durationSeconds: 3540 });
    expect(page?.card.thumbnail?.url).toBe('/media/img/rs-s3e12.jpg');
    const detail = await episodeDetail(db, first.id, 'fr');
    expect(JSON.stringify(detail)).toContain('https://vod.example/rs/s3e12/master.m3u8');

    const second = await publishReplay(db, episode({ video: { url: 'https://vod.example/rs/s3e12/v2.mp4', durationSeconds: 3600 }, title: { fr: 'Rachid Show - épisode 12 (version longue)' } }), NOW);
    expect(second).toMatchObject({ id: first.id, created: false });
    expect(await db.selectFrom('episodes').select('id').execute()).toHaveLength(1);
    const video = await db.selectFrom('videos').selectAll().executeTakeFirstOrThrow();
    expect(video).toMatchObject({ url: 'https://vod.example/rs/s3e12/v2.mp4', mime: 'video/mp4', duration_s: 3600 });
    const row = await db.selectFrom('episodes').selectAll().executeTakeFirstOrThrow();
    // One title only: the other language shows it too.
    expect(row).toMatchObject({ title_fr: 'Rachid Show - épisode 12 (version longue)', title_ar: 'Rachid Show - épisode 12 (version longue)', external_uri: 'urn:2m:rachid-show:s3e12' });

    const changes = await db.selectFrom('content_changes').selectAll().orderBy('id').execute();
    expect(changes.map((c) => c.reason)).toEqual(['replay episode publish', 'replay episode update']);
    expect(JSON.parse(changes[0]!.paths)).toEqual(expect.arrayContaining([`/ar/replay/single/${first.id}`, '/fr/replay/1', '/ar/replay']));
  });

  it('publishes a bulletin (air day and time from publishedAt, in Casablanca) and a web video with a derived slug', async () => {
    const db = await store();
    const jt = await publishReplay(
      db,
      replayInput.parse({ kind: 'jt', uri: 'jt-fr-2026-11-25', edition: 'fr', title: { fr: 'Journal du soir', ar: 'الأخبار المسائية' }, video: { url: '/sample-media/vod/journal/index.m3u8', durationSeconds: 1500 }, publishedAt: '2026-11-25T19:45:00Z' }),
      NOW,
    );
    expect(jt.paths.fr).toBe(`/fr/replay/news/fr/${jt.id}`);
    expect(await db.selectFrom('jt_bulletins').select(['air_date', 'air_time']).executeTakeFirstOrThrow()).toEqual({ air_date: '2026-11-25', air_time: '19:45' });
    const changes = await db.selectFrom('content_changes').select('paths').execute();
    expect(JSON.parse(changes[0]!.paths)).toEqual(expect.arrayContaining(['/fr/replay/news/fr', '/fr/replay/news', '/ar']));

    const input = (uri: string) => replayInput.parse({ kind: 'webvideo', uri, tag: 'cuisine', title: { fr: 'Tajine aux pruneaux' }, video: { url: 'https://vod.example/tajine.mp4', durationSeconds: 300 } });
    const a = await publishReplay(db, input('web-1'), NOW);
    const b = await publishReplay(db, input('web-2'), NOW);
    const slugs = await db.selectFrom('web_videos').select(['id', 'slug']).orderBy('id').execute();
    expect(slugs).toEqual([{ id: a.id, slug: 'tajine-aux-pruneaux' }, { id: b.id, slug: 'tajine-aux-pruneaux-2' }]);
    // Publishing again keeps the slug.
    await publishReplay(db, input('web-1'), NOW);
    expect((await db.selectFrom('web_videos').select('slug').where('id', '=', a.id).executeTakeFirstOrThrow()).slug).toBe('tajine-aux-pruneaux');
  });

  it('refuses unknown programme, tag or media id, a uri of another kind, and bad fields, changing nothing', async () => {
    const db = await store();
    await expect(publishReplay(db, episode({ programme: 'nope' }), NOW)).rejects.toMatchObject({ errors: { programme: ['no programme nope'] } });
    await expect(publishReplay(db, episode({ poster: { mediaId: 999 } }), NOW)).rejects.toBeInstanceOf(ReplayInputError);
    await expect(publishReplay(db, episode({ poster: { uri: 'urn:2m:media:998' } }), NOW)).rejects.toMatchObject({ errors: { 'poster.mediaId': [expect.stringContaining('998')] } });
    expect(await db.selectFrom('episodes').select('id').execute()).toHaveLength(0);
    expect(await db.selectFrom('images').select('id').execute()).toHaveLength(0);
    expect(await db.selectFrom('content_changes').select('id').execute()).toHaveLength(0);

    await publishReplay(db, episode(), NOW);
    const clash = await publishReplay(db, replayInput.parse({ kind: 'jt', uri: 'urn:2m:rachid-show:s3e12', edition: 'ar', title: { ar: 'x' }, video: { url: '/a.mp4', durationSeconds: 1 } }), NOW).catch((e: unknown) => e);
    expect(clash).toMatchObject({ errors: { uri: ['already used by a replay of kind episode (id 1)'] } });

    const bad = replayInput.safeParse({ kind: 'episode', uri: '', programme: 'rachid-show', number: 0, title: { ar: '', fr: '' }, video: { url: 'javascript:alert(1)', durationSeconds: -1 } });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['uri', 'number', 'title', 'video.url', 'video.durationSeconds']));
    const noMime = replayInput.safeParse({ kind: 'jt', uri: 'x', edition: 'fr', title: { fr: 'x' }, video: { url: 'https://vod.example/stream', durationSeconds: 10 } });
    expect(noMime.error?.issues.map((i) => i.path.join('.'))).toEqual(['video.mime']);
  });

  it('changes a replay by id (the desk’s edit), giving it the uri; the audit hook runs in the same transaction', async () => {
    const db = await store();
    const seeded = await publishReplay(db, episode({ uri: 'seeded' }), NOW);
    await db.updateTable('episodes').set({ external_uri: null }).where('id', '=', seeded.id).execute();
    const seen: unknown[] = [];
    const changed = await publishReplay(db, episode({ uri: 'urn:2m:desk:episode:1', title: { fr: 'Revu au desk' } }), NOW, {
      id: seeded.id,
      inTransaction: async (trx, r, before) => {
        seen.push({ id: r.id, before: before?.title_fr, rows: (await trx.selectFrom('episodes').select('title_fr').where('id', '=', r.id).executeTakeFirstOrThrow()).title_fr });
      },
    });
    expect(changed).toMatchObject({ id: seeded.id, created: false });
    expect(seen).toEqual([{ id: seeded.id, before: 'Rachid Show - épisode 12', rows: 'Revu au desk' }]);
    expect(await db.selectFrom('episodes').select(['id', 'external_uri']).execute()).toEqual([{ id: seeded.id, external_uri: 'urn:2m:desk:episode:1' }]);
    await expect(publishReplay(db, episode({ uri: 'x' }), NOW, { id: 999 })).rejects.toMatchObject({ errors: { id: ['no replay 999'] } });
    // A failing hook undoes the change.
    await expect(publishReplay(db, episode({ uri: 'urn:2m:desk:episode:1', title: { fr: 'Jamais' } }), NOW, { id: seeded.id, inTransaction: async () => Promise.reject(new Error('audit down')) })).rejects.toThrow('audit down');
    expect((await db.selectFrom('episodes').select('title_fr').executeTakeFirstOrThrow()).title_fr).toBe('Revu au desk');
  });

  it('retires a replay (off its page and the lists, its pages rendered again) and puts it back; an update keeps it retired', async () => {
    const db = await store();
    const input = replayInput.parse({ kind: 'webvideo', uri: 'web-r', tag: 'cuisine', title: { fr: 'Harira' }, video: { url: 'https://vod.example/harira.mp4', durationSeconds: 200 }, publishedAt: '2026-11-01T10:00:00Z' });
    const made = await publishReplay(db, input, NOW);
    expect(await loadWebVideo(db, 'fr', { id: made.id })).not.toBeNull();
    expect(await setReplayRetired(db, 'webvideo', made.id, true, NOW)).toEqual({ retiredAt: NOW.toISOString() });
    expect(await loadWebVideo(db, 'fr', { id: made.id })).toBeNull();
    expect((await replaysSlice(db, 0, 50, 'fr')).map((c) => c.id)).not.toContain(made.id);
    const change = await db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change.reason).toBe('replay webvideo retire');
    expect(JSON.parse(change.paths)).toEqual(expect.arrayContaining([`/fr/replay/by2m/single/${made.id}`, '/ar/replay']));
    await publishReplay(db, { ...input, title: { ar: '', fr: 'Harira (2)' } }, NOW);
    expect(await loadWebVideo(db, 'fr', { id: made.id })).toBeNull();
    expect(await setReplayRetired(db, 'webvideo', made.id, false, NOW)).toEqual({ retiredAt: null });
    expect((await loadWebVideo(db, 'fr', { id: made.id }))?.video.title).toBe('Harira (2)');
    expect(await setReplayRetired(db, 'jt', 12345, true, NOW)).toBeNull();
  });

  it('refuses a bulletin’s air day that does not exist', () => {
    const parsed = replayInput.safeParse({ kind: 'jt', uri: 'jt-x', edition: 'ar', airDate: '2026-02-30', title: { ar: 'نشرة' }, video: { url: '/v.m3u8', durationSeconds: 10 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['airDate', 'no such day']]);
  });
});
