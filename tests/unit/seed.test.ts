import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchText } from '../../src/lib/normalize.ts';
import { articlePath } from '../../src/lib/paths.ts';
import { layoutIds } from '../../src/lib/front-page.ts';
import { parseLayout } from '../../src/server/content/home.ts';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { STATIC_PAGE_KEYS } from '../../src/server/db/schema.ts';
import { addSyntheticArticles, seedDemoContent, type SeedSummary } from '../../src/server/seed/index.ts';
import { SAMPLE_VIDEOS } from '../../src/server/seed/media.ts';
import { createGrid } from '../../src/server/seed/catalogue.ts';
import { addDays, broadcastDay, localDay, localToUtc } from '../../src/server/seed/time.ts';

// Saturday 21 November 2026, 22:30 in Casablanca (UTC+0 all year since 2026-09-20).
const NOW = new Date('2026-11-21T22:30:00.000Z');
const DAY = 24 * 3600_000;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const LANGS = ['ar', 'fr'] as const;

let db: DB;
let dataDir: string;
let summary: SeedSummary;

async function count(query: { executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined> }): Promise<number> {
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  db = (await openStore({ dataDir: ':memory:' })).db;
  summary = await seedDemoContent(db, { dataDir, now: NOW });
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('demo content seed', () => {
  it('reports what it created', () => {
    expect(summary.articles).toBeGreaterThanOrEqual(300);
    expect(summary.articlesByLang.ar).toBeGreaterThanOrEqual(150);
    expect(summary.articlesByLang.fr).toBeGreaterThanOrEqual(150);
    expect(summary.images).toBeGreaterThanOrEqual(150);
    expect(summary.images).toBeLessThanOrEqual(250);
  });

  it('refuses a store that is not empty', async () => {
    await expect(seedDemoContent(db, { dataDir, now: NOW })).rejects.toThrow(/not empty/);
  });

  it('has master tags with children in both languages', async () => {
    for (const lang of LANGS) {
      const masters = await db.selectFrom('master_tags').selectAll().where('lang', '=', lang).execute();
      const tops = masters.filter((m) => m.parent_id === null);
      const withChildren = tops.filter((t) => masters.some((m) => m.parent_id === t.id));
      expect(withChildren.length).toBeGreaterThanOrEqual(6);
      for (const m of masters) {
        expect(m.route_name).toMatch(SLUG);
        if (m.parent_id !== null) expect(tops.map((t) => t.id)).toContain(m.parent_id);
      }
      expect(new Set(masters.map((m) => m.route_name)).size).toBe(masters.length);
      for (const route of ['actualite', 'societe', 'economie', 'sport', 'culture', 'monde', 'regions']) {
        expect(tops.map((t) => t.route_name)).toContain(route);
      }
    }
  });

  it('has tags, one call-for-tenders tag per language, and tender articles', async () => {
    for (const lang of LANGS) {
      const tags = await db.selectFrom('tags').selectAll().where('lang', '=', lang).execute();
      expect(tags.length).toBeGreaterThanOrEqual(12);
      for (const t of tags) expect(t.slug).toMatch(SLUG);
      const tenders = tags.filter((t) => t.is_call_for_tenders === 1);
      expect(tenders).toHaveLength(1);
      const tenderArticles = await count(
        db.selectFrom('article_tags').where('tag_id', '=', tenders[0]?.id ?? -1).select(sql<number>`count(*)`.as('n')),
      );
      expect(tenderArticles).toBeGreaterThanOrEqual(3);
      const used = await count(
        db
          .selectFrom('article_tags')
          .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
          .where('tags.lang', '=', lang)
          .select(sql<number>`count(distinct article_tags.tag_id)`.as('n')),
      );
      expect(used).toBeGreaterThanOrEqual(12);
    }
  });

  it('has articles that meet the editorial rules', async () => {
    const articles = await db.selectFrom('articles').selectAll().execute();
    for (const lang of LANGS) {
      const mine = articles.filter((a) => a.lang === lang);
      expect(mine.length).toBeGreaterThanOrEqual(150);
      expect(new Set(mine.map((a) => a.title)).size).toBe(mine.length);
      expect(new Set(mine.map((a) => a.slug)).size).toBe(mine.length);
      const recent = mine.filter((a) => a.status === 'published' && Date.parse(a.published_at) > NOW.getTime() - 2 * DAY);
      expect(recent.length).toBeGreaterThanOrEqual(5);
    }
    const keys = new Map<string, number>();
    for (const a of articles) keys.set(a.translation_key, (keys.get(a.translation_key) ?? 0) + 1);
    const paired = articles.filter((a) => keys.get(a.translation_key) === 2).length;
    expect(paired / articles.length).toBeGreaterThan(0.6);
    expect(paired / articles.length).toBeLessThan(0.8);
    const drafts = articles.filter((a) => a.status === 'draft');
    expect(drafts.length).toBeGreaterThanOrEqual(3);
    expect(drafts.length).toBeLessThanOrEqual(8);
    for (const a of articles) {
      expect(a.slug).toMatch(SLUG);
      expect(['draft', 'published']).toContain(a.status);
      expect(Date.parse(a.published_at)).toBeLessThanOrEqual(NOW.getTime());
      expect(Date.parse(a.published_at)).toBeGreaterThan(NOW.getTime() - 61 * DAY);
      expect(a.updated_at >= a.published_at).toBe(true);
      expect(a.cover_image_id).not.toBeNull();
      expect(a.master_tag_id).not.toBeNull();
      expect(a.author_id).not.toBeNull();
      expect(a.body_html).toMatch(/<p>/);
      expect(a.body_html).toMatch(/<h2>/);
      expect(a.body_html).toMatch(/<blockquote>/);
      expect((a.body_html.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(4);
      expect(a.search_text).toBe(normalizeSearchText(a.search_text));
      expect(a.search_text.startsWith(normalizeSearchText(a.title))).toBe(true);
    }
    const views = new Set(articles.map((a) => a.view_count));
    expect(views.size).toBeGreaterThan(articles.length / 2);
  });

  it('tags every article with 1 to 4 tags of its language', async () => {
    const rows = await db
      .selectFrom('articles')
      .leftJoin('article_tags', 'article_tags.article_id', 'articles.id')
      .leftJoin('tags', 'tags.id', 'article_tags.tag_id')
      .select(['articles.id', 'articles.lang', 'articles.search_text', 'tags.lang as tag_lang', 'tags.name as tag_name'])
      .execute();
    const byArticle = new Map<number, typeof rows>();
    for (const r of rows) byArticle.set(r.id, [...(byArticle.get(r.id) ?? []), r]);
    for (const list of byArticle.values()) {
      const tagged = list.filter((r) => r.tag_lang !== null);
      expect(tagged.length).toBeGreaterThanOrEqual(1);
      expect(tagged.length).toBeLessThanOrEqual(4);
      for (const r of tagged) {
        expect(r.tag_lang).toBe(r.lang);
        expect(r.search_text).toContain(normalizeSearchText(r.tag_name ?? ''));
      }
    }
  });

  it('gives some articles a gallery, a video, a dossier and a programme', async () => {
    const articles = await db.selectFrom('articles').selectAll().execute();
    const galleries = await db
      .selectFrom('article_images')
      .select(['article_id', sql<number>`count(*)`.as('n'), sql<number>`sum(case when caption is null then 1 else 0 end)`.as('nocaption')])
      .groupBy('article_id')
      .execute();
    expect(galleries.length / articles.length).toBeGreaterThan(0.1);
    expect(galleries.length / articles.length).toBeLessThan(0.35);
    for (const g of galleries) {
      expect(Number(g.n)).toBeGreaterThanOrEqual(2);
      expect(Number(g.n)).toBeLessThanOrEqual(5);
      expect(Number(g.nocaption)).toBe(0);
    }
    const withVideo = articles.filter((a) => a.video_id !== null).length / articles.length;
    expect(withVideo).toBeGreaterThan(0.08);
    expect(withVideo).toBeLessThan(0.25);
    for (const lang of LANGS) {
      const dossiers = await db.selectFrom('dossiers').selectAll().where('lang', '=', lang).execute();
      expect(dossiers).toHaveLength(3);
      for (const d of dossiers) {
        expect(d.cover_image_id).not.toBeNull();
        expect(articles.filter((a) => a.dossier_id === d.id).length).toBeGreaterThanOrEqual(2);
      }
      expect(articles.filter((a) => a.lang === lang && a.programme_id !== null).length).toBeGreaterThanOrEqual(3);
    }
    const authors = await db.selectFrom('authors').selectAll().execute();
    expect(authors.length).toBeGreaterThanOrEqual(10);
    for (const a of authors) expect(a.slug).toMatch(SLUG);
  });

  it('builds each language’s first front page from published articles', async () => {
    for (const lang of LANGS) {
      const versions = await db.selectFrom('front_page_versions').selectAll().where('lang', '=', lang).execute();
      expect(versions).toHaveLength(1);
      const layout = parseLayout(versions[0]!.layout);
      const ids = layoutIds(layout);
      expect(new Set(ids).size).toBe(ids.length);
      const rows = await db.selectFrom('articles').select(['id', 'lang', 'status']).where('id', 'in', ids).execute();
      expect(rows).toHaveLength(ids.length);
      for (const r of rows) {
        expect(r.lang).toBe(lang);
        expect(r.status).toBe('published');
      }
      expect(layout.slider).toHaveLength(5);
      expect(layout.hot).toHaveLength(6);
      expect(layout.une.length).toBeGreaterThanOrEqual(6);
      for (const block of layout.une) {
        expect(block.items.length).toBeGreaterThanOrEqual(4);
        expect(block.items.length).toBeLessThanOrEqual(6);
        const master = await db.selectFrom('master_tags').select('name').where('id', '=', block.masterTagId!).executeTakeFirstOrThrow();
        expect(block.title).toBe(master.name);
      }
    }
  });

  it('has 20 breaking news items per language linking to real article paths', async () => {
    for (const lang of LANGS) {
      const items = await db.selectFrom('breaking_news').selectAll().where('lang', '=', lang).execute();
      expect(items).toHaveLength(20);
      const active = items.filter((b) => Date.parse(b.starts_at) <= NOW.getTime() && (b.ends_at === null || Date.parse(b.ends_at) > NOW.getTime()));
      expect(active.length).toBeGreaterThanOrEqual(10);
      for (const b of items) {
        const a = await db
          .selectFrom('articles')
          .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
          .select(['articles.slug', 'articles.lang', 'articles.status', 'master_tags.route_name'])
          .where('articles.id', '=', b.article_id ?? -1)
          .executeTakeFirstOrThrow();
        expect(b.url).toBe(articlePath(lang, a.route_name, a.slug));
        expect(a.lang).toBe(lang);
        expect(a.status).toBe('published');
        if (b.ends_at !== null) expect(b.ends_at > b.starts_at).toBe(true);
      }
    }
  });

  it('has the built-in live channel', async () => {
    const channels = await db.selectFrom('live_channels').selectAll().where('is_active', '=', 1).execute();
    expect(channels).toHaveLength(1);
    expect(channels[0]?.stream_url).toBeNull();
    expect(channels[0]?.poster_image_id).not.toBeNull();
  });

  it('has programmes with episodes', async () => {
    const programmes = await db.selectFrom('programmes').selectAll().execute();
    expect(programmes).toHaveLength(10);
    expect(programmes.filter((p) => p.kind === 'emission').length).toBeGreaterThanOrEqual(4);
    expect(programmes.filter((p) => p.kind === 'serie').length).toBeGreaterThanOrEqual(2);
    expect(programmes.filter((p) => p.kind === 'film').length).toBeGreaterThanOrEqual(1);
    const episodes = await db
      .selectFrom('episodes')
      .innerJoin('videos', 'videos.id', 'episodes.video_id')
      .select(['episodes.programme_id', 'episodes.thumbnail_image_id', 'episodes.published_at', 'videos.url'])
      .execute();
    expect(episodes.length).toBeGreaterThanOrEqual(60);
    for (const p of programmes) {
      expect(p.cover_image_id).not.toBeNull();
      expect(p.poster_image_id).not.toBeNull();
      expect(p.schedule_ar).not.toBe('');
      expect(p.schedule_fr).not.toBe('');
      const mine = episodes.filter((e) => e.programme_id === p.id);
      if (p.kind === 'film') expect(mine).toHaveLength(1);
      else expect(mine.length).toBeGreaterThanOrEqual(6);
    }
    for (const e of episodes) {
      expect(e.thumbnail_image_id).not.toBeNull();
      expect(e.url).toBe(SAMPLE_VIDEOS.replay.url);
      expect(Date.parse(e.published_at)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('has news bulletins for the last 14 days in three editions', async () => {
    const rows = await db
      .selectFrom('jt_bulletins')
      .innerJoin('videos', 'videos.id', 'jt_bulletins.video_id')
      .select(['edition', 'air_date', 'air_time', 'title_ar', 'title_fr', 'published_at', 'thumbnail_image_id', 'videos.url'])
      .execute();
    const today = localDay(NOW);
    const days = [...new Set(rows.map((r) => r.air_date))].sort();
    expect(days).toHaveLength(14);
    expect(days[0]).toBe(addDays(today, -13));
    expect(days[13]).toBe(today);
    for (const d of days) {
      expect(new Set(rows.filter((r) => r.air_date === d).map((r) => r.edition))).toEqual(new Set(['ar', 'fr', 'amz']));
    }
    expect(rows.some((r) => r.title_ar === 'الأخبار المسائية - 21 نونبر 2026')).toBe(true);
    expect(rows.some((r) => r.title_fr === 'Journal de 20h45 - 21 novembre 2026')).toBe(true);
    for (const r of rows) {
      expect(r.air_time).toMatch(/^\d\d:\d\d$/);
      expect(Date.parse(r.published_at)).toBeLessThanOrEqual(NOW.getTime());
      expect(r.url).toBe(SAMPLE_VIDEOS.journal.url);
      expect(r.thumbnail_image_id).not.toBeNull();
    }
  });

  it('has web videos in tags', async () => {
    expect(await count(db.selectFrom('web_video_tags').select(sql<number>`count(*)`.as('n')))).toBeGreaterThanOrEqual(5);
    const videos = await db.selectFrom('web_videos').innerJoin('videos', 'videos.id', 'web_videos.video_id').select(['slug', 'url']).execute();
    expect(videos.length).toBeGreaterThanOrEqual(40);
    for (const v of videos) {
      expect(v.slug).toMatch(SLUG);
      expect(v.url).toBe(SAMPLE_VIDEOS.web.url);
    }
  });

  it('has a back-to-back programme grid over 14 days', async () => {
    const rows = await db.selectFrom('grid_entries').selectAll().orderBy('starts_at').execute();
    const today = localDay(NOW);
    const days = [...new Set(rows.map((r) => r.day))].sort();
    expect(days).toHaveLength(14);
    expect(days[0]).toBe(addDays(today, -7));
    expect(days[13]).toBe(addDays(today, 6));
    for (const d of days) {
      const list = rows.filter((r) => r.day === d);
      expect(list[0]?.starts_at).toBe(localToUtc(d, 6 * 60).toISOString());
      expect(Date.parse(list[list.length - 1]?.ends_at ?? '')).toBeGreaterThanOrEqual(localToUtc(d, 25 * 60).getTime());
      for (let i = 1; i < list.length; i++) expect(list[i]?.starts_at).toBe(list[i - 1]?.ends_at);
      for (const r of list) expect(r.ends_at > r.starts_at).toBe(true);
      expect(list.filter((r) => r.is_live === 1).length).toBeGreaterThanOrEqual(3);
      expect(list.some((r) => r.programme_id !== null)).toBe(true);
    }
  });

  it('has three Starlight seasons with candidates, coaches and videos', async () => {
    const seasons = await db.selectFrom('starlight_seasons').selectAll().orderBy('number').execute();
    expect(seasons.map((s) => s.number)).toEqual([1, 2, 3]);
    const people = await db.selectFrom('starlight_people').selectAll().execute();
    expect(new Set(people.map((p) => p.slug)).size).toBe(people.length);
    for (const s of seasons) {
      const mine = people.filter((p) => p.season_id === s.id);
      expect(mine.filter((p) => p.role === 'candidate').length).toBeGreaterThanOrEqual(8);
      expect(mine.filter((p) => p.role === 'candidate').length).toBeLessThanOrEqual(12);
      expect(mine.filter((p) => p.role === 'coach').length).toBeGreaterThanOrEqual(3);
      expect(mine.filter((p) => p.role === 'coach').length).toBeLessThanOrEqual(4);
      for (const p of mine) {
        expect(p.slug).toMatch(SLUG);
        expect(p.photo_image_id).not.toBeNull();
      }
      const videos = await db.selectFrom('starlight_videos').selectAll().where('season_id', '=', s.id).execute();
      const kinds = new Set(videos.map((v) => v.kind));
      expect(kinds.has('prime')).toBe(true);
      expect(kinds.has('performance')).toBe(true);
      expect(kinds.has('portrait')).toBe(true);
      for (const v of videos.filter((x) => x.kind === 'performance' || x.kind === 'portrait')) expect(v.person_id).not.toBeNull();
      for (const v of videos) expect(Date.parse(v.published_at)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('writes French titles with a narrow no-break space before : ; ! ? and inside « »', async () => {
    const bad = /(?:[^\u202f][:;!?](?=\s|$))|(?:«[^\u202f])|(?:[^\u202f]»)/u;
    const titles: string[] = [];
    const frArticles = await db.selectFrom('articles').select('title').where('lang', '=', 'fr').execute();
    titles.push(...frArticles.map((r) => r.title));
    for (const table of ['programmes', 'episodes', 'jt_bulletins', 'web_videos', 'starlight_videos'] as const) {
      const rows = await db.selectFrom(table).select('title_fr').execute();
      titles.push(...rows.map((r) => r.title_fr));
    }
    expect(titles.length).toBeGreaterThan(300);
    expect(titles.filter((t) => bad.test(t))).toEqual([]);
  });

  it('has one static page per key and language', async () => {
    for (const lang of LANGS) {
      const pages = await db.selectFrom('static_pages').selectAll().where('lang', '=', lang).execute();
      expect(pages.map((p) => p.page).sort()).toEqual([...STATIC_PAGE_KEYS].sort());
      for (const p of pages) {
        expect(p.title).not.toBe('');
        expect((p.body_html.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('has ad tags with and without a pub code', async () => {
    const rows = await db.selectFrom('ad_tags').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.pub_code === null)).toBe(true);
    expect(rows.some((r) => r.pub_code?.startsWith('/2M/video/'))).toBe(true);
    expect(rows.some((r) => r.tag_id !== null)).toBe(true);
    expect(rows.some((r) => r.programme_id !== null)).toBe(true);
  });

  it('records videos with a poster, playing one of the committed samples', async () => {
    const videos = await db.selectFrom('videos').selectAll().execute();
    const samples = Object.values(SAMPLE_VIDEOS);
    for (const v of videos) {
      const { id: _id, poster_image_id, ...media } = v;
      expect(samples).toContainEqual(media);
      expect(poster_image_id).not.toBeNull();
    }
    // Every sample is used: HLS and MP4, with and without captions.
    expect(new Set(videos.map((v) => v.url))).toEqual(new Set(samples.map((x) => x.url)));
  });

  it('writes every image file with the recorded size', async () => {
    const images = await db.selectFrom('images').selectAll().execute();
    for (const img of images) {
      expect(img.url).toMatch(/^\/media\/img\/[a-z0-9-]+\.jpg$/);
      const file = path.join(dataDir, 'media', img.url.replace('/media/', ''));
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height]).toEqual([img.width, img.height]);
      expect((await stat(file)).size).toBe(img.bytes);
      expect(img.bytes).toBeLessThan(150_000);
      expect(img.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(img.alt_ar).not.toBe('');
      expect(img.alt_fr).not.toBe('');
      const variants = JSON.parse(img.variants) as { url: string; width: number; height: number }[];
      expect(variants.length).toBeGreaterThanOrEqual(2);
      for (const v of variants) {
        const vm = await sharp(path.join(dataDir, 'media', v.url.replace('/media/', ''))).metadata();
        expect([vm.width, vm.height]).toEqual([v.width, v.height]);
        expect(v.width).toBeLessThan(img.width);
      }
    }
    const kinds = images.map((i) => `${i.width}x${i.height}`);
    for (const size of ['1280x720', '600x900', '600x600']) expect(kinds).toContain(size);
  });

  it('contains no placeholder text', async () => {
    const tables = ['articles', 'tags', 'master_tags', 'dossiers', 'authors', 'programmes', 'episodes', 'jt_bulletins', 'web_videos', 'grid_entries', 'starlight_seasons', 'starlight_people', 'starlight_videos', 'static_pages', 'breaking_news', 'images'] as const;
    for (const table of tables) {
      const rows = await db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      expect(text).not.toMatch(/lorem|ipsum/i);
      expect(text).not.toMatch(/undefined|NaN|\[object /);
    }
  });

  it('adds synthetic articles that reuse the stored images', async () => {
    const before = await count(db.selectFrom('articles').select(sql<number>`count(*)`.as('n')));
    const imagesBefore = await count(db.selectFrom('images').select(sql<number>`count(*)`.as('n')));
    expect(await addSyntheticArticles(db, 1200, { now: NOW, batch: 500 })).toBe(1200);
    const added = await db.selectFrom('articles').selectAll().where('translation_key', 'like', 'syn-%').execute();
    expect(added).toHaveLength(1200);
    expect(await count(db.selectFrom('articles').select(sql<number>`count(*)`.as('n')))).toBe(before + 1200);
    expect(await count(db.selectFrom('images').select(sql<number>`count(*)`.as('n')))).toBe(imagesBefore);
    for (const a of added.slice(0, 200)) {
      expect(a.slug).toMatch(SLUG);
      expect(a.cover_image_id).not.toBeNull();
      expect(a.title).not.toMatch(/lorem/i);
    }
    expect(new Set(added.map((a) => a.title)).size).toBeGreaterThan(1000);
    const untagged = await count(
      db
        .selectFrom('articles')
        .where('translation_key', 'like', 'syn-%')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('article_tags').select('tag_id').whereRef('article_tags.article_id', '=', 'articles.id'))))
        .select(sql<number>`count(*)`.as('n')),
    );
    expect(untagged).toBe(0);
  });
});

describe('determinism', () => {
  it('seeds the same content for the same now', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
    const other = (await openStore({ dataDir: ':memory:' })).db;
    try {
      await seedDemoContent(other, { dataDir: otherDir, now: NOW });
      const pick = (d: DB) =>
        d.selectFrom('articles').select(['lang', 'slug', 'title', 'published_at', 'view_count']).where('translation_key', 'not like', 'syn-%').orderBy('id').execute();
      expect(await pick(other)).toEqual(await pick(db));
      const imgs = (d: DB) => d.selectFrom('images').select(['url', 'bytes', 'color']).orderBy('id').execute();
      expect(await imgs(other)).toEqual(await imgs(db));
    } finally {
      await other.destroy();
      await rm(otherDir, { recursive: true, force: true });
    }
  }, 180_000);
});

/* ---- The committed sample media the seeded videos play ---- */

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');
const publicFile = (url: string): string => path.join(PUBLIC_DIR, ...url.split('/'));

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The ISO BMFF boxes between start and end (content offsets). */
function boxes(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let at = start; at + 8 <= end; ) {
    const size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size < 8) break;
    out.push({ type, start: at + 8, end: at + size });
    at += size;
  }
  return out;
}

/** An MP4's duration (mvhd) and its video track's picture size (tkhd), and whether moov precedes mdat (faststart). */
function mp4Info(buf: Buffer): { duration: number; width: number; height: number; faststart: boolean } {
  const top = boxes(buf, 0, buf.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Error('no moov box');
  const inner = boxes(buf, moov.start, moov.end);
  const mvhd = inner.find((b) => b.type === 'mvhd');
  if (!mvhd) throw new Error('no mvhd box');
  const v1 = buf.readUInt8(mvhd.start) === 1;
  const timescale = buf.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const units = v1 ? Number(buf.readBigUInt64BE(mvhd.start + 24)) : buf.readUInt32BE(mvhd.start + 16);
  const sizes = inner
    .filter((b) => b.type === 'trak')
    .flatMap((t) => boxes(buf, t.start, t.end).filter((b) => b.type === 'tkhd'))
    .map((tkhd) => ({ width: buf.readUInt32BE(tkhd.end - 8) / 65536, height: buf.readUInt32BE(tkhd.end - 4) / 65536 }));
  const video = sizes.find((x) => x.width > 0);
  if (!video) throw new Error('no video track');
  const mdat = top.findIndex((b) => b.type === 'mdat');
  return { duration: units / timescale, ...video, faststart: top.indexOf(moov) < mdat };
}

describe('sample media', () => {
  for (const [name, sample] of Object.entries(SAMPLE_VIDEOS)) {
    it(`${name}: the file exists with the recorded duration and size`, async () => {
      if (sample.mime === 'video/mp4') {
        const info = mp4Info(await readFile(publicFile(sample.url)));
        expect(info.duration).toBeCloseTo(sample.duration_s, 1);
        expect([info.width, info.height]).toEqual([sample.width, sample.height]);
        expect(info.faststart).toBe(true);
      } else {
        const master = await readFile(publicFile(sample.url), 'utf8');
        const variants = [...master.matchAll(/^#EXT-X-STREAM-INF:.*RESOLUTION=(\d+)x(\d+).*\n(.+)$/gm)];
        expect(variants.length).toBeGreaterThanOrEqual(2);
        const largest = variants.map((v) => [Number(v[1]), Number(v[2])]).sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0))[0];
        expect(largest).toEqual([sample.width, sample.height]);
        for (const v of variants) {
          const playlistUrl = new URL(v[3] ?? '', `http://x${sample.url}`).pathname;
          const playlist = await readFile(publicFile(playlistUrl), 'utf8');
          expect(playlist).toContain('#EXT-X-ENDLIST');
          const durations = [...playlist.matchAll(/^#EXTINF:([\d.]+),\n(.+)$/gm)];
          expect(durations.reduce((sum, d) => sum + Number(d[1]), 0)).toBeCloseTo(sample.duration_s, 1);
          for (const d of durations) expect((await stat(publicFile(new URL(d[2] ?? '', `http://x${playlistUrl}`).pathname))).size).toBeGreaterThan(0);
        }
      }
      const captions = JSON.parse(sample.captions) as { lang: string; label: string; url: string }[];
      for (const c of captions) {
        const vtt = await readFile(publicFile(c.url), 'utf8');
        expect(vtt.startsWith('WEBVTT')).toBe(true);
        expect(vtt).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/m);
        // The Arabic track is in Arabic script, the French one in Latin script.
        expect(vtt).toMatch(c.lang === 'ar' ? /[\u0600-\u06ff]{3}/ : /\b(et|la|le|les|de)\b/);
      }
    });
  }
});

describe('the demo grid seeded at night', () => {
  // Sunday 29 November 2026, 01:13 in Casablanca: the calendar says the 29th,
  // the broadcast day on air is still the 28th's.
  const NIGHT = new Date('2026-11-29T01:13:00.000Z');

  it('is centred on the broadcast day on air, so the day after its last is free', async () => {
    const store = (await openStore({ dataDir: ':memory:' })).db;
    try {
      await createGrid(store, NIGHT, new Map(), []);
      const days = (await store.selectFrom('grid_entries').select('day').distinct().orderBy('day').execute()).map((r) => r.day);
      expect(broadcastDay(NIGHT)).toBe('2026-11-28');
      expect(days).toHaveLength(14);
      expect(days[0]).toBe('2026-11-21');
      expect(days[13]).toBe('2026-12-04');
      // The programme on air at 01:13 belongs to the 28th's grid.
      const onAir = await store
        .selectFrom('grid_entries')
        .select('day')
        .where('starts_at', '<=', NIGHT.toISOString())
        .where('ends_at', '>', NIGHT.toISOString())
        .execute();
      expect(onAir).toEqual([{ day: '2026-11-28' }]);
    } finally {
      await store.destroy();
    }
  });
});
