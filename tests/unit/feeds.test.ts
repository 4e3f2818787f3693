/**
 * Sitemaps, the Google News sitemap, RSS feeds and robots.txt
 * (src/server/feeds/) against a small, fully known store in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import {
  articleUrls,
  languagePageXml,
  languagePlan,
  languageSitemapPaths,
  newsSitemapXml,
  recentNewsItems,
  rootIndexXml,
  sectionUrls,
  sitemapIndexXml,
  sitemapOnlyUrls,
} from '../../src/server/feeds/sitemap.ts';
import { XMLValidator } from 'fast-xml-parser';
import { languageFeed, rssXml, tagFeed } from '../../src/server/feeds/rss.ts';
import { robotsTxt } from '../../src/server/feeds/robots.ts';
import { collect, escapeXml, rfc822, textStream } from '../../src/server/feeds/xml.ts';

const SITE = 'https://www.2m.ma';
const HOUR = 3600_000;
const NOW = new Date();
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();
const TRICKY = 'Tom & Jerry <b> à Rabat';

let db: DB;
const ids = { cover: 0, frTag: 0, arTag: 0, frTranslated: 0, arTranslated: 0, frOld: 0, arAlone: 0, societeFr: 0, societeAr: 0, candidate: 0, coach: 0, video: 0, futureVideo: 0 };

/**
 * A tiny XML well-formedness check: every tag closes in order, no raw `<`
 * or bare `&` in text, attribute values quoted. Returns the element count.
 */
function checkXml(xml: string): number {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const stack: string[] = [];
  let elements = 0;
  let last = 0;
  const text = (s: string) => {
    expect(s, `raw markup in text: ${s.slice(0, 80)}`).not.toMatch(/[<>]/);
    expect(s, `bare & in text: ${s.slice(0, 80)}`).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
  };
  for (const m of body.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    text(body.slice(last, m.index));
    last = m.index + m[0].length;
    const [, closing, name, attrs, selfClosing] = m;
    for (const a of (attrs ?? '').matchAll(/="([^"]*)"/g)) text(a[1] ?? '');
    if (closing) {
      expect(stack.pop(), `</${name}> closes the wrong element`).toBe(name);
    } else {
      elements++;
      if (!selfClosing) stack.push(name!);
    }
  }
  text(body.slice(last));
  expect(stack, 'unclosed elements').toEqual([]);
  return elements;
}

const count = (xml: string, tag: string) => (xml.match(new RegExp(`<${tag}[\\s>/]`, 'g')) ?? []).length;

async function insert(table: 'images' | 'articles' | 'master_tags' | 'tags', row: object): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic insert over a few tables
  const r = await (db as any).insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number((r as { id: number }).id);
}

function article(over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'slug' | 'title'>): NewRow<'articles'> {
  return {
    translation_key: over.slug,
    subtitle: `Sous-titre de ${over.title}`,
    body_html: '<p>x</p>',
    status: 'published',
    published_at: ago(10),
    updated_at: ago(5),
    search_text: over.title,
    ...over,
  };
}

beforeAll(async () => {
  ({ db } = await openStore({ dataDir: ':memory:' }));
  ids.cover = await insert('images', {
    url: '/media/img/cover-1.jpg',
    width: 1280,
    height: 720,
    mime: 'image/jpeg',
    bytes: 24830,
    alt_ar: 'صورة',
    alt_fr: 'Image',
    credit: null,
    variants: '[]',
    color: '#336699',
  });
  ids.societeFr = await insert('master_tags', { lang: 'fr', translation_key: 'societe', name: 'Société', route_name: 'societe', parent_id: null, position: 1 });
  ids.societeAr = await insert('master_tags', { lang: 'ar', translation_key: 'societe', name: 'مجتمع', route_name: 'mujtama', parent_id: null, position: 1 });
  await insert('master_tags', { lang: 'fr', translation_key: 'only-fr', name: 'Régions', route_name: 'regions', parent_id: null, position: 2 });
  ids.frTag = await insert('tags', { lang: 'fr', translation_key: 'education', slug: 'education', name: 'Éducation & école' });
  ids.arTag = await insert('tags', { lang: 'ar', translation_key: 'education', slug: 'taalim', name: 'التعليم' });

  ids.frTranslated = await insert(
    'articles',
    article({
      lang: 'fr',
      translation_key: 'rentree',
      slug: 'rentree-scolaire',
      title: TRICKY,
      cover_image_id: ids.cover,
      master_tag_id: ids.societeFr,
      published_at: ago(1),
    }),
  );
  ids.arTranslated = await insert(
    'articles',
    article({ lang: 'ar', translation_key: 'rentree', slug: 'dukhul-madrasi', title: 'الدخول المدرسي', master_tag_id: ids.societeAr, published_at: ago(2) }),
  );
  ids.frOld = await insert('articles', article({ lang: 'fr', slug: 'vieux', title: 'Un article ancien', published_at: ago(60) }));
  await insert('articles', article({ lang: 'fr', slug: 'presque', title: 'Juste dans la fenêtre', published_at: ago(47.5) }));
  await insert('articles', article({ lang: 'fr', slug: 'brouillon', title: 'Brouillon', status: 'draft', published_at: ago(3) }));
  await insert('articles', article({ lang: 'fr', slug: 'futur', title: 'Futur', published_at: new Date(NOW.getTime() + 5 * HOUR).toISOString() }));
  ids.arAlone = await insert('articles', article({ lang: 'ar', slug: 'wahid', title: 'مقال بلا ترجمة', published_at: ago(10) }));
  for (let i = 0; i < 60; i++) {
    await insert('articles', article({ lang: 'fr', slug: `archive-${i}`, title: `Archive ${i}`, published_at: ago(100 + i) }));
  }
  await db.insertInto('article_tags').values({ article_id: ids.frTranslated, tag_id: ids.frTag, position: 1 }).execute();
  await db.insertInto('article_tags').values({ article_id: ids.frOld, tag_id: ids.frTag, position: 1 }).execute();
  await db.insertInto('article_tags').values({ article_id: ids.arTranslated, tag_id: ids.arTag, position: 1 }).execute();
  await db
    .insertInto('static_pages')
    .values([
      { lang: 'fr', page: 'conditions', title: 'Conditions', body_html: '', updated_at: ago(200) },
      { lang: 'ar', page: 'conditions', title: 'الشروط', body_html: '', updated_at: ago(200) },
      { lang: 'fr', page: 'infos', title: 'Infos', body_html: '', updated_at: ago(200) },
    ])
    .execute();
  const season = await db
    .insertInto('starlight_seasons')
    .values({ number: 1, year: 2020, title_ar: 'س1', title_fr: 'S1', description_ar: '', description_fr: '', cover_image_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const person = { season_id: Number(season.id), slug: 'p', name_ar: 'س', name_fr: 'S', city_ar: '', city_fr: '', bio_ar: '', bio_fr: '', photo_image_id: null };
  const candidate = await db.insertInto('starlight_people').values({ ...person, role: 'candidate', position: 1 }).returning('id').executeTakeFirstOrThrow();
  const coach = await db.insertInto('starlight_people').values({ ...person, slug: 'c', role: 'coach', position: 2 }).returning('id').executeTakeFirstOrThrow();
  ids.candidate = Number(candidate.id);
  ids.coach = Number(coach.id);
  const video = { season_id: Number(season.id), person_id: null, kind: 'prime', title_ar: 'ف', title_fr: 'V', video_id: null, thumbnail_image_id: null };
  const shown = await db.insertInto('starlight_videos').values({ ...video, published_at: ago(30) }).returning('id').executeTakeFirstOrThrow();
  const later = await db.insertInto('starlight_videos').values({ ...video, published_at: new Date(NOW.getTime() + 5 * HOUR).toISOString() }).returning('id').executeTakeFirstOrThrow();
  ids.video = Number(shown.id);
  ids.futureVideo = Number(later.id);
});

afterAll(async () => {
  await db.destroy();
});

/* French published: translated + old + presque + 60 archives = 63; Arabic: 2. */
const FR_PUBLISHED = 63;
const AR_PUBLISHED = 2;

describe('xml helpers', () => {
  it('escapes the five XML characters and drops control characters', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'\u0001`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
  });
  it('formats RFC 822 dates in GMT', () => {
    expect(rfc822('2026-11-22T09:30:00.000Z')).toBe('Sun, 22 Nov 2026 09:30:00 GMT');
  });
  it('streams chunks as UTF-8', async () => {
    async function* gen() {
      yield 'ا';
      yield 'b';
    }
    expect(await new Response(textStream(gen())).text()).toBe('اb');
  });
});

describe('language sitemaps', () => {
  it('lists sections, master tags, tags, static pages with their alternates', async () => {
    const fr = await sectionUrls(db, 'fr');
    const find = (path: string) => fr.find((u) => u.path === path);
    expect(find('/fr')?.alternate).toBe('/ar');
    expect(find('/fr/societe')?.alternate).toBe('/ar/mujtama');
    expect(find('/fr/regions')).toBeDefined();
    expect(find('/fr/regions')?.alternate).toBeUndefined();
    expect(find(`/fr/posts/tag/${ids.frTag}`)?.alternate).toBe(`/ar/posts/tag/${ids.arTag}`);
    expect(find('/fr/navigationlinks/conditions')?.alternate).toBe('/ar/navigationlinks/conditions');
    expect(find('/fr/navigationlinks/infos')?.alternate).toBeUndefined();
    expect(find('/fr/replay/starlight/saison1')?.alternate).toBe('/ar/replay/starlight/saison1');
    expect(fr.some((u) => u.path.startsWith('/ar'))).toBe(false);
  });

  it('also lists the live, casting and talent pages, older tags, and every Starlight person and video page', async () => {
    const ar = await sitemapOnlyUrls(db, 'ar');
    const alt = (path: string) => ar.find((u) => u.path === path)?.alternate;
    expect(alt('/ar/live')).toBe('/fr/live');
    // Unprefixed in Arabic (docs/product.md, Languages and redirects).
    expect(alt('/casting')).toBe('/fr/casting');
    expect(alt('/castings')).toBe('/fr/castings');
    expect(alt('/talents')).toBe('/fr/talents');
    expect(alt('/ar/posts/tagold')).toBe('/fr/posts/tagold');
    for (const sub of ['artiste', 'coach', 'showAll', 'saison1/showAll']) expect(alt(`/ar/replay/starlight/${sub}`)).toBe(`/fr/replay/starlight/${sub}`);
    expect(alt(`/ar/replay/starlight/artiste?id=${ids.candidate}`)).toBe(`/fr/replay/starlight/artiste?id=${ids.candidate}`);
    expect(alt(`/ar/replay/starlight/coach?id=${ids.coach}`)).toBe(`/fr/replay/starlight/coach?id=${ids.coach}`);
    expect(alt(`/ar/replay/starlight/pagevideo?id=${ids.video}`)).toBe(`/fr/replay/starlight/pagevideo?id=${ids.video}`);
    expect(ar.some((u) => u.path.endsWith(`?id=${ids.futureVideo}`) && u.path.includes('pagevideo'))).toBe(false);

    // In the language sitemap, escaped, and the document is well-formed XML.
    const plan = await languagePlan(db, 'ar');
    const xml = await collect(languagePageXml(db, SITE, plan, 1)!);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`<loc>${SITE}/ar/replay/starlight/artiste?id=${ids.candidate}</loc>`);
    expect(xml).toContain(`<loc>${SITE}/casting</loc>`);
    // The pre-build (sectionUrls) leaves them on demand.
    const prebuilt = new Set((await sectionUrls(db, 'ar')).map((u) => u.path));
    for (const u of ar) expect(prebuilt.has(u.path), u.path).toBe(false);
  });

  it('lists every published article once, with hreflang alternates for translations', async () => {
    const plan = await languagePlan(db, 'fr');
    expect(plan.articles).toBe(FR_PUBLISHED);
    expect(plan.pages).toBe(1);
    const xml = await collect(languagePageXml(db, SITE, plan, 1)!);
    expect(checkXml(xml)).toBeGreaterThan(plan.total);
    expect(count(xml, 'url')).toBe(plan.total);
    expect(xml).toContain(`<loc>${SITE}/fr/societe/rentree-scolaire</loc>`);
    expect(xml).not.toContain('brouillon');
    expect(xml).not.toContain('futur');
    const entry = xml.split('\n').find((l) => l.includes('<loc>https://www.2m.ma/fr/societe/rentree-scolaire</loc>'))!;
    expect(entry).toContain(`hreflang="ar" href="${SITE}/ar/mujtama/dukhul-madrasi"`);
    expect(entry).toContain(`hreflang="fr" href="${SITE}/fr/societe/rentree-scolaire"`);
    expect(entry).toContain('hreflang="x-default"');
    expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const vieux = xml.split('\n').find((l) => l.includes('/fr/news/vieux<'))!;
    expect(vieux).not.toContain('xhtml:link');
  });

  it('splits past the URL limit into pages that together hold every URL once', async () => {
    const whole = await collect(languagePageXml(db, SITE, await languagePlan(db, 'fr'), 1)!);
    const all = [...whole.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const max = 7;
    const plan = await languagePlan(db, 'fr', max);
    expect(plan.pages).toBe(Math.ceil(plan.total / max));
    const seen: string[] = [];
    for (let p = 1; p <= plan.pages; p++) {
      const xml = await collect(languagePageXml(db, SITE, plan, p, max)!);
      checkXml(xml);
      const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(locs.length).toBeLessThanOrEqual(max);
      seen.push(...locs);
    }
    expect(seen).toEqual(all);
    expect(languagePageXml(db, SITE, plan, plan.pages + 1, max)).toBeUndefined();
    expect(languagePageXml(db, SITE, plan, 0, max)).toBeUndefined();
    expect(languageSitemapPaths(plan)).toEqual(Array.from({ length: plan.pages }, (_, i) => `/fr/sitemap-${i + 1}.xml`));
    expect(languageSitemapPaths({ lang: 'ar', pages: 1 })).toEqual(['/ar/sitemap.xml']);

    // The root index then lists every part of each language, then the news sitemap (sitemaps.org).
    const index = await rootIndexXml(db, SITE, max);
    expect(XMLValidator.validate(index)).toBe(true);
    const arPlan = await languagePlan(db, 'ar', max);
    const parts = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual([
      ...languageSitemapPaths(arPlan).map((p) => SITE + p),
      ...languageSitemapPaths(plan).map((p) => SITE + p),
      `${SITE}/news-sitemap.xml`,
    ]);
    expect(arPlan.pages).toBeGreaterThan(1);
  });

  it('reads articles in windows', async () => {
    const batches: string[] = [];
    for await (const b of articleUrls(db, 'fr', 2, 3)) batches.push(...b.map((u) => u.path));
    expect(batches).toHaveLength(3);
  });

  it('has a root index of both languages and the news sitemap', async () => {
    const xml = await rootIndexXml(db, SITE);
    checkXml(xml);
    expect(count(xml, 'sitemap')).toBe(3);
    for (const p of ['/ar/sitemap.xml', '/fr/sitemap.xml', '/news-sitemap.xml']) expect(xml).toContain(`<loc>${SITE}${p}</loc>`);
    expect(sitemapIndexXml(SITE, [{ path: '/a?x=1&y=2' }])).toContain('/a?x=1&amp;y=2');
  });
});

describe('Google News sitemap', () => {
  it('holds only the articles of the last 48 hours, escaped', async () => {
    const items = await recentNewsItems(db, NOW);
    const titles = items.map((i) => i.title).sort();
    expect(titles).toEqual([TRICKY, 'Juste dans la fenêtre', 'الدخول المدرسي', 'مقال بلا ترجمة'].sort());
    for (const i of items) expect(NOW.getTime() - new Date(i.publishedAt).getTime()).toBeLessThanOrEqual(48 * HOUR);
    const xml = newsSitemapXml(SITE, items);
    checkXml(xml);
    expect(count(xml, 'url')).toBe(4);
    expect(count(xml, 'news:news')).toBe(4);
    expect(xml).toContain('<news:title>Tom &amp; Jerry &lt;b&gt; à Rabat</news:title>');
    expect(xml).toContain('<news:language>ar</news:language>');
    expect(xml).toContain('<news:name>2M</news:name>');
    expect(await recentNewsItems(db, NOW, 48, 2)).toHaveLength(2);
  });
});

describe('RSS', () => {
  it('has the latest 50 articles of a language, escaped, with enclosure and categories', async () => {
    const feed = await languageFeed(db, 'fr', '/fr/news/rss.xml');
    expect(feed.items).toHaveLength(Math.min(50, FR_PUBLISHED));
    const xml = rssXml(SITE, feed, NOW);
    checkXml(xml);
    expect(count(xml, 'item')).toBe(50);
    expect(xml).toContain('<language>fr-FR</language>');
    expect(xml).toContain(`<atom:link href="${SITE}/fr/news/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain('<title>Tom &amp; Jerry &lt;b&gt; à Rabat</title>');
    expect(xml).not.toContain(TRICKY);
    expect(xml).toContain(`<guid isPermaLink="true">${SITE}/fr/societe/rentree-scolaire</guid>`);
    expect(xml).toContain(`<enclosure url="${SITE}/media/img/cover-1.jpg" length="24830" type="image/jpeg"/>`);
    expect(xml).toContain('<category>Société</category>');
    expect(xml).toContain('<category>Éducation &amp; école</category>');
    expect(xml).toMatch(/<pubDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/pubDate>/);
    const ar = rssXml(SITE, await languageFeed(db, 'ar', '/ar/rss.xml'), NOW);
    checkXml(ar);
    expect(count(ar, 'item')).toBe(AR_PUBLISHED);
    expect(ar).toContain('<language>ar-MA</language>');
  });

  it('has per-tag feeds; unknown tags and tags of the other language have none', async () => {
    const feed = await tagFeed(db, 'fr', ids.frTag);
    expect(feed?.items.map((i) => i.path)).toEqual(['/fr/societe/rentree-scolaire', '/fr/news/vieux']);
    const xml = rssXml(SITE, feed!, NOW);
    checkXml(xml);
    expect(xml).toContain(`/fr/posts/tag/${ids.frTag}/rss.xml`);
    // Titles come from the message catalogue, with French spacing.
    expect(feed!.description).toMatch(/^Les derniers articles sur «\u202f.+\u202f» publiés par 2M$/);
    expect((await languageFeed(db, 'ar', '/ar/rss.xml')).title).toBe('2M – آخر الأخبار');
    expect(await tagFeed(db, 'ar', ids.frTag)).toBeUndefined();
    expect(await tagFeed(db, 'fr', 999_999)).toBeUndefined();
    expect(await tagFeed(db, 'fr', -1)).toBeUndefined();
  });
});

describe('robots.txt', () => {
  it('allows all but the API and user pages, and names the sitemap', () => {
    const txt = robotsTxt(SITE);
    expect(txt).toContain('User-agent: *');
    expect(txt).toContain('Disallow: /api/');
    expect(txt).toContain('Disallow: /user/');
    expect(txt).toMatch(/^Disallow: \/desk$/m);
    expect(txt).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
