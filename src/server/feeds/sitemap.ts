/**
 * Sitemaps (sitemaps.org 0.9, Google's hreflang and News extensions).
 *
 *  - /sitemap.xml: sitemap index of every language sitemap (or of its pages
 *    when a language has more than SITEMAP_MAX_URLS URLs) and the news sitemap;
 *  - /{lang}/sitemap.xml: every public URL of a language (sectionUrls,
 *    sitemapOnlyUrls, then the articles), or, past the
 *    limit, an index of /{lang}/sitemap-{n}.xml;
 *  - /{lang}/sitemap-{n}.xml: page n (1-based) of a language's URLs;
 *  - /news-sitemap.xml: articles of both languages published in the last 48 h.
 *
 * A language's URLs are one sequence: the site's sections and catalogue
 * first (a few thousand at most), then every published article, oldest
 * first. A page
 * is a window of that sequence; articles are read in keyset batches and
 * written out as they come (documents are streamed, never held whole).
 */
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { DEFAULT_LOCALE, LOCALES, otherLocale, type Locale } from '../../i18n/locales.ts';
import { JT_EDITIONS, STATIC_PAGE_KEYS } from '../db/schema.ts';
import { route, withQuery } from '../../lib/routes.ts';
import { articlePath, dossierPath, episodePath, jtPath, programmePath, starlightVideoPath, staticPagePath, tagPath, webVideoPath } from '../../lib/paths.ts';
import { publishedArticles } from '../content/articles.ts';
import { publicStarlightVideos } from '../content/video/starlight.ts';
import { absolute, escapeXml, w3cDate, XML_DECLARATION } from './xml.ts';

/** sitemaps.org limit of URLs per file. */
const SITEMAP_MAX_URLS = 50_000;
/** Google News: only articles of the last two days, at most 1,000 per sitemap. */
const NEWS_WINDOW_HOURS = 48;
const NEWS_MAX_URLS = 1000;
/** Articles read per query while streaming. */
const BATCH = 2000;

const nowIso = () => new Date().toISOString();

export interface SitemapUrl {
  /** Site path. */
  path: string;
  lastmod?: string | undefined;
  /** Path of the same page in the other language, when it exists. */
  alternate?: string | undefined;
}

/* ---- the non-article URLs of a language ---- */

/** Path pairs by translation key: the other language's path of each key. */
function byKey<T extends { translation_key: string }>(rows: T[], path: (r: T) => string): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of rows) if (!m.has(r.translation_key)) m.set(r.translation_key, path(r));
  return m;
}

/**
 * Every public URL of a language except articles: home and section pages,
 * master tags, tags, dossiers, static pages, programmes, episodes, JT
 * bulletins, web videos (by2m) and Starlight seasons.
 */
export async function sectionUrls(db: DB, lang: Locale): Promise<SitemapUrl[]> {
  const now = nowIso();
  const alt = otherLocale(lang);
  const urls: SitemapUrl[] = [];
  const both = (pathOf: (l: Locale) => string, lastmod?: string): SitemapUrl => ({
    path: pathOf(lang),
    alternate: pathOf(alt),
    lastmod,
  });

  // Home and the section pages (present in both languages).
  urls.push(both((l) => route('index', l)));
  for (const name of ['guidetv', 'dossier-special', 'replay-news', 'replay-starlight', 'starlight', 'shows', 'prieres'] as const) {
    urls.push(both((l) => route(name, l)));
  }
  urls.push(both((l) => route('replay-id', l, {})));
  urls.push(both((l) => route('replay-by2m-id', l, {})));

  const [masters, tags, dossiers, pages, programmes, episodes, bulletins, webTags, webVideos, seasons] = await Promise.all([
    db.selectFrom('master_tags').select(['id', 'lang', 'translation_key', 'route_name']).orderBy('position').orderBy('id').execute(),
    db.selectFrom('tags').select(['id', 'lang', 'translation_key']).orderBy('id').execute(),
    db.selectFrom('dossiers').select(['id', 'lang', 'translation_key']).where('retired_at', 'is', null).orderBy('position').orderBy('id').execute(),
    db.selectFrom('static_pages').select(['lang', 'page', 'updated_at']).execute(),
    db.selectFrom('programmes').select(['id']).where('is_active', '=', 1).orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('episodes')
      .innerJoin('programmes', 'programmes.id', 'episodes.programme_id')
      .select(['episodes.id', 'episodes.published_at'])
      .where('programmes.is_active', '=', 1)
      .where('episodes.published_at', '<=', now)
      .where('episodes.retired_at', 'is', null)
      .orderBy('episodes.id')
      .execute(),
    db
      .selectFrom('jt_bulletins')
      .select(['id', 'edition', 'published_at'])
      .where('published_at', '<=', now)
      .where('retired_at', 'is', null)
      .orderBy('id')
      .execute(),
    db.selectFrom('web_video_tags').select(['id']).orderBy('position').orderBy('id').execute(),
    db.selectFrom('web_videos').select(['id', 'published_at']).where('published_at', '<=', now).where('retired_at', 'is', null).orderBy('id').execute(),
    db.selectFrom('starlight_seasons').select(['number']).orderBy('number').execute(),
  ]);

  // Master tags (sections), with the translation sharing their key.
  const masterAlt = byKey(
    masters.filter((m) => m.lang === alt),
    (m) => route('tag-url', alt, { tag: m.route_name }),
  );
  for (const m of masters) {
    if (m.lang !== lang) continue;
    urls.push({ path: route('tag-url', lang, { tag: m.route_name }), alternate: masterAlt.get(m.translation_key) });
  }

  // Content tags.
  const tagAlt = byKey(
    tags.filter((t) => t.lang === alt),
    (t) => tagPath(alt, t.id),
  );
  for (const t of tags) {
    if (t.lang !== lang) continue;
    urls.push({ path: tagPath(lang, t.id), alternate: tagAlt.get(t.translation_key) });
  }

  // Dossiers.
  const dossierAlt = byKey(
    dossiers.filter((d) => d.lang === alt),
    (d) => dossierPath(alt, d.id),
  );
  for (const d of dossiers) {
    if (d.lang !== lang) continue;
    urls.push({ path: dossierPath(lang, d.id), alternate: dossierAlt.get(d.translation_key) });
  }

  // Static information pages (the known keys only).
  const known = new Set<string>(STATIC_PAGE_KEYS);
  const altPages = new Set(pages.filter((p) => p.lang === alt).map((p) => p.page));
  for (const p of pages) {
    if (p.lang !== lang || !known.has(p.page)) continue;
    urls.push({
      path: staticPagePath(lang, p.page),
      alternate: altPages.has(p.page) ? staticPagePath(alt, p.page) : undefined,
      lastmod: p.updated_at,
    });
  }

  // Catalogue: shown in both languages.
  for (const p of programmes) urls.push(both((l) => programmePath(l, p.id)));
  for (const e of episodes) urls.push(both((l) => episodePath(l, e.id), e.published_at));
  for (const edition of JT_EDITIONS) urls.push(both((l) => route('replay-news-type', l, { type: edition })));
  for (const b of bulletins) urls.push(both((l) => jtPath(l, b.edition, b.id), b.published_at));
  for (const t of webTags) urls.push(both((l) => route('replay-by2m-id', l, { id: t.id })));
  for (const v of webVideos) urls.push(both((l) => webVideoPath(l, v.id), v.published_at));
  for (const s of seasons) urls.push(both((l) => route('replay-starlight-sub', l, { sub: `saison${s.number}` })));

  return urls;
}

/**
 * Public URLs of a language that the sitemap lists but the pre-build leaves
 * on demand (src/server/delivery/prebuild-paths.ts reads sectionUrls only):
 * pages that follow the clock (/live), pages addressed with a query
 * (Starlight people and videos: ?id=), the unprefixed sections (/casting,
 * /castings, /talents in Arabic) and the lists of every Starlight person,
 * video and older tag.
 */
export async function sitemapOnlyUrls(db: DB, lang: Locale): Promise<SitemapUrl[]> {
  const alt = otherLocale(lang);
  const both = (pathOf: (l: Locale) => string, lastmod?: string): SitemapUrl => ({ path: pathOf(lang), alternate: pathOf(alt), lastmod });
  const urls: SitemapUrl[] = [];
  for (const name of ['live', 'casting', 'castings', 'talents', 'posts-tagold'] as const) urls.push(both((l) => route(name, l)));
  const sub = (l: Locale, s: string) => route('replay-starlight-sub', l, { sub: s });
  for (const s of ['artiste', 'coach', 'showAll']) urls.push(both((l) => sub(l, s)));

  const [seasons, people, videos] = await Promise.all([
    db.selectFrom('starlight_seasons').select(['number']).orderBy('number').execute(),
    db.selectFrom('starlight_people').select(['id', 'role']).where('retired_at', 'is', null).orderBy('season_id').orderBy('position').orderBy('id').execute(),
    publicStarlightVideos(db).select(['starlight_videos.id', 'starlight_videos.published_at']).orderBy('starlight_videos.id').execute(),
  ]);
  for (const season of seasons) urls.push(both((l) => sub(l, `saison${season.number}/showAll`)));
  for (const p of people) urls.push(both((l) => withQuery(sub(l, p.role === 'coach' ? 'coach' : 'artiste'), { id: p.id })));
  for (const v of videos) urls.push(both((l) => starlightVideoPath(l, v.id), v.published_at));
  return urls;
}

/* ---- articles ---- */

/** Published articles of a language. */
async function countArticles(db: DB, lang: Locale): Promise<number> {
  const row = await publishedArticles(db, lang).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Published articles of a language, oldest first (publication time, then
 * id: the order of the (lang, status, published_at) index, so newly
 * published articles land at the end), from the `offset`-th, at most `limit`,
 * in keyset batches, each with its translation's path.
 */
export async function* articleUrls(db: DB, lang: Locale, offset: number, limit: number): AsyncGenerator<SitemapUrl[]> {
  if (limit <= 0) return;
  const alt = otherLocale(lang);
  let last: { published_at: string; id: number } | undefined;
  if (offset > 0) {
    // The article just before the window: one offset query over the index, then keyset batches.
    last = await publishedArticles(db, lang)
      .select(['articles.published_at', 'articles.id'])
      .orderBy('articles.published_at')
      .orderBy('articles.id')
      .limit(1)
      .offset(offset - 1)
      .executeTakeFirst();
    if (!last) return;
  }
  let left = limit;
  while (left > 0) {
    let q = publishedArticles(db, lang)
      .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
      .select([
        'articles.id',
        'articles.slug',
        'articles.published_at',
        'articles.updated_at',
        'articles.translation_key',
        'master_tags.route_name',
      ]);
    if (last) {
      const after = last;
      q = q.where((eb) =>
        eb.or([
          eb('articles.published_at', '>', after.published_at),
          eb.and([eb('articles.published_at', '=', after.published_at), eb('articles.id', '>', after.id)]),
        ]),
      );
    }
    const rows = await q.orderBy('articles.published_at').orderBy('articles.id').limit(Math.min(BATCH, left)).execute();
    if (rows.length === 0) return;
    left -= rows.length;
    last = rows[rows.length - 1]!;

    const keys = [...new Set(rows.map((r) => r.translation_key))];
    // By translation key only, so the translation_key index is used (with
    // the language and status too, SQLite prefers the publication index and
    // scans the whole language); published translations are kept below.
    const now = nowIso();
    const translations = await db
      .selectFrom('articles')
      .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
      .select(['articles.lang', 'articles.status', 'articles.translation_key', 'articles.slug', 'articles.published_at', 'master_tags.route_name'])
      .where('articles.translation_key', 'in', keys)
      .execute();
    // The newest published translation of each key, as on the article page.
    const newest = new Map<string, (typeof translations)[number]>();
    for (const t of translations) {
      if (t.lang !== alt || t.status !== 'published' || t.published_at > now) continue;
      const seen = newest.get(t.translation_key);
      if (!seen || t.published_at > seen.published_at) newest.set(t.translation_key, t);
    }
    yield rows.map((r) => {
      const t = newest.get(r.translation_key);
      return {
        path: articlePath(lang, r.route_name, r.slug),
        lastmod: r.updated_at,
        alternate: t ? articlePath(alt, t.route_name, t.slug) : undefined,
      };
    });
    if (rows.length < BATCH) return;
  }
}

/* ---- layout of a language's sitemap ---- */

export interface LanguagePlan {
  lang: Locale;
  sections: SitemapUrl[];
  articles: number;
  total: number;
  /** Number of sitemap files; 1 means /{lang}/sitemap.xml holds every URL. */
  pages: number;
}

export async function languagePlan(db: DB, lang: Locale, maxUrls = SITEMAP_MAX_URLS): Promise<LanguagePlan> {
  const [prebuilt, onDemand, articles] = await Promise.all([sectionUrls(db, lang), sitemapOnlyUrls(db, lang), countArticles(db, lang)]);
  const sections = [...prebuilt, ...onDemand];
  const total = sections.length + articles;
  return { lang, sections, articles, total, pages: Math.max(1, Math.ceil(total / maxUrls)) };
}

/** Paths of the files listed for a language in the root index. */
export function languageSitemapPaths(plan: Pick<LanguagePlan, 'lang' | 'pages'>): string[] {
  if (plan.pages <= 1) return [`/${plan.lang}/sitemap.xml`];
  return Array.from({ length: plan.pages }, (_, i) => `/${plan.lang}/sitemap-${i + 1}.xml`);
}

/* ---- XML ---- */

const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

function urlEntry(siteUrl: string, lang: Locale, u: SitemapUrl): string {
  const loc = escapeXml(absolute(siteUrl, u.path));
  let out = `<url><loc>${loc}</loc>`;
  if (u.lastmod) out += `<lastmod>${escapeXml(w3cDate(u.lastmod))}</lastmod>`;
  if (u.alternate) {
    const alternate = u.alternate;
    const href = (l: Locale) => escapeXml(absolute(siteUrl, l === lang ? u.path : alternate));
    for (const l of LOCALES) out += `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`;
    out += `<xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}"/>`;
  }
  return `${out}</url>\n`;
}

/** A sitemap index document. */
export function sitemapIndexXml(siteUrl: string, entries: ReadonlyArray<{ path: string; lastmod?: string | undefined }>): string {
  let out = `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  for (const e of entries) {
    out += `<sitemap><loc>${escapeXml(absolute(siteUrl, e.path))}</loc>`;
    if (e.lastmod) out += `<lastmod>${escapeXml(w3cDate(e.lastmod))}</lastmod>`;
    out += '</sitemap>\n';
  }
  return `${out}</sitemapindex>\n`;
}

/** The root index: every language's sitemap file(s), then the news sitemap. */
export async function rootIndexXml(db: DB, siteUrl: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const entries: { path: string }[] = [];
  for (const lang of LOCALES) {
    const plan = await languagePlan(db, lang, maxUrls);
    for (const path of languageSitemapPaths(plan)) entries.push({ path });
  }
  entries.push({ path: '/news-sitemap.xml' });
  return sitemapIndexXml(siteUrl, entries);
}

/**
 * The URLs of page `page` (1-based) of a language's sitemap, as XML chunks;
 * undefined when the page does not exist.
 */
export function languagePageXml(
  db: DB,
  siteUrl: string,
  plan: LanguagePlan,
  page: number,
  maxUrls = SITEMAP_MAX_URLS,
): AsyncGenerator<string> | undefined {
  if (!Number.isInteger(page) || page < 1 || page > plan.pages) return undefined;
  return (async function* () {
    yield XML_DECLARATION + URLSET_OPEN;
    const start = (page - 1) * maxUrls;
    const end = Math.min(page * maxUrls, plan.total);
    const s = plan.sections.length;
    let chunk = '';
    for (const u of plan.sections.slice(Math.min(start, s), Math.min(end, s))) chunk += urlEntry(siteUrl, plan.lang, u);
    if (chunk) yield chunk;
    if (end > s) {
      const from = Math.max(start, s) - s;
      for await (const batch of articleUrls(db, plan.lang, from, end - s - from)) {
        yield batch.map((u) => urlEntry(siteUrl, plan.lang, u)).join('');
      }
    }
    yield '</urlset>\n';
  })();
}

/* ---- Google News sitemap ---- */

export interface NewsItem {
  lang: Locale;
  path: string;
  title: string;
  publishedAt: string;
}

/** Articles of both languages published in the last `hours` hours, newest first, at most `limit`. */
export async function recentNewsItems(
  db: DB,
  now: Date = new Date(),
  hours = NEWS_WINDOW_HOURS,
  limit = NEWS_MAX_URLS,
): Promise<NewsItem[]> {
  const since = new Date(now.getTime() - hours * 3600_000).toISOString();
  const rows = await db
    .selectFrom('articles')
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.lang', 'articles.slug', 'articles.title', 'articles.published_at', 'master_tags.route_name'])
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now.toISOString())
    .where('articles.published_at', '>=', since)
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    lang: r.lang,
    path: articlePath(r.lang, r.route_name, r.slug),
    title: r.title,
    publishedAt: r.published_at,
  }));
}

export function newsSitemapXml(siteUrl: string, items: readonly NewsItem[]): string {
  let out =
    XML_DECLARATION +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n';
  for (const i of items) {
    out +=
      `<url><loc>${escapeXml(absolute(siteUrl, i.path))}</loc><news:news>` +
      `<news:publication><news:name>2M</news:name><news:language>${i.lang}</news:language></news:publication>` +
      `<news:publication_date>${escapeXml(w3cDate(i.publishedAt))}</news:publication_date>` +
      `<news:title>${escapeXml(i.title)}</news:title>` +
      '</news:news></url>\n';
  }
  return `${out}</urlset>\n`;
}
