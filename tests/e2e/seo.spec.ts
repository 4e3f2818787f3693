/**
 * Search engines and sharing: the sitemap index, the
 * per-language sitemaps with hreflang alternates, the Google News sitemap
 * (last 48 hours), the RSS feeds (the kept /ar/news/rss.xml included) and
 * robots.txt, against the running site, with ids read from its API.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';

const LANGS = ['ar', 'fr'] as const;
type Lang = (typeof LANGS)[number];

interface Envelope<T> {
  header: { status: string };
  response: T;
}

async function api<T>(request: APIRequestContext, path: string, lang: Lang): Promise<T> {
  const res = await request.get(path, { headers: { locale: lang } });
  expect(res.status(), `${path} [${lang}]: ${await res.text()}`).toBe(200);
  return ((await res.json()) as Envelope<T>).response;
}

async function getXml(request: APIRequestContext, path: string, type = /application\/xml/): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), `${path} answered ${res.status()}`).toBe(200);
  expect(res.headers()['content-type']).toMatch(type);
  expect(res.headers()['cache-control']).toMatch(/max-age=\d+/);
  return res.text();
}

/** Parses XML in the browser; fails on a parse error. Returns the document's elements by tag. */
async function parseXml(page: Page, xml: string, tags: string[]): Promise<Record<string, string[]>> {
  const result = await page.evaluate(
    ({ xml, tags }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;
      const out: Record<string, string[]> = {};
      for (const t of tags) out[t] = [...doc.getElementsByTagName(t)].map((e) => e.textContent ?? '');
      return { error, out };
    },
    { xml, tags },
  );
  expect(result.error, 'the XML is not well-formed').toBeNull();
  return result.out;
}

/** Path of a URL, percent-decoded, so /ar/x and http://host/ar/x compare equal. */
const pathOf = (url: string) => decodeURI(new URL(url, 'http://x').pathname) + new URL(url, 'http://x').search;

/** Paths of the sitemap files of a language listed in the root index. */
async function languageSitemaps(page: Page, request: APIRequestContext, lang: Lang): Promise<string[]> {
  const { loc } = await parseXml(page, await getXml(request, '/sitemap.xml'), ['loc']);
  return (loc ?? []).map(pathOf).filter((p) => new RegExp(`^/${lang}/sitemap(-\\d+)?\\.xml$`).test(p));
}

test.beforeEach(async ({ page }) => {
  // A blank page is enough to reach DOMParser.
  await page.setContent('<!doctype html><title>xml</title>');
});

test('the sitemap index lists both language sitemaps and the news sitemap', async ({ page, request }) => {
  const { loc } = await parseXml(page, await getXml(request, '/sitemap.xml'), ['sitemap', 'loc']);
  const paths = (loc ?? []).map(pathOf);
  for (const lang of LANGS) {
    expect(paths.some((p) => new RegExp(`^/${lang}/sitemap(-\\d+)?\\.xml$`).test(p)), `no ${lang} sitemap in ${paths.join(', ')}`).toBe(true);
  }
  expect(paths).toContain('/news-sitemap.xml');
  for (const p of paths) expect((await request.get(p)).status(), p).toBe(200);
});

for (const lang of LANGS) {
  test(`[${lang}] a recent article is in the ${lang} sitemap with its hreflang alternates`, async ({ page, request }) => {
    const recent = await api<{ articles: { id: number; path: string }[] }>(request, '/api/articlesrecent', lang);
    const article = recent.articles[0];
    expect(article, 'no recent article').toBeDefined();
    const detail = await api<{ article: { translation: { lang: string; path: string } | null } }>(
      request,
      `/api/postdetails/${article!.id}`,
      lang,
    );

    const files = await languageSitemaps(page, request, lang);
    expect(files.length).toBeGreaterThan(0);
    let entry: string | undefined;
    let all: string[] = [];
    for (const f of files) {
      const xml = await getXml(request, f);
      const { loc } = await parseXml(page, xml, ['loc']);
      all = (loc ?? []).map(pathOf);
      // The unprefixed sections (/shows, /casting, /castings, /talents: docs/product.md, Languages and redirects) are Arabic.
      const unprefixed = (p: string) => lang === 'ar' && ['/shows', '/casting', '/castings', '/talents'].includes(p);
      expect(all.every((p) => p === `/${lang}` || p.startsWith(`/${lang}/`) || unprefixed(p)), `${f} has a URL of another language`).toBe(true);
      entry = xml.split('\n').find((line) => {
        const m = /<loc>([^<]+)<\/loc>/.exec(line);
        return m && pathOf(m[1]!.replace(/&amp;/g, '&')) === pathOf(article!.path);
      });
      if (entry) break;
    }
    expect(entry, `${article!.path} is in none of ${files.join(', ')}`).toBeDefined();
    expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    expect((await request.get(article!.path)).status(), article!.path).toBe(200);
    const translation = detail.article.translation;
    if (translation) {
      expect(entry).toContain(`hreflang="${translation.lang}"`);
      const href = new RegExp(`hreflang="${translation.lang}" href="([^"]+)"`).exec(entry!)?.[1];
      expect(pathOf(href!)).toBe(pathOf(translation.path));
      expect(entry).toContain('hreflang="x-default"');
    }
    // The home page of the language is listed too.
    const first = await getXml(request, files[0]!);
    expect(first).toMatch(new RegExp(`<loc>[^<]*/${lang}</loc>`));
  });
}

test('the news sitemap holds only articles of the last 48 hours', async ({ page, request }) => {
  const xml = await getXml(request, '/news-sitemap.xml');
  expect(xml).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
  const parsed = await parseXml(page, xml, ['url', 'loc', 'news:publication_date', 'news:language', 'news:name', 'news:title']);
  const locs = (parsed['loc'] ?? []).map(pathOf);
  const dates = parsed['news:publication_date'] ?? [];
  expect(dates.length, 'the seed publishes articles every day: the news sitemap should not be empty').toBeGreaterThan(0);
  expect(dates.length).toBeLessThanOrEqual(1000);
  expect(parsed['url']).toHaveLength(dates.length);
  const now = Date.now();
  for (const d of dates) {
    const t = Date.parse(d);
    expect(Number.isNaN(t), d).toBe(false);
    expect(now - t, `${d} is older than 48 h`).toBeLessThanOrEqual(48 * 3600_000 + 60_000);
    expect(t, `${d} is in the future`).toBeLessThanOrEqual(now + 60_000);
  }
  expect(new Set(parsed['news:language'])).toEqual(new Set(['ar', 'fr']));
  expect(new Set(parsed['news:name'])).toEqual(new Set(['2M']));
  expect((parsed['news:title'] ?? []).every((t) => t.trim().length > 0)).toBe(true);

  // The newest article of each language is in it (published within 48 h in the seed).
  for (const lang of LANGS) {
    const recent = await api<{ articles: { path: string; publishedAt: string }[] }>(request, '/api/articlesrecent', lang);
    const newest = recent.articles[0]!;
    if (now - Date.parse(newest.publishedAt) < 47 * 3600_000) {
      expect(locs, `${newest.path} missing from the news sitemap`).toContain(pathOf(newest.path));
    }
  }
});

for (const lang of LANGS) {
  test(`[${lang}] /${lang}/news/rss.xml and /${lang}/rss.xml are valid RSS 2.0 with the latest articles`, async ({ page, request }) => {
    const recent = await api<{ articles: { title: string; path: string }[] }>(request, '/api/articlesrecent', lang);
    for (const path of [`/${lang}/news/rss.xml`, `/${lang}/rss.xml`]) {
      const xml = await getXml(request, path, /application\/rss\+xml/);
      expect(xml).toMatch(/<rss version="2.0"/);
      const parsed = await parseXml(page, xml, ['item', 'title', 'link', 'guid', 'pubDate', 'language', 'enclosure']);
      const items = parsed['item'] ?? [];
      expect(items.length, `${path} has no item`).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(50);
      expect(parsed['language']).toEqual([lang === 'ar' ? 'ar-MA' : 'fr-FR']);
      expect(parsed['guid']).toHaveLength(items.length);
      expect(parsed['pubDate']).toHaveLength(items.length);
      for (const d of parsed['pubDate'] ?? []) expect(d).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(xml).toMatch(new RegExp(`<atom:link href="[^"]*${path.replace(/\//g, '\\/')}" rel="self"`));
      // The newest article of the language heads the feed.
      const titles = (parsed['title'] ?? []).slice(1); // [0] is the channel title
      expect(titles).toContain(recent.articles[0]!.title);
      const links = (parsed['link'] ?? []).map(pathOf);
      expect(links).toContain(pathOf(recent.articles[0]!.path));
      // Item links lead to the article pages.
      const itemLink = links.find((l) => l !== `/${lang}`)!;
      expect((await request.get(itemLink)).status(), itemLink).toBe(200);
    }
  });

  test(`[${lang}] a tag has its feed; an unknown tag has none`, async ({ page, request }) => {
    const recent = await api<{ articles: { id: number }[] }>(request, '/api/articlesrecent', lang);
    let tagId: number | undefined;
    for (const a of recent.articles) {
      const d = await api<{ article: { tags: { id: number }[] } }>(request, `/api/postdetails/${a.id}`, lang);
      tagId = d.article.tags[0]?.id;
      if (tagId) break;
    }
    expect(tagId, 'no recent article has a tag').toBeDefined();
    const xml = await getXml(request, `/${lang}/posts/tag/${tagId}/rss.xml`, /application\/rss\+xml/);
    const parsed = await parseXml(page, xml, ['item']);
    expect((parsed['item'] ?? []).length).toBeGreaterThan(0);
    expect((await request.get(`/${lang}/posts/tag/999999999/rss.xml`)).status()).toBe(404);
    expect((await request.get(`/${lang}/posts/tag/abc/rss.xml`)).status()).toBe(404);
  });
}

test('robots.txt allows crawling, keeps out the API and points at the sitemap', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/text\/plain/);
  const txt = await res.text();
  expect(txt).toMatch(/^User-agent: \*$/m);
  expect(txt).toMatch(/^Disallow: \/api\/$/m);
  expect(txt).toMatch(/^Disallow: \/user\/$/m);
  const sitemap = /^Sitemap: (\S+)$/m.exec(txt)?.[1];
  expect(sitemap, 'no Sitemap line').toBeDefined();
  expect(new URL(sitemap!).pathname).toBe('/sitemap.xml');
  expect((await request.get(new URL(sitemap!).pathname)).status()).toBe(200);
});
