/**
 * The content API (docs/product.md, Content API) against a small, fully known fixture in a
 * temporary store: the content functions directly, and the routes through
 * the dispatcher (which validates every answer against its schema outside
 * production and answers 500 on a mismatch).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src/server/api/define.ts';
import { createDispatcher } from '../../src/server/api/dispatch.ts';
import { contentRoutes } from '../../src/server/api/routes/content.ts';
import { getDb, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import { normalizeSearchText } from '../../src/lib/normalize.ts';
import { activeBreakingNews } from '../../src/server/content/breaking.ts';
import { gridDay, gridFortnight } from '../../src/server/content/grid.ts';
import { articlePage } from '../../src/server/content/articles.ts';
import { searchContent } from '../../src/server/content/search.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'content-api-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'test';
delete process.env.DATABASE_URL;
delete process.env.LIVE_STREAM_URL;

const dispatch = createDispatcher(contentRoutes as unknown as RouteDef[]);
const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

interface Answer {
  status: number;
  body: { header: { status: string; code: number }; response: Record<string, unknown> } | null;
}

async function get(pathAndQuery: string, locale: 'ar' | 'fr' = 'fr'): Promise<Answer> {
  const res = await dispatch(new Request(`http://localhost${pathAndQuery}`, { headers: { locale } }));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : null };
}

/* ---- the fixture ---- */

const ids = {
  frArticle: 0,
  arArticle: 0,
  arEnergy: 0,
  frTitleMatch: 0,
  frSubtitleMatch: 0,
  frDraft: 0,
  frFuture: 0,
  societe: 0,
  sante: 0,
  tag: 0,
  author: 0,
  dossier: 0,
  emission: 0,
  grid: [] as number[],
};
/** Published French articles in the fixture. */
let frPublished = 0;

async function insert<T extends 'images' | 'articles' | 'master_tags' | 'tags' | 'authors' | 'dossiers' | 'programmes' | 'grid_entries' | 'videos'>(
  db: DB,
  table: T,
  row: NewRow<T>,
): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic insert over a union of tables
  const r = await (db as any).insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number((r as { id: number }).id);
}

function article(over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'slug' | 'title'>): NewRow<'articles'> {
  const subtitle = over.subtitle ?? '';
  return {
    translation_key: over.slug,
    subtitle,
    body_html: `<p>${over.title}</p>`,
    status: 'published',
    published_at: ago(48),
    updated_at: ago(48),
    search_text: normalizeSearchText(`${over.title} ${subtitle}`),
    ...over,
  };
}

async function seedFixture(db: DB): Promise<void> {
  const img = (n: number) =>
    insert(db, 'images', {
      url: `/media/img/t${n}.jpg`,
      width: 1280,
      height: 720,
      mime: 'image/jpeg',
      bytes: 1000,
      alt_ar: `صورة ${n}`,
      alt_fr: `Image ${n}`,
      credit: null,
      variants: JSON.stringify([{ url: `/media/img/t${n}-320.jpg`, width: 320, height: 180 }]),
      color: '#336699',
    });
  const cover = await img(1);
  const galleryImg = await img(2);
  const video = await insert(db, 'videos', {
    url: '/media/video/t1/index.m3u8',
    mime: 'application/vnd.apple.mpegurl',
    duration_s: 95,
    width: 1280,
    height: 720,
    poster_image_id: cover,
    captions: JSON.stringify([{ lang: 'fr', label: 'Français', url: '/media/video/t1/fr.vtt' }]),
  });
  ids.author = await insert(db, 'authors', {
    slug: 'salma-bennani',
    name_ar: 'سلمى بناني',
    name_fr: 'Salma Bennani',
    role_ar: 'صحفية',
    role_fr: 'Journaliste',
  });
  ids.societe = await insert(db, 'master_tags', {
    lang: 'fr',
    translation_key: 'societe',
    name: 'Société',
    route_name: 'societe',
    parent_id: null,
    position: 1,
  });
  ids.sante = await insert(db, 'master_tags', {
    lang: 'fr',
    translation_key: 'sante',
    name: 'Santé',
    route_name: 'sante',
    parent_id: ids.societe,
    position: 1,
  });
  const mujtama = await insert(db, 'master_tags', {
    lang: 'ar',
    translation_key: 'societe',
    name: 'مجتمع',
    route_name: 'mujtama',
    parent_id: null,
    position: 1,
  });
  ids.tag = await insert(db, 'tags', { lang: 'fr', translation_key: 'education', slug: 'education', name: 'Éducation' });
  await insert(db, 'tags', { lang: 'ar', translation_key: 'energie', slug: 'taqa', name: 'الطاقة' });
  ids.dossier = await insert(db, 'dossiers', {
    lang: 'fr',
    translation_key: 'rentree',
    slug: 'rentree-2026',
    title: 'Rentrée 2026',
    description: 'Tout sur la rentrée',
    cover_image_id: cover,
    position: 1,
  });
  ids.emission = await insert(db, 'programmes', {
    kind: 'emission',
    slug: 'rachid-show',
    title_ar: 'رشيد شو',
    title_fr: 'Rachid Show',
    description_ar: 'برنامج حواري',
    description_fr: 'Talk-show',
    genre: 'talk-show',
    cover_image_id: null,
    poster_image_id: null,
    schedule_ar: 'كل خميس',
    schedule_fr: 'Chaque jeudi',
    position: 1,
    is_active: 1,
  });

  ids.frArticle = await insert(
    db,
    'articles',
    article({
      lang: 'fr',
      translation_key: 'rentree',
      slug: 'rentree-scolaire-casablanca',
      title: 'Rentrée scolaire à Casablanca',
      subtitle: 'Les écoles rouvrent',
      cover_image_id: cover,
      video_id: video,
      master_tag_id: ids.societe,
      dossier_id: ids.dossier,
      author_id: ids.author,
      programme_id: ids.emission,
      published_at: ago(1),
      updated_at: ago(0.5),
      view_count: 500,
    }),
  );
  await db.insertInto('article_images').values({ article_id: ids.frArticle, image_id: galleryImg, position: 1, caption: 'Une classe' }).execute();
  await db.insertInto('article_tags').values({ article_id: ids.frArticle, tag_id: ids.tag, position: 1 }).execute();
  await db.insertInto('ad_tags').values({ tag_id: ids.tag, programme_id: null, pub_code: '/1234/2m/education', description: 'Éducation' }).execute();
  ids.arArticle = await insert(
    db,
    'articles',
    article({
      lang: 'ar',
      translation_key: 'rentree',
      slug: 'الدخول-المدرسي-بالدار-البيضاء',
      title: 'الدخول المدرسي بالدار البيضاء',
      master_tag_id: mujtama,
      author_id: ids.author,
      published_at: ago(2),
    }),
  );
  // Written with bare alif and final ha: found by a query typed with hamza and ta marbuta.
  ids.arEnergy = await insert(
    db,
    'articles',
    article({ lang: 'ar', slug: 'اسعار-الطاقه', title: 'اسعار الطاقه في المغرب', master_tag_id: mujtama, published_at: ago(3) }),
  );
  // Search ranking: the older article matches in its title, the newer only in its subtitle.
  ids.frTitleMatch = await insert(
    db,
    'articles',
    article({ lang: 'fr', slug: 'festival-gnaoua', title: 'Le festival Gnaoua revient', master_tag_id: ids.sante, published_at: ago(30) }),
  );
  ids.frSubtitleMatch = await insert(
    db,
    'articles',
    article({ lang: 'fr', slug: 'ete-essaouira', title: 'Un été à Essaouira', subtitle: 'Avant le festival Gnaoua', master_tag_id: ids.sante, published_at: ago(5) }),
  );
  ids.frDraft = await insert(
    db,
    'articles',
    article({ lang: 'fr', slug: 'brouillon', title: 'Brouillon festival', status: 'draft', master_tag_id: ids.societe, published_at: ago(4) }),
  );
  ids.frFuture = await insert(
    db,
    'articles',
    article({ lang: 'fr', slug: 'demain', title: 'Article de demain festival', master_tag_id: ids.societe, published_at: new Date(Date.now() + 24 * HOUR).toISOString() }),
  );
  // Filler for pagination: 22 more published French articles in Santé (child of Société).
  for (let i = 1; i <= 22; i++) {
    await insert(
      db,
      'articles',
      article({ lang: 'fr', slug: `depeche-${i}`, title: `Dépêche numéro ${i}`, master_tag_id: ids.sante, author_id: ids.author, published_at: ago(10 + i) }),
    );
  }
  frPublished = 1 + 2 + 22;

  // The French front page (ADR 040): its live version.
  await db
    .insertInto('front_page_versions')
    .values({
      lang: 'fr',
      number: 1,
      layout: JSON.stringify({
        slider: [ids.frArticle],
        une: [
          { title: 'Société', masterTagId: ids.societe, items: [ids.frArticle, ids.frTitleMatch] },
          { title: 'Culture', masterTagId: null, items: [ids.frSubtitleMatch] },
        ],
        hot: [ids.frDraft, ids.frTitleMatch],
      }),
      kind: 'publish',
      restored_from: null,
      effective_at: ago(1),
      canceled_at: null,
      user_id: null,
      actor: 'test',
      created_at: ago(1),
    })
    .execute();

  await db
    .insertInto('breaking_news')
    .values([
      { lang: 'fr', title: 'Séisme ressenti à Agadir', url: '/fr/societe/seisme', article_id: null, position: 2, starts_at: ago(1), ends_at: null },
      { lang: 'fr', title: 'Rentrée scolaire', url: '', article_id: ids.frArticle, position: 1, starts_at: ago(1), ends_at: ago(-1) },
      { lang: 'fr', title: 'Expirée', url: '/fr/x', article_id: null, position: 0, starts_at: ago(5), ends_at: ago(2) },
      { lang: 'fr', title: 'Programmée', url: '/fr/y', article_id: null, position: 0, starts_at: ago(-2), ends_at: null },
      { lang: 'ar', title: 'منتهية', url: '/ar/x', article_id: null, position: 0, starts_at: ago(5), ends_at: ago(2) },
    ])
    .execute();

  await db.insertInto('live_channels').values({ slug: '2m', name_ar: '2M مباشر', name_fr: '2M en direct', stream_url: null, poster_image_id: cover, is_active: 1, position: 1 }).execute();

  const day = '2026-11-22';
  const entry = (start: string, end: string, title: string, live = 0) =>
    insert(db, 'grid_entries', {
      day,
      starts_at: `${day}T${start}:00.000Z`,
      ends_at: `${day}T${end}:00.000Z`,
      title_ar: `ع ${title}`,
      title_fr: title,
      genre: 'magazine',
      programme_id: title === 'Rachid Show' ? ids.emission : null,
      episode_id: null,
      is_live: live,
    });
  ids.grid = [await entry('06:00', '08:00', 'Matinale'), await entry('08:00', '09:30', 'Rachid Show', 1), await entry('09:30', '11:00', 'Série')];
}

let db: DB;
beforeAll(async () => {
  db = await getDb();
  await seedFixture(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/* ---- every route answers its contract samples ---- */

describe('content routes: contract samples through the dispatcher', () => {
  for (const route of contentRoutes as unknown as RouteDef[]) {
    it(`${route.path} answers its sample, unknown and malformed samples`, async () => {
      const fill = (sample: { params?: Record<string, string>; query?: Record<string, string> }) => {
        const p = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(sample.params?.[n] ?? ''));
        const q = new URLSearchParams(sample.query ?? {}).toString();
        return `${p}${q ? `?${q}` : ''}`;
      };
      expect(route.sample).toBeTypeOf('function');
      const sample = await route.sample!(db);
      for (const locale of ['ar', 'fr'] as const) {
        const a = await get(fill(sample), locale);
        expect(route.mayBeEmpty ? [200, 204] : [200], `${route.path} [${locale}] → ${a.status}`).toContain(a.status);
      }
      if (route.unknownSample) expect((await get(fill(route.unknownSample))).status).toBe(404);
      if (route.malformedSample) expect((await get(fill(route.malformedSample))).status).toBe(400);
    });
  }
});

/* ---- behaviours ---- */

describe('breaking news', () => {
  it('lists only active items, in position order, with the ticker title', async () => {
    const a = await get('/api/getBreakingNews', 'fr');
    expect(a.status).toBe(200);
    expect(a.body?.response).toEqual({
      title: 'Urgent',
      news: [
        // No URL of its own: links to its article.
        { title: 'Rentrée scolaire', url: '/fr/societe/rentree-scolaire-casablanca' },
        { title: 'Séisme ressenti à Agadir', url: '/fr/societe/seisme' },
      ],
    });
  });

  it('answers 204 with no body when nothing is active', async () => {
    const ar = await get('/api/getBreakingNews', 'ar');
    expect(ar.status).toBe(204);
    expect(ar.body).toBeNull();

    // Deactivate every item that has started (the scheduled one stays scheduled).
    await db
      .updateTable('breaking_news')
      .set({ ends_at: ago(0.1) })
      .where('lang', '=', 'fr')
      .where('starts_at', '<=', new Date().toISOString())
      .execute();
    expect(await activeBreakingNews(db, 'fr')).toBeUndefined();
    const fr = await get('/api/getBreakingNews', 'fr');
    expect(fr.status).toBe(204);
    expect(fr.body).toBeNull();
    // The scheduled one becomes active once its start has passed.
    expect((await activeBreakingNews(db, 'fr', new Date(Date.now() + 3 * HOUR)))?.news.map((n) => n.title)).toEqual(['Programmée']);
  });
});

describe('search', () => {
  it('folds Arabic letter variants: a query with أ and ة finds the article written with ا and ه', async () => {
    const r = await searchContent(db, 'ar', 'أسعار الطاقة', 1);
    expect(r.Article.map((a) => a.id)).toEqual([ids.arEnergy]);
    expect(r.Tags.map((t) => t.name)).toEqual(['الطاقة']);
    const a = await get(`/api/Search/1?search=${encodeURIComponent('أسعار الطاقة')}`, 'ar');
    expect(a.status).toBe(200);
    const art = (a.body?.response.Article as { id: number; url: string }[])[0]!;
    expect(art.id).toBe(ids.arEnergy);
    expect(JSON.parse(art.url)).toEqual({ tag: 'mujtama', slug: 'اسعار-الطاقه' });
  });

  it('puts title matches first, then the newest; never drafts or future articles', async () => {
    const r = await searchContent(db, 'fr', 'Festival', 1);
    expect(r.Article.map((a) => a.id)).toEqual([ids.frTitleMatch, ids.frSubtitleMatch]);
    expect(r.pagination).toEqual({ page: 1, pageSize: 10, total: 2, totalPages: 1 });
  });

  it('needs every word, matches accents-insensitively and finds emissions in either language', async () => {
    expect((await searchContent(db, 'fr', 'rentree casablanca', 1)).Article.map((a) => a.id)).toEqual([ids.frArticle]);
    expect((await searchContent(db, 'fr', 'rentrée lune', 1)).Article).toEqual([]);
    expect((await searchContent(db, 'fr', 'EDUCATION', 1)).Tags.map((t) => t.id)).toEqual([ids.tag]);
    expect((await searchContent(db, 'ar', 'rachid', 1)).Emissions).toEqual([
      { id: ids.emission, name: 'رشيد شو', path: `/ar/replay/${ids.emission}` },
    ]);
  });

  it('paginates articles by 10', async () => {
    const p1 = await searchContent(db, 'fr', 'dépêche numéro', 1);
    const p3 = await searchContent(db, 'fr', 'depeche numero', 3);
    expect(p1.pagination).toEqual({ page: 1, pageSize: 10, total: 22, totalPages: 3 });
    expect(p1.Article).toHaveLength(10);
    expect(p3.Article).toHaveLength(2);
  });

  it('rejects an empty or too long query with 400', async () => {
    expect((await get('/api/Search/1?search=%20%20')).status).toBe(400);
    expect((await get('/api/Search/1')).status).toBe(400);
    expect((await get(`/api/Search/1?search=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await get(`/api/Search/1?search=${'a'.repeat(100)}`)).status).toBe(200);
  });
});

describe('pagination', () => {
  it('counts every published article of the language, and a page past the end is a 404', async () => {
    const p1 = await get('/api/articlesrecent-paginated/1', 'fr');
    expect(p1.status).toBe(200);
    expect(p1.body?.response.pagination).toEqual({ page: 1, pageSize: 12, total: frPublished, totalPages: 3 });
    expect(p1.body?.response.articles).toHaveLength(12);
    const p3 = await get('/api/articlesrecent-paginated/3', 'fr');
    expect(p3.body?.response.articles).toHaveLength(frPublished - 24);
    const p9 = await get('/api/articlesrecent-paginated/9', 'fr');
    expect(p9.status).toBe(404);
    expect(p9.body?.header.status).toBe('ERROR');
  });

  it('a section includes the articles of its children', async () => {
    const a = await get(`/api/getSection/${ids.societe}/1`, 'fr');
    expect(a.body?.response.masterTag).toEqual({ id: ids.societe, name: 'Société', routeName: 'societe' });
    expect((a.body?.response.pagination as { total: number }).total).toBe(frPublished);
    const child = await get(`/api/getSection/${ids.sante}/1`, 'fr');
    expect((child.body?.response.pagination as { total: number }).total).toBe(frPublished - 1);
  });

  it('articles by signature count the author’s articles in the language', async () => {
    const a = await get(`/api/articlesbysignature/${ids.author}/2`, 'fr');
    expect(a.body?.response.author).toEqual({ id: ids.author, slug: 'salma-bennani', name: 'Salma Bennani', role: 'Journaliste' });
    expect(a.body?.response.pagination).toEqual({ page: 2, pageSize: 12, total: 23, totalPages: 2 });
  });
});

describe('article details', () => {
  it('links the published translation and loads media, tags, author and related articles', async () => {
    const page = await articlePage(db, ids.frArticle);
    expect(page).toBeDefined();
    const { article, related, authorArticles } = page!;
    expect(article.path).toBe('/fr/societe/rentree-scolaire-casablanca');
    expect(article.translation).toEqual({ lang: 'ar', path: '/ar/mujtama/الدخول-المدرسي-بالدار-البيضاء' });
    expect(article.gallery.map((g) => [g.image.url, g.caption])).toEqual([['/media/img/t2.jpg', 'Une classe']]);
    expect(article.video?.durationSeconds).toBe(95);
    expect(article.video?.captions).toHaveLength(1);
    expect(article.tags).toEqual([{ id: ids.tag, name: 'Éducation', slug: 'education' }]);
    expect(article.dossier).toEqual({ id: ids.dossier, title: 'Rentrée 2026' });
    expect(article.author?.name).toBe('Salma Bennani');
    expect(article.programme).toEqual({ id: ids.emission, title: 'Rachid Show', path: `/fr/replay/${ids.emission}` });
    // Same master tag (Société): only the draft and the future article share it, so none is public.
    expect(related).toEqual([]);
    expect(authorArticles).toHaveLength(4);
    expect(authorArticles.every((a) => a.id !== ids.frArticle && a.lang === 'fr')).toBe(true);

    const back = await articlePage(db, ids.arArticle);
    expect(back?.article.translation).toEqual({ lang: 'fr', path: '/fr/societe/rentree-scolaire-casablanca' });
    expect(back?.article.author?.name).toBe('سلمى بناني');
  });

  it('answers 404 for drafts, future and unknown articles, 400 for a malformed id', async () => {
    expect((await get(`/api/postdetails/${ids.frArticle}`)).status).toBe(200);
    expect((await get(`/api/postdetails/${ids.frDraft}`)).status).toBe(404);
    expect((await get(`/api/postdetails/${ids.frFuture}`)).status).toBe(404);
    expect((await get('/api/postdetails/999999999')).status).toBe(404);
    expect((await get('/api/postdetails/12abc')).status).toBe(400);
  });

  it('articlesByUrl answers an array item with the original field names', async () => {
    const a = await get('/api/articlesByUrl?lang=fr&url=rentree-scolaire-casablanca');
    expect(a.status).toBe(200);
    expect(a.body?.response.article).toEqual([
      expect.objectContaining({
        id: ids.frArticle,
        title: 'Rentrée scolaire à Casablanca',
        content: '<p>Rentrée scolaire à Casablanca</p>',
        cover: '/media/img/t1.jpg',
        image: ['/media/img/t1.jpg', '/media/img/t2.jpg'],
      }),
    ]);
    expect((await get('/api/articlesByUrl?lang=ar&url=rentree-scolaire-casablanca')).status).toBe(404);
    expect((await get('/api/articlesByUrl?lang=xx&url=rentree-scolaire-casablanca')).status).toBe(400);
    expect((await get('/api/articlesByUrl?lang=fr&url=Bad%20Slug')).status).toBe(400);
  });
});

describe('home sections', () => {
  it('groups La UNE into blocks and hides unpublished articles', async () => {
    const a = await get('/api/getSectionUne', 'fr');
    const blocks = a.body?.response.blocks as { title: string; masterTag: { id: number } | null; articles: { id: number }[] }[];
    expect(blocks.map((b) => [b.title, b.masterTag?.id ?? null, b.articles.map((x) => x.id)])).toEqual([
      ['Société', ids.societe, [ids.frArticle, ids.frTitleMatch]],
      ['Culture', null, [ids.frSubtitleMatch]],
    ]);
    const hot = await get('/api/getHotTopics', 'fr');
    expect((hot.body?.response.articles as { id: number }[]).map((x) => x.id)).toEqual([ids.frTitleMatch]);
  });

  it('master tags nest their children', async () => {
    const a = await get('/api/getmastertags', 'fr');
    expect(a.body?.response.MasterTags).toEqual([
      {
        id: ids.societe,
        name: 'Société',
        routeName: 'societe',
        path: '/fr/societe',
        childs: [{ id: ids.sante, name: 'Santé', routeName: 'sante', path: '/fr/sante' }],
      },
    ]);
  });

  it('the live section falls back to the built-in channel', async () => {
    const a = await get('/api/getLiveSection', 'ar');
    expect((a.body?.response.news as { url: string[] }).url[0]).toBe('/live/2m/index.m3u8');
  });

  it('pub-tag gives the ad unit of a tag, null for a tag without one, 404 for an unknown tag', async () => {
    expect((await get(`/api/pub-tag/${ids.tag}`)).body?.response).toEqual({ pub_code: '/1234/2m/education' });
    const other = await db.selectFrom('tags').select('id').where('lang', '=', 'ar').executeTakeFirstOrThrow();
    expect((await get(`/api/pub-tag/${other.id}`)).body?.response).toEqual({ pub_code: null });
    expect((await get('/api/pub-tag/999999999')).status).toBe(404);
  });
});

describe('programme grid', () => {
  it('marks the entry on air now and gives local times', async () => {
    const g = await gridDay(db, 'fr', '2026-11-22', new Date('2026-11-22T08:15:00Z'));
    expect(g.label).toBe('dimanche 22 novembre');
    expect(g.entries.map((e) => [e.start, e.end, e.title, e.onAir, e.isLive])).toEqual([
      ['06:00', '08:00', 'Matinale', false, false],
      ['08:00', '09:30', 'Rachid Show', true, true],
      ['09:30', '11:00', 'Série', false, false],
    ]);
    expect(g.entries[1]?.programme).toEqual({ id: ids.emission, title: 'Rachid Show', path: `/fr/replay/${ids.emission}` });
    // The end instant belongs to the next entry.
    const atEdge = await gridDay(db, 'ar', '2026-11-22', new Date('2026-11-22T09:30:00Z'));
    expect(atEdge.label).toBe('الأحد 22 نونبر');
    expect(atEdge.entries.map((e) => e.onAir)).toEqual([false, false, true]);
  });

  it('answers the days around the broadcast day that have a grid (today always), an empty day with no entries, and 400 for a malformed day', async () => {
    const days = await gridFortnight(db, 'fr', new Date('2026-11-20T10:00:00Z'));
    expect(days.map((d) => [d.day, d.entries.length])).toEqual([
      ['2026-11-20', 0],
      ['2026-11-22', 3],
    ]);
    // Seen from later on, the 22nd is a past day that still has its grid.
    const later = await gridFortnight(db, 'fr', new Date('2026-11-25T10:00:00Z'));
    expect(later.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-25']);
    const empty = await get('/api/grille/list/per-day?day=2026-11-23');
    expect(empty.status).toBe(200);
    expect(empty.body?.response).toMatchObject({ day: '2026-11-23', entries: [] });
    expect((await get('/api/grille/list/per-day?day=2026-02-30')).status).toBe(400);
    expect((await get('/api/grille/list/per-day?day=tomorrow')).status).toBe(400);
    expect((await get('/api/grille/list/per-day')).status).toBe(200);
  });

  it('takes the broadcast day in progress by default: before 06:00 it is the previous calendar day', async () => {
    // 2026-11-23 at 01:30 in Casablanca (UTC+0) still belongs to the 22nd's grid.
    expect((await gridDay(db, 'fr', undefined, new Date('2026-11-23T01:30:00Z'))).day).toBe('2026-11-22');
    expect((await gridDay(db, 'fr', undefined, new Date('2026-11-23T06:00:00Z'))).day).toBe('2026-11-23');
  });
});
