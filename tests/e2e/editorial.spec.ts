/**
 * The editorial pages in both languages, in a real browser: home (La UNE),
 * articles (by slug and by id), master tag and tag listings, the tag index,
 * special dossiers, search, the static information pages and the user pages.
 * Every id, slug and title comes from the running server's API (never
 * hard-coded), and every page must show that store content with the right
 * lang/dir; unknown or malformed ids, slugs, tags and pages give 404; a wrong
 * tag segment redirects (301) to the article's canonical path.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import AxeBuilder from '@axe-core/playwright';
import { shortLinkPath } from '../../src/lib/short-links.ts';

const LOCALES = [
  { lang: 'ar', dir: 'rtl' },
  { lang: 'fr', dir: 'ltr' },
] as const;
type Lang = (typeof LOCALES)[number]['lang'];

const STATIC_KEYS = [
  'appel-offre',
  'charte2m',
  'commission-programme',
  'conditions',
  'culture',
  'infos',
  'mag',
  'mentions-legales',
  'partenariat',
  'recevoir2m',
  'sur2m',
] as const;

/* ---- API shapes read by the tests ---- */

interface Card {
  id: number;
  title: string;
  slug: string;
  path: string;
  masterTag: { id: number; name: string; routeName: string } | null;
}
interface MasterTagNode {
  id: number;
  name: string;
  routeName: string;
  path: string;
  childs?: { id: number; name: string; routeName: string; path: string }[];
}
interface Pagination {
  page: number;
  totalPages: number;
  total: number;
}
interface PostDetails {
  article: Card & {
    tags: { id: number; name: string; slug: string }[];
    programme: { id: number; title: string; path: string } | null;
    translation: { lang: Lang; path: string } | null;
  };
  related: Card[];
}

async function api<T>(request: APIRequestContext, path: string, lang: Lang): Promise<T> {
  const res = await request.get(path, { headers: { locale: lang } });
  expect(res.status(), `${path} (${lang}) answered ${res.status()}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { header: { status: string }; response: T };
  expect(body.header.status).toBe('OK');
  return body.response;
}

async function recent(request: APIRequestContext, lang: Lang): Promise<Card[]> {
  const { articles } = await api<{ articles: Card[] }>(request, '/api/articlesrecent', lang);
  expect(articles.length, `no recent ${lang} article`).toBeGreaterThan(0);
  return articles;
}

async function masterTags(request: APIRequestContext, lang: Lang): Promise<MasterTagNode[]> {
  const { MasterTags } = await api<{ MasterTags: MasterTagNode[] }>(request, '/api/getmastertags', lang);
  expect(MasterTags.length).toBeGreaterThan(0);
  return MasterTags;
}

/** Every route name of master tags (top level and children) of a language. */
async function masterRouteNames(request: APIRequestContext, lang: Lang): Promise<Set<string>> {
  const tree = await masterTags(request, lang);
  return new Set(tree.flatMap((t) => [t.routeName, ...(t.childs ?? []).map((c) => c.routeName)]));
}

/** Opens a page, expecting 200 and the language's lang/dir. */
async function open(page: Page, path: string, lang: Lang, dir: 'rtl' | 'ltr'): Promise<void> {
  const res = await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(res?.status(), `${path} answered ${res?.status()}`).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

async function expect404(request: APIRequestContext, path: string): Promise<void> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), `${path} should be a 404`).toBe(404);
}

async function expectNoAxeViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

const h1 = (page: Page) => page.locator('main h1').first();

for (const { lang, dir } of LOCALES) {
  const other: Lang = lang === 'ar' ? 'fr' : 'ar';

  test.describe(`editorial /${lang}`, () => {
    /* ---- home ---- */

    test('home shows the slider (LCP image first), La UNE blocks and recent articles from the store', async ({ page, request }) => {
      const { articles: slider } = await api<{ articles: Card[] }>(request, '/api/getSliderSection', lang);
      const { blocks } = await api<{ blocks: { title: string; masterTag: { routeName: string } | null; articles: Card[] }[] }>(
        request,
        '/api/getSectionUne',
        lang,
      );
      await open(page, `/${lang}`, lang, dir);
      const main = page.locator('main');
      if (slider[0]) {
        await expect(main.getByRole('link', { name: slider[0].title, exact: true }).first()).toBeVisible();
        const lcp = main.locator('img').first();
        await expect(lcp).toHaveAttribute('fetchpriority', 'high');
        await expect(lcp).toHaveAttribute('loading', 'eager');
      }
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        await expect(main.getByRole('heading', { level: 2, name: block.title, exact: true })).toBeVisible();
        const cardsInBlock = main.locator('section.une-block', { has: page.getByRole('heading', { name: block.title, exact: true }) }).locator('article');
        const count = await cardsInBlock.count();
        expect(count, `block ${block.title} shows ${count} cards`).toBeGreaterThanOrEqual(Math.min(4, block.articles.length));
        expect(count).toBeLessThanOrEqual(6);
        if (block.masterTag) {
          await expect(main.locator(`a[href="/${lang}/${block.masterTag.routeName}"]`).first()).toBeAttached();
        }
      }
      const latest = await recent(request, lang);
      const text = await main.innerText();
      expect(latest.some((a) => text.includes(a.title)), 'no recent article title on the home page').toBe(true);
    });

    test('home "see more" links open the master tag pages', async ({ page, request }) => {
      await open(page, `/${lang}`, lang, dir);
      const hrefs = await page.locator('main .section-heading a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const res = await request.get(href);
        expect(res.status(), `${href} answered ${res.status()}`).toBe(200);
      }
    });

    /* ---- article ---- */

    test('article by slug: title, breadcrumb, dates, body, tags, share links, related', async ({ page, request }) => {
      const [card] = await recent(request, lang);
      const details = await api<PostDetails>(request, `/api/postdetails/${card!.id}`, lang);
      const a = details.article;
      await open(page, a.path, lang, dir);
      await expect(h1(page)).toHaveText(a.title);
      await expect(page).toHaveTitle(new RegExp(a.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      if (a.masterTag) {
        await expect(page.locator('main nav.breadcrumbs').getByRole('link', { name: a.masterTag.name, exact: true })).toBeVisible();
      }
      // The trail stops at the section: the headline is not repeated above itself.
      await expect(page.locator('main nav.breadcrumbs')).not.toContainText(a.title);
      await expect(page.locator('main nav.breadcrumbs [aria-current]')).toHaveCount(0);
      await expect(page.locator('main article time[datetime]').first()).toBeVisible();
      await expect(page.locator('main .body')).not.toBeEmpty();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${a.path}$`));

      const share = page.locator('main .share a[target="_blank"]');
      expect(await share.count()).toBeGreaterThanOrEqual(4);
      for (const link of await share.all()) {
        await expect(link).toHaveAttribute('rel', /noopener/);
        // The article's own address (Facebook, for its preview) or its short link (/s/{code}, ADR 016).
        const href = decodeURIComponent((await link.getAttribute('href')) ?? '');
        expect(href.includes(a.path) || href.includes(shortLinkPath(a.id)), href).toBe(true);
        expect((await link.innerText()).trim().length, 'share link without a name').toBeGreaterThan(0);
      }

      for (const tag of a.tags) {
        const link = page.locator(`main a[href="/${lang}/posts/tag/${tag.id}"]`).first();
        await expect(link).toHaveText(tag.name);
        const res = await request.get(`/${lang}/posts/tag/${tag.id}`);
        expect(res.status()).toBe(200);
      }
      if (details.related[0]) {
        await expect(page.getByRole('link', { name: details.related[0].title, exact: true }).first()).toBeAttached();
      }
      if (a.translation) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute('href', new RegExp(`${a.translation.path}$`));
      }
    });

    test('article with a video shows the poster box where the player goes', async ({ page, request }) => {
      const { articles } = await api<{ articles: (Card & { hasVideo: boolean })[] }>(request, '/api/articlesrecent-paginated/1', lang);
      const withVideo = articles.find((a) => a.hasVideo);
      test.skip(!withVideo, 'no video article on the first page');
      await open(page, withVideo!.path, lang, dir);
      const box = page.locator('main [data-video-id][data-video-url]');
      await expect(box).toBeVisible();
      expect(await box.getAttribute('data-video-url')).toBeTruthy();
    });

    test('article with a wrong tag segment redirects (301) to its canonical path', async ({ request }) => {
      const [card] = await recent(request, lang);
      const names = [...(await masterRouteNames(request, lang))];
      const wrong = names.find((n) => n !== card!.masterTag?.routeName) ?? 'autre-rubrique';
      const res = await request.get(`/${lang}/${wrong}/${card!.slug}`, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(new URL(res.headers()['location'] ?? '', 'http://x').pathname).toBe(card!.path);
    });

    test('unknown slug, unknown tag and malformed ids give 404', async ({ request }) => {
      const [card] = await recent(request, lang);
      const tag = card!.masterTag?.routeName ?? 'news';
      await expect404(request, `/${lang}/${tag}/article-qui-n-existe-pas-${Date.now()}`);
      await expect404(request, `/${lang}/rubrique-inconnue-${Date.now()}`);
      await expect404(request, `/${lang}/post/abc`);
      await expect404(request, `/${lang}/post/0`);
      await expect404(request, `/${lang}/post/999999999`);
      await expect404(request, `/${lang}/posts/tag/abc`);
      await expect404(request, `/${lang}/posts/tag/999999999`);
      await expect404(request, `/${lang}/user/u/abc`);
      await expect404(request, `/${lang}/user/u/999999999`);
      await expect404(request, `/${lang}/navigationlinks/page-inconnue`);
      await expect404(request, `/${lang}/dossier-special?id=999999999`);
      await expect404(request, `/${lang}/special-topic?id=abc`);
    });

    test('/post/{id} shows the article, with its programme link for programme results', async ({ page, request }) => {
      const [card] = await recent(request, lang);
      await open(page, `/${lang}/post/${card!.id}`, lang, dir);
      await expect(h1(page)).toHaveText(card!.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${card!.path}$`));

      // An article reporting a programme's results (found through the API).
      let found: PostDetails['article'] | undefined;
      for (let p = 1; !found; p++) {
        const res = await request.get(`/api/articlesrecent-paginated/${p}`, { headers: { locale: lang } });
        if (res.status() !== 200) break;
        const { response } = (await res.json()) as { response: { articles: Card[] } };
        for (const a of response.articles) {
          const d = await api<PostDetails>(request, `/api/postdetails/${a.id}`, lang);
          if (d.article.programme) {
            found = d.article;
            break;
          }
        }
      }
      test.skip(!found, 'no article with a programme in the store');
      await open(page, `/${lang}/post/${found!.id}`, lang, dir);
      await expect(h1(page)).toHaveText(found!.title);
      const link = page.locator(`main a[href="${found!.programme!.path}"]`);
      await expect(link).toBeVisible();
      await expect(link).toContainText(found!.programme!.title);
    });

    /* ---- master tag and tag listings ---- */

    test('master tag page: name, children chips, articles, working pagination, 404 past the last page', async ({ page, request }) => {
      const tree = await masterTags(request, lang);
      const section = tree.find((t) => t.childs?.length) ?? tree[0]!;
      const first = await api<{ articles: Card[]; pagination: Pagination }>(request, `/api/getSection/${section.id}/1`, lang);
      await open(page, section.path, lang, dir);
      await expect(h1(page)).toHaveText(section.name);
      for (const child of section.childs ?? []) {
        await expect(page.locator(`main a[href="${child.path}"]`).first()).toHaveText(child.name);
      }
      if (first.articles[0]) {
        await expect(page.getByRole('link', { name: first.articles[0].title, exact: true }).first()).toBeVisible();
      }
      const last = first.pagination.totalPages;
      if (last > 1) {
        const next = page.locator('main nav.pagination a[rel="next"]').first();
        await next.click();
        await expect(page).toHaveURL(new RegExp(`${section.path}\\?page=2$`));
        const second = await api<{ articles: Card[] }>(request, `/api/getSection/${section.id}/2`, lang);
        await expect(page.getByRole('link', { name: second.articles[0]!.title, exact: true }).first()).toBeVisible();
        await expect(page.locator('main nav.pagination a[rel="prev"]').first()).toHaveAttribute('href', section.path);
      }
      await expect404(request, `${section.path}?page=${Math.max(last, 1) + 1}`);
      await expect404(request, `${section.path}?page=abc`);
    });

    test('tag page by id and by slug lists the tag\'s articles', async ({ page, request }) => {
      const [card] = await recent(request, lang);
      const routes = await masterRouteNames(request, lang);
      let tag: { id: number; name: string; slug: string } | undefined;
      for (const a of await recent(request, lang)) {
        const d = await api<PostDetails>(request, `/api/postdetails/${a.id}`, lang);
        tag = d.article.tags.find((t) => !routes.has(t.slug));
        if (tag) break;
      }
      expect(tag, `no tag on the recent ${lang} articles (first: ${card!.title})`).toBeTruthy();
      const listed = await api<{ articles: Card[]; pagination: Pagination }>(request, `/api/articlesbytag/${tag!.id}/1`, lang);

      await open(page, `/${lang}/posts/tag/${tag!.id}`, lang, dir);
      await expect(h1(page)).toHaveText(tag!.name);
      await expect(page.getByRole('link', { name: listed.articles[0]!.title, exact: true }).first()).toBeVisible();
      await expect404(request, `/${lang}/posts/tag/${tag!.id}?page=${listed.pagination.totalPages + 1}`);

      await open(page, `/${lang}/${tag!.slug}`, lang, dir);
      await expect(h1(page)).toHaveText(tag!.name);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${lang}/posts/tag/${tag!.id}$`));

      await open(page, `/${lang}/posts/tagold`, lang, dir);
      const entry = page.locator(`main a[href="/${lang}/posts/tag/${tag!.id}"]`);
      await expect(entry).toHaveText(tag!.name);
      await entry.click();
      await expect(h1(page)).toHaveText(tag!.name);
    });

    /* ---- special dossiers ---- */

    test('special dossiers: the list and one dossier with its articles, on both routes', async ({ page, request }) => {
      const { dossiers } = await api<{ dossiers: { id: number; title: string }[] }>(request, '/api/getDossierSpecial', lang);
      expect(dossiers.length).toBeGreaterThan(0);
      for (const route of ['dossier-special', 'special-topic']) {
        await open(page, `/${lang}/${route}`, lang, dir);
        for (const d of dossiers) {
          await expect(page.getByRole('link', { name: d.title, exact: true })).toBeVisible();
        }
      }
      const d = dossiers[0]!;
      const one = await api<{ dossier: { title: string }; articles: Card[] }>(request, `/api/getDossierSpecial/${d.id}`, lang);
      await open(page, `/${lang}/dossier-special`, lang, dir);
      await page.getByRole('link', { name: d.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dossier-special\\?id=${d.id}$`));
      await expect(h1(page)).toHaveText(one.dossier.title);
      for (const a of one.articles.slice(0, 3)) {
        await expect(page.getByRole('link', { name: a.title, exact: true }).first()).toBeVisible();
      }
      await open(page, `/${lang}/special-topic?id=${d.id}`, lang, dir);
      await expect(h1(page)).toHaveText(one.dossier.title);
    });

    /* ---- search ---- */

    test('search finds an article by a word of its title, on /search and /search-result', async ({ page, request }) => {
      const [card] = await recent(request, lang);
      const word = card!.title.split(/[\s:،,.«»"'()]+/u).find((w) => [...w].length >= 4) ?? card!.title;
      for (const route of ['search', 'search-result']) {
        await open(page, `/${lang}/${route}?q=${encodeURIComponent(word)}`, lang, dir);
        await expect(page.locator('main input[name="q"]')).toHaveValue(word);
        await expect(page.locator('main section.articles').getByRole('link', { name: card!.title, exact: true })).toBeVisible();
      }
      // The form submits to the same page.
      await open(page, `/${lang}/search`, lang, dir);
      await page.locator('main input[name="q"]').fill(word);
      await page.locator('main form[role="search"] button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/search\\?q=`));
      await expect(page.locator('main section.articles').getByRole('link', { name: card!.title, exact: true })).toBeVisible();
    });

    test('search without a query shows the form and a hint; no result gives a clear message', async ({ page }) => {
      await open(page, `/${lang}/search`, lang, dir);
      await expect(page.locator('main input[name="q"]')).toHaveValue('');
      await expect(page.locator('main .hint')).toBeVisible();
      await expect(page.locator('main section.articles')).toHaveCount(0);

      const nothing = `zqxj${Date.now()}`;
      await open(page, `/${lang}/search?q=${nothing}`, lang, dir);
      await expect(page.locator('main .none')).toContainText(nothing);
    });

    test('search results paginate (10 a page) and 404 past the last page', async ({ page, request }) => {
      const words = [...new Set((await recent(request, lang)).flatMap((a) => a.title.split(/[\s:،,.«»"'()]+/u)))].filter(
        (w) => [...w].length >= 3,
      );
      let chosen: { word: string; pagination: Pagination } | undefined;
      for (const word of words) {
        const r = await api<{ pagination: Pagination }>(request, `/api/Search/1?search=${encodeURIComponent(word)}`, lang);
        if (r.pagination.totalPages > 1) {
          chosen = { word, pagination: r.pagination };
          break;
        }
      }
      test.skip(!chosen, 'no word with more than one page of results');
      const q = encodeURIComponent(chosen!.word);
      await open(page, `/${lang}/search?q=${q}`, lang, dir);
      await expect(page.locator('main section.articles ul.card-grid > li')).toHaveCount(10);
      await page.locator('main nav.pagination a[rel="next"]').first().click();
      await expect(page).toHaveURL(/[?&]page=2/);
      const second = await api<{ Article: { title: string }[] }>(request, `/api/Search/2?search=${q}`, lang);
      await expect(page.locator('main section.articles').getByRole('link', { name: second.Article[0]!.title, exact: true })).toBeVisible();
      await expect404(request, `/${lang}/search?q=${q}&page=${chosen!.pagination.totalPages + 1}`);
    });

    /* ---- static pages and user pages ---- */

    test('every navigationlinks page shows its title and body, with the other language as alternate', async ({ page }) => {
      for (const key of STATIC_KEYS) {
        await open(page, `/${lang}/navigationlinks/${key}`, lang, dir);
        expect((await h1(page).innerText()).trim().length, `${key} has no title`).toBeGreaterThan(0);
        expect((await page.locator('main .body').innerText()).trim().length, `${key} has no body`).toBeGreaterThan(50);
        await expect(page.locator('main time[datetime]')).toBeVisible();
        await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
          'href',
          new RegExp(`/${other}/navigationlinks/${key}$`),
        );
      }
    });

    test('the user page invites to sign in, with the account slot', async ({ page }) => {
      await open(page, `/${lang}/user/u`, lang, dir);
      await expect(h1(page)).toBeVisible();
      await expect(page.locator('#account-page-slot')).toBeVisible();
    });

    /* ---- accessibility ---- */

    const axePages: [string, (request: APIRequestContext) => Promise<string | null>][] = [
      ['article', async (request) => (await recent(request, lang))[0]!.path],
      ['master tag', async (request) => (await masterTags(request, lang))[0]!.path],
      [
        'tag',
        async (request) => {
          const [card] = await recent(request, lang);
          const d = await api<PostDetails>(request, `/api/postdetails/${card!.id}`, lang);
          return d.article.tags[0] ? `/${lang}/posts/tag/${d.article.tags[0].id}` : null;
        },
      ],
      ['tag index', async () => `/${lang}/posts/tagold`],
      [
        'search',
        async (request) => {
          const [card] = await recent(request, lang);
          const word = card!.title.split(/\s+/u).find((w) => [...w].length >= 4) ?? card!.title;
          return `/${lang}/search?q=${encodeURIComponent(word)}`;
        },
      ],
      ['dossiers', async () => `/${lang}/dossier-special`],
      ['static page', async () => `/${lang}/navigationlinks/sur2m`],
      ['user page', async () => `/${lang}/user/u`],
    ];
    for (const [name, pathOf] of axePages) {
      test(`${name} page has no WCAG 2 A/AA violation (axe)`, async ({ page, request }) => {
        const path = await pathOf(request);
        test.skip(path === null, `no ${name} page in the store`);
        await open(page, path!, lang, dir);
        await expectNoAxeViolation(page);
      });
    }
  });
}
