/**
 * The video API (docs/product.md, Video API) against a seeded in-memory store: every route
 * answers its sample with its declared schema in both languages, and the key
 * behaviours of the replay pages hold (News field names, next episode,
 * union pagination, JT playlist, series-only detail, publication times).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore, type DB, type Store } from '../../src/server/db/index.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { NotFoundError, type ApiContext, type RouteDef } from '../../src/server/api/define.ts';
import { videoRoutes } from '../../src/server/api/routes/video.ts';
import { seedDemoContent } from '../../src/server/seed/index.ts';
import { episodeDetail } from '../../src/server/content/video/episodes.ts';
import { jtDetail, jtSlides } from '../../src/server/content/video/jt.ts';
import { lastReplaysPage, REPLAYS_PAGE_SIZE } from '../../src/server/content/video/replays.ts';
import { programmeDetail, serieDetail } from '../../src/server/content/video/programmes.ts';
import { findTag, tagVideosPage, tagsWithCounts } from '../../src/server/content/video/by2m.ts';
import { seasonCandidates, seasonVideoGroups } from '../../src/server/content/video/starlight.ts';

const routes = videoRoutes as unknown as RouteDef[];
const LOCALES: Locale[] = ['ar', 'fr'];

let store: Store;
let db: DB;
let mediaDir: string;
let now: string;

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'video-api-'));
  store = await openStore({ dataDir: ':memory:' });
  db = store.db;
  await seedDemoContent(db, { dataDir: mediaDir });
  now = new Date().toISOString();
  // One scheduled (not yet public) item in each replay table.
  const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const episode = await db.selectFrom('episodes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const { id: _e, ...episodeRest } = episode;
  await db.insertInto('episodes').values({ ...episodeRest, number: episode.number + 1, published_at: later }).execute();
  const bulletin = await db.selectFrom('jt_bulletins').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const { id: _b, ...bulletinRest } = bulletin;
  await db.insertInto('jt_bulletins').values({ ...bulletinRest, published_at: later }).execute();
  const web = await db.selectFrom('web_videos').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const { id: _w, ...webRest } = web;
  await db.insertInto('web_videos').values({ ...webRest, slug: `${web.slug}-later`, published_at: later }).execute();
}, 120_000);

afterAll(async () => {
  await store?.db.destroy();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

const route = (p: string): RouteDef => {
  const r = routes.find((x) => x.path === p);
  if (!r) throw new Error(`no route ${p}`);
  return r;
};

/** Runs a route's handler as the dispatcher would, with raw string params. */
async function run(r: RouteDef, rawParams: Record<string, string>, locale: Locale): Promise<unknown> {
  const url = new URL(`http://localhost${r.path}`);
  const ctx: ApiContext = { db, locale, request: new Request(url), url, now: new Date(), changesAt: () => undefined };
  const params = r.params ? r.params.parse(rawParams) : {};
  return r.handler(ctx, { params, query: {} } as never);
}

const publicCount = async (table: 'episodes' | 'jt_bulletins' | 'web_videos') => {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('published_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('video routes', () => {
  it('cover every path of docs/product.md, Video API', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(
      [
        '/api/watch',
        '/api/watchJTDetail/',
        '/api/watchJTDetail/{id}',
        '/api/watchEmission',
        '/api/watchEmissionDetail/{id}',
        '/api/watchLastReplays/{page}',
        '/api/watchDetail/{id}',
        '/api/watchSerie',
        '/api/watchSerieDetail/{id}',
        '/api/watchJtSliders',
        '/api/watchvideoTagDetail/{id}',
        '/api/watch-video-by-tags/{tag}',
        '/api/watch-by2m-tags',
        '/api/watch-by2m-video/{a}/{b}',
        '/api/starlight/watch-home-starlight-tags/{x}',
        '/api/starlight/watch-home-starlight-candidats',
        '/api/starlight/watch-starlight-candidats/{x}',
      ].sort(),
    );
  });

  for (const r of routes) {
    it(`${r.path} answers its sample with its schema in both languages`, async () => {
      expect(r.sample).toBeTypeOf('function');
      const sample = await r.sample!(db);
      for (const locale of LOCALES) {
        const answer = await run(r, sample.params ?? {}, locale);
        const check = r.response.safeParse(answer);
        expect(check.success, `${r.path} [${locale}]: ${check.error?.message ?? ''}`).toBe(true);
      }
    });

    if (r.unknownSample) {
      const unknown = r.unknownSample;
      it(`${r.path} reports an unknown item as not found`, async () => {
        await expect(run(r, unknown.params ?? {}, 'fr')).rejects.toBeInstanceOf(NotFoundError);
      });
    }
    if (r.malformedSample) {
      const malformed = r.malformedSample;
      it(`${r.path} rejects a malformed parameter`, () => {
        expect(r.params?.safeParse(malformed.params ?? {}).success).toBe(false);
      });
    }
  }
});

describe('/api/watchDetail/{id}', () => {
  it('keeps the original News names titre, url, description, image', async () => {
    const row = await db
      .selectFrom('episodes')
      .innerJoin('videos', 'videos.id', 'episodes.video_id')
      .select(['episodes.id', 'episodes.title_ar', 'episodes.title_fr', 'episodes.description_fr', 'videos.url'])
      .where('episodes.published_at', '<=', now)
      .orderBy('episodes.id')
      .executeTakeFirstOrThrow();
    const fr = await episodeDetail(db, row.id, 'fr');
    const ar = await episodeDetail(db, row.id, 'ar');
    expect(fr?.News).toMatchObject({ id: row.id, titre: row.title_fr, url: row.url, description: row.description_fr });
    expect(fr?.News.video?.url).toBe(row.url);
    expect(typeof fr?.News.image).toBe('string');
    expect(fr?.News.image).not.toBe('');
    expect(ar?.News.titre).toBe(row.title_ar);
    // Through the route, the names survive the response schema.
    const answer = (await run(route('/api/watchDetail/{id}'), { id: String(row.id) }, 'fr')) as { News: object };
    expect(Object.keys(answer.News)).toEqual(expect.arrayContaining(['titre', 'url', 'description', 'image']));
  });

  it('gives the following episode of the programme as next, and the others as playlist', async () => {
    const programme = await db
      .selectFrom('episodes')
      .select(['programme_id', sql<number>`count(*)`.as('n')])
      .where('published_at', '<=', now)
      .groupBy('programme_id')
      .having(sql<number>`count(*)`, '>=', 3)
      .orderBy('programme_id')
      .executeTakeFirstOrThrow();
    const episodes = await db
      .selectFrom('episodes')
      .select(['id', 'season', 'number'])
      .where('programme_id', '=', programme.programme_id)
      .where('published_at', '<=', now)
      .orderBy('season')
      .orderBy('number')
      .orderBy('id')
      .execute();
    const first = episodes[0]!;
    const second = episodes[1]!;
    const last = episodes.at(-1)!;

    const a = await episodeDetail(db, first.id, 'fr');
    expect(a?.News.next?.id).toBe(second.id);
    expect(a?.News.programme.id).toBe(programme.programme_id);
    expect(a?.News.playlist.map((c) => c.id)).not.toContain(first.id);
    expect(a?.News.playlist.length).toBe(Math.min(episodes.length - 1, 50));

    const b = await episodeDetail(db, second.id, 'fr');
    expect(b?.News.next?.id).toBe(episodes[2]!.id);

    const z = await episodeDetail(db, last.id, 'fr');
    expect(z?.News.next).toBeNull();
  });

  it('hides an episode not yet published, from the page and from its siblings', async () => {
    const future = await db.selectFrom('episodes').selectAll().where('published_at', '>', now).executeTakeFirstOrThrow();
    expect(await episodeDetail(db, future.id, 'fr')).toBeNull();
    const previous = await db
      .selectFrom('episodes')
      .select('id')
      .where('programme_id', '=', future.programme_id)
      .where('published_at', '<=', now)
      .orderBy('season', 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirstOrThrow();
    const d = await episodeDetail(db, previous.id, 'fr');
    expect(d?.News.next?.id).not.toBe(future.id);
    expect(d?.News.playlist.map((c) => c.id)).not.toContain(future.id);
    expect(await episodeDetail(db, 999_999_999, 'fr')).toBeNull();
  });
});

describe('/api/watchLastReplays/{page}', () => {
  it('totals the public rows of episodes, JT bulletins and web videos', async () => {
    const expected =
      (await publicCount('episodes')) + (await publicCount('jt_bulletins')) + (await publicCount('web_videos'));
    const page1 = await lastReplaysPage(db, 1, 'fr');
    expect(page1?.pagination.total).toBe(expected);
    expect(page1?.pagination.pageSize).toBe(REPLAYS_PAGE_SIZE);
    expect(page1?.pagination.totalPages).toBe(Math.ceil(expected / REPLAYS_PAGE_SIZE));
  });

  it('pages through every replay once, newest first, none from the future', async () => {
    const first = await lastReplaysPage(db, 1, 'ar');
    const totalPages = first!.pagination.totalPages;
    const seen: string[] = [];
    const dates: string[] = [];
    const types = new Set<string>();
    for (let page = 1; page <= totalPages; page++) {
      const p = await lastReplaysPage(db, page, 'ar');
      expect(p).not.toBeNull();
      for (const item of p!.items) {
        seen.push(`${item.type}:${item.id}`);
        dates.push(item.publishedAt);
        types.add(item.type);
      }
      if (page < totalPages) expect(p!.items.length).toBe(REPLAYS_PAGE_SIZE);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(first!.pagination.total);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d) => d <= now)).toBe(true);
    expect([...types].sort()).toEqual(['by2m', 'episode', 'jt']);
    expect(await lastReplaysPage(db, totalPages + 1, 'ar')).toBeNull();
  });
});

describe('/api/watchJTDetail', () => {
  it('plays the 10 previous bulletins of the same edition', async () => {
    const bulletins = await db
      .selectFrom('jt_bulletins')
      .select(['id', 'edition', 'published_at'])
      .where('published_at', '<=', now)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const newestFr = bulletins.find((b) => b.edition === 'fr')!;
    const d = await jtDetail(db, newestFr.id, 'ar');
    expect(d?.bulletin.id).toBe(newestFr.id);
    expect(d?.bulletin.edition).toBe('fr');
    expect(d?.bulletin.path).toBe(`/ar/replay/news/fr/${newestFr.id}`);
    const expected = bulletins.filter((b) => b.edition === 'fr' && b.id !== newestFr.id).slice(0, 10).map((b) => b.id);
    expect(d?.playlist.map((c) => c.id)).toEqual(expected);
    for (const c of d!.playlist) {
      expect(c.path).toMatch(/^\/ar\/replay\/news\/fr\/\d+$/);
      expect(c.publishedAt <= newestFr.published_at).toBe(true);
    }
    expect(d?.editions.map((e) => e.edition)).toContain('fr');
  });

  it("without an id shows the newest bulletin of the locale's edition", async () => {
    for (const locale of LOCALES) {
      const newest = await db
        .selectFrom('jt_bulletins')
        .select('id')
        .where('edition', '=', locale)
        .where('published_at', '<=', now)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const d = (await run(route('/api/watchJTDetail/'), {}, locale)) as { bulletin: { id: number; edition: string } };
      expect(d.bulletin).toMatchObject({ id: newest.id, edition: locale });
    }
  });

  it('slides the newest bulletin of each edition first', async () => {
    const { slides } = await jtSlides(db, 'fr');
    expect(slides.length).toBeGreaterThan(0);
    expect(slides.length).toBeLessThanOrEqual(9);
    const editions = await db.selectFrom('jt_bulletins').select('edition').distinct().where('published_at', '<=', now).execute();
    const firstRound = slides.slice(0, editions.length).map((s) => s.path.split('/')[4]);
    expect(new Set(firstRound).size).toBe(editions.length);
    expect(firstRound[0]).toBe('fr');
  });
});

describe('programmes', () => {
  it('/api/watchSerieDetail answers 404 for an emission, and groups a series by season', async () => {
    const emission = await db.selectFrom('programmes').select('id').where('kind', '=', 'emission').executeTakeFirstOrThrow();
    expect(await serieDetail(db, emission.id, 'fr')).toBeNull();
    await expect(run(route('/api/watchSerieDetail/{id}'), { id: String(emission.id) }, 'fr')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const serie = await db.selectFrom('programmes').select('id').where('kind', '=', 'serie').executeTakeFirstOrThrow();
    const d = await serieDetail(db, serie.id, 'fr');
    expect(d?.programme.kind).toBe('serie');
    const seasons = d!.seasons.map((s) => s.season);
    expect(seasons).toEqual([...seasons].sort((a, b) => a - b));
    expect(d!.seasons.reduce((n, s) => n + s.episodes.length, 0)).toBe(d!.programme.episodeCount);
  });

  it('/api/watchEmissionDetail accepts any kind and lists the public episodes', async () => {
    const emission = await db.selectFrom('programmes').select('id').where('kind', '=', 'emission').executeTakeFirstOrThrow();
    const d = await programmeDetail(db, emission.id, 'ar');
    expect(d?.episodes.length).toBe(d?.programme.episodeCount);
    expect(d?.episodes.every((e) => e.type === 'episode' && e.publishedAt <= now)).toBe(true);
    expect(d?.seasons).toEqual([...d!.seasons].sort((a, b) => b - a));
  });

  it('/api/watchEmission gives at most 4 latest episodes per emission, newest first', async () => {
    const answer = (await run(route('/api/watchEmission'), {}, 'fr')) as {
      programmes: { kind: string; latestEpisodes: { publishedAt: string }[] }[];
    };
    expect(answer.programmes.length).toBeGreaterThan(0);
    for (const p of answer.programmes) {
      expect(p.kind).toBe('emission');
      expect(p.latestEpisodes.length).toBeLessThanOrEqual(4);
      const dates = p.latestEpisodes.map((e) => e.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });
});

describe('by2m and Starlight', () => {
  it('counts and pages a tag’s web videos', async () => {
    const { tags } = await tagsWithCounts(db, 'fr');
    const tag = tags.find((t) => t.count > 0)!;
    const ref = await findTag(db, { id: tag.id }, 'fr');
    const page = await tagVideosPage(db, ref!, 1, 'fr');
    expect(page?.pagination.total).toBe(tag.count);
    expect(page?.videos.every((v) => v.type === 'by2m')).toBe(true);
    const bySlug = (await run(route('/api/watch-video-by-tags/{tag}'), { tag: tag.slug }, 'fr')) as { tag: { id: number } };
    expect(bySlug.tag.id).toBe(tag.id);
  });

  it('answers a season by its number, with people and grouped videos', async () => {
    const season = await db.selectFrom('starlight_seasons').select(['id', 'number']).orderBy('number').executeTakeFirstOrThrow();
    const people = await seasonCandidates(db, season.number, 'fr');
    expect(people?.season.id).toBe(season.id);
    expect(people?.candidates.every((p) => p.role === 'candidate')).toBe(true);
    expect(people?.coaches.every((p) => p.role === 'coach')).toBe(true);
    const groups = await seasonVideoGroups(db, season.number, 'ar');
    expect(groups?.groups.every((g) => g.videos.length > 0 && g.videos.every((v) => v.type === 'starlight'))).toBe(true);
    expect(await seasonVideoGroups(db, 999_999, 'ar')).toBeNull();
  });
});
