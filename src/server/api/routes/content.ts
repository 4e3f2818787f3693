/** docs/product.md, Content API: content paths. Queries live in src/server/content/; declarations stay thin. */
import { z } from 'zod';
import type { DB } from '../../db/index.ts';
import { defineRoute, idParam, langParam, NO_CONTENT, NotFoundError, pageParam, slugParam } from '../define.ts';
import {
  articleCardShape,
  articleDetailShape,
  authorShape,
  imageShape,
  masterTagRefShape,
  paginationShape,
  programmeCardShape,
  programmeRefShape,
  tagRefShape,
  videoCardShape,
} from '../shapes.ts';
import {
  articleBySlug,
  articlePage,
  articlesOfMasterTags,
  authorListing,
  dossierArticles,
  findAuthor,
  latestArticles,
  mostViewedArticles,
  masterTagsListing,
  newestOf,
  paginateArticles,
  paginateListing,
  recentListing,
} from '../../content/articles.ts';
import { pubCodeFor } from '../../content/ads.ts';
import { activeBreakingNews } from '../../content/breaking.ts';
import { findDossier, listDossiers } from '../../content/dossiers.ts';
import { gridDay, gridFortnight, nextGridChange } from '../../content/grid.ts';
import { homeSectionArticles, uneBlocks } from '../../content/home.ts';
import { emissionCards, jtEditionLists } from '../../content/jt-list.ts';
import { liveIframe, liveSection } from '../../content/live.ts';
import { searchContent, SEARCH_PAGE_SIZE } from '../../content/search.ts';
import { masterTagTree, masterTagWithChildren, toMasterTagLeaf, toMasterTagRef } from '../../content/tags.ts';
import { DAY_PATTERN, isValidDay } from '../../../lib/dates.ts';
import { JT_EDITIONS } from '../../db/schema.ts';

/* ---- shapes of this group ---- */

const articleList = z.object({ articles: z.array(articleCardShape) });
const articlePageList = z.object({ articles: z.array(articleCardShape), pagination: paginationShape });

const masterTagLeafShape = masterTagRefShape
  .extend({ path: z.string() })
  .meta({ id: 'MasterTagLeaf' });

const masterTagNodeShape = masterTagLeafShape
  .extend({ childs: z.array(masterTagLeafShape).optional() })
  .meta({ id: 'MasterTagNode' });

const uneBlockShape = z
  .object({ title: z.string(), masterTag: masterTagRefShape.nullable(), articles: z.array(articleCardShape) })
  .meta({ id: 'UneBlock' });

const dossierCardShape = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    cover: imageShape.nullable(),
    articleCount: z.number().int().nonnegative(),
    path: z.string(),
  })
  .meta({ id: 'DossierCard' });

const gridEntryShape = z
  .object({
    id: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    start: z.string().regex(/^\d{2}:\d{2}$/),
    end: z.string().regex(/^\d{2}:\d{2}$/),
    title: z.string(),
    description: z.string(),
    genre: z.string(),
    programme: programmeRefShape.nullable(),
    isLive: z.boolean(),
    onAir: z.boolean(),
  })
  .meta({ id: 'GridEntry' });

const gridDayShape = z
  .object({ day: z.string(), label: z.string(), entries: z.array(gridEntryShape) })
  .meta({ id: 'GridDay' });

const dayQuery = z
  .string()
  .regex(DAY_PATTERN, 'must be a day YYYY-MM-DD')
  .refine(isValidDay, 'must be a real calendar day')
  .describe('local day YYYY-MM-DD (Africa/Casablanca); default today');

/* ---- samples: real items read from the store ---- */

const nowIso = () => new Date().toISOString();

async function firstPublishedArticle(db: DB) {
  return db
    .selectFrom('articles')
    .select(['id', 'lang', 'slug', 'title', 'master_tag_id', 'author_id'])
    .where('status', '=', 'published')
    .where('published_at', '<=', nowIso())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

const UNKNOWN_ID = '999999999';

export const contentRoutes = [
  /* ---- home ---- */
  defineRoute({
    method: 'GET',
    path: '/api/mostViewed',
    summary: 'The 10 most viewed articles published in the last 30 days',
    group: 'Home',
    response: articleList,
    cache: 'short',
    async handler({ db, locale }) {
      return { articles: await mostViewedArticles(db, locale, 10, 30) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getHotTopics',
    summary: 'Hot topics: the articles the newsroom placed in the hot-topics strip, in order',
    group: 'Home',
    response: articleList,
    cache: 'short',
    async handler({ db, locale }) {
      return { articles: await homeSectionArticles(db, locale, 'hot') };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getSliderSection',
    summary: 'The home slider: the articles placed in it, in order',
    group: 'Home',
    response: articleList,
    cache: 'short',
    async handler({ db, locale }) {
      return { articles: await homeSectionArticles(db, locale, 'slider') };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getBreakingNews',
    summary: 'Breaking-news ticker: its title and the active headlines (204 when there is none)',
    group: 'Home',
    response: z.object({
      title: z.string(),
      news: z.array(z.object({ title: z.string(), url: z.string() })).min(1),
    }),
    cache: 'live',
    mayBeEmpty: true,
    async handler({ db, locale }) {
      return (await activeBreakingNews(db, locale)) ?? NO_CONTENT;
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getmastertags',
    summary: 'Navigation: top-level master tags in order, each with its children (childs)',
    group: 'Navigation',
    response: z.object({ MasterTags: z.array(masterTagNodeShape) }),
    cache: 'long',
    async handler({ db, locale }) {
      return { MasterTags: await masterTagTree(db, locale) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getLiveSection',
    summary: 'Live section: news.url[0] is the live stream address, with the channel title and poster',
    group: 'Live',
    response: z.object({
      news: z.object({ url: z.array(z.string()).min(1), title: z.string(), poster: imageShape.nullable() }),
    }),
    cache: 'live',
    async handler({ db, locale }) {
      return { news: await liveSection(db, locale) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getSectionUne',
    summary: 'La UNE: the home blocks (title, master tag, articles) in editorial order',
    group: 'Home',
    response: z.object({ blocks: z.array(uneBlockShape) }),
    cache: 'short',
    async handler({ db, locale }) {
      return { blocks: (await uneBlocks(db, locale)).filter((b) => b.articles.length > 0) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/articlesrecent',
    summary: 'The 10 newest published articles',
    group: 'Articles',
    response: articleList,
    cache: 'short',
    async handler({ db, locale }) {
      return { articles: await latestArticles(db, locale, 10) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getListJT',
    summary: 'News bulletins (JT): each edition (ar, fr, amz) with its 5 newest bulletins',
    group: 'Replay',
    response: z.object({
      editions: z.array(
        z.object({
          edition: z.enum(JT_EDITIONS),
          name: z.string(),
          /** Segment of /replay/news/{type}. */
          type: z.string(),
          bulletins: z.array(videoCardShape),
        }),
      ),
    }),
    cache: 'short',
    async handler({ db, locale }) {
      return { editions: await jtEditionLists(db, locale, 5) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getListEmissions',
    summary: 'Active shows (emissions) in editorial order',
    group: 'Replay',
    response: z.object({ emissions: z.array(programmeCardShape) }),
    cache: 'medium',
    async handler({ db, locale }) {
      return { emissions: await emissionCards(db, locale) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/get-iframe',
    summary: "Embeddable live player for partners' pages (iframe attributes)",
    group: 'Live',
    response: z.object({
      iframe: z.object({
        title: z.string(),
        src: z.url(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        allow: z.string(),
      }),
    }),
    cache: 'long',
    async handler({ locale }) {
      return { iframe: liveIframe(locale) };
    },
    sample: async () => ({}),
  }),

  /* ---- one article ---- */
  defineRoute({
    method: 'GET',
    path: '/api/postdetails/{id}',
    summary:
      'One published article in its own language: body, media, tags, author, translation link, related articles and more by the author',
    group: 'Articles',
    params: z.object({ id: idParam }),
    response: z.object({
      article: articleDetailShape,
      related: z.array(articleCardShape),
      authorArticles: z.array(articleCardShape),
    }),
    cache: 'medium',
    async handler({ db }, { params }) {
      const page = await articlePage(db, params.id, 6, 4);
      if (!page) throw new NotFoundError();
      return page;
    },
    sample: async (db) => ({ params: { id: String((await firstPublishedArticle(db)).id) } }),
    unknownSample: { params: { id: UNKNOWN_ID } },
    malformedSample: { params: { id: 'abc' } },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/articlesByUrl',
    summary: 'One published article by language and slug (response.article is a one-item array)',
    group: 'Articles',
    query: z.object({
      lang: langParam.describe('language of the article: ar or fr'),
      url: slugParam.describe('article slug'),
    }),
    response: z.object({
      article: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          subtitle: z.string(),
          /** HTML body. */
          content: z.string(),
          /** Cover image URL. */
          cover: z.string().nullable(),
          /** Image URLs: cover, then gallery. */
          image: z.array(z.string()),
          path: z.string(),
          publishedAt: z.string(),
        }),
      ),
    }),
    cache: 'medium',
    async handler({ db }, { query }) {
      const item = await articleBySlug(db, query.lang, query.url);
      if (!item) throw new NotFoundError();
      return { article: [item] };
    },
    sample: async (db) => {
      const a = await firstPublishedArticle(db);
      return { query: { lang: a.lang, url: a.slug } };
    },
    unknownSample: { query: { lang: 'fr', url: 'article-qui-n-existe-pas-999999' } },
    malformedSample: { query: { lang: 'en', url: 'some-slug' } },
  }),

  /* ---- article lists ---- */
  defineRoute({
    method: 'GET',
    path: '/api/getSection/{a}/{b}',
    summary: 'A section page: articles of master tag {a} and its children, page {b}',
    group: 'Articles',
    params: z.object({ a: idParam.describe('master tag id'), b: pageParam }),
    response: z.object({ masterTag: masterTagRefShape, articles: z.array(articleCardShape), pagination: paginationShape }),
    cache: 'short',
    async handler({ db }, { params }) {
      const found = await masterTagWithChildren(db, params.a);
      if (!found) throw new NotFoundError();
      const { tag, children } = found;
      const ids = [tag.id, ...children.map((c) => c.id)];
      const { items, pagination } = await paginateListing(db, masterTagsListing(db, tag.lang, ids), tag.lang, params.b);
      return { masterTag: toMasterTagRef(tag), articles: items, pagination };
    },
    sample: async (db) => {
      const a = await db
        .selectFrom('articles')
        .select('master_tag_id')
        .where('master_tag_id', 'is not', null)
        .where('status', '=', 'published')
        .limit(1)
        .executeTakeFirstOrThrow();
      return { params: { a: String(a.master_tag_id), b: '1' } };
    },
    unknownSample: { params: { a: UNKNOWN_ID, b: '1' } },
    malformedSample: { params: { a: 'abc', b: '1' } },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getDossierSpecial',
    summary: 'Special dossiers of the language, in editorial order, with their article counts',
    group: 'Dossiers',
    response: z.object({ dossiers: z.array(dossierCardShape) }),
    cache: 'medium',
    async handler({ db, locale }) {
      return { dossiers: await listDossiers(db, locale) };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/getDossierSpecial/{id}',
    summary: 'One special dossier and all its published articles, in the dossier’s order (then newest first); a retired dossier is unknown',
    group: 'Dossiers',
    params: z.object({ id: idParam }),
    response: z.object({ dossier: dossierCardShape, articles: z.array(articleCardShape) }),
    cache: 'short',
    async handler({ db }, { params }) {
      const found = await findDossier(db, params.id);
      if (!found || found.row.retired_at) throw new NotFoundError();
      return { dossier: found.card, articles: await dossierArticles(db, found.row.lang, found.row.id) };
    },
    sample: async (db) => {
      const d = await db.selectFrom('dossiers').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
      return { params: { id: String(d.id) } };
    },
    unknownSample: { params: { id: UNKNOWN_ID } },
    malformedSample: { params: { id: '0' } },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/articlesByMasterTags/{id}',
    summary: 'A master tag with its children and the 20 newest articles of it and its children',
    group: 'Articles',
    params: z.object({ id: idParam.describe('master tag id') }),
    response: z.object({
      masterTag: masterTagRefShape.extend({ childs: z.array(masterTagLeafShape) }),
      articles: z.array(articleCardShape),
    }),
    cache: 'short',
    async handler({ db }, { params }) {
      const found = await masterTagWithChildren(db, params.id);
      if (!found) throw new NotFoundError();
      const { tag, children } = found;
      const query = articlesOfMasterTags(db, tag.lang, [tag.id, ...children.map((c) => c.id)]);
      return {
        masterTag: { ...toMasterTagRef(tag), childs: children.map(toMasterTagLeaf) },
        articles: await newestOf(db, query, tag.lang, 20),
      };
    },
    sample: async (db) => {
      const m = await db
        .selectFrom('master_tags')
        .select('id')
        .where('parent_id', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      return { params: { id: String(m.id) } };
    },
    unknownSample: { params: { id: UNKNOWN_ID } },
    malformedSample: { params: { id: 'abc' } },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/articlesbytag/{tagId}/{page}',
    summary: 'Published articles carrying a tag, newest first, one page',
    group: 'Articles',
    params: z.object({ tagId: idParam, page: pageParam }),
    response: z.object({ tag: tagRefShape, articles: z.array(articleCardShape), pagination: paginationShape }),
    cache: 'short',
    async handler({ db, locale }, { params }) {
      const tag = await db
        .selectFrom('tags')
        .select(['id', 'name', 'slug'])
        .where('id', '=', params.tagId)
        .executeTakeFirst();
      if (!tag) throw new NotFoundError();
      const query = db
        .selectFrom('articles')
        .innerJoin('article_tags', 'article_tags.article_id', 'articles.id')
        .where('article_tags.tag_id', '=', tag.id)
        .where('articles.status', '=', 'published')
        .where('articles.published_at', '<=', new Date().toISOString());
      const { items, pagination } = await paginateArticles(db, query, locale, params.page, undefined, `tag-any-lang:${tag.id}`);
      return { tag, articles: items, pagination };
    },
    sample: async (db) => {
      const row = await db.selectFrom('article_tags').select('tag_id').limit(1).executeTakeFirstOrThrow();
      return { params: { tagId: String(row.tag_id), page: '1' } };
    },
    unknownSample: { params: { tagId: UNKNOWN_ID, page: '1' } },
    malformedSample: { params: { tagId: 'abc', page: '1' } },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/articlesbysignature/{a}/{b}',
    summary: 'Articles signed by author {a}, newest first, page {b}',
    group: 'Articles',
    params: z.object({ a: idParam.describe('author id'), b: pageParam }),
    response: z.object({ author: authorShape, articles: z.array(articleCardShape), pagination: paginationShape }),
    cache: 'short',
    async handler({ db, locale }, { params }) {
      const author = await findAuthor(db, params.a, locale);
      if (!author) throw new NotFoundError();
      const { items, pagination } = await paginateListing(db, authorListing(db, locale, author.id), locale, params.b);
      return { author, articles: items, pagination };
    },
    sample: async (db) => {
      const a = await firstPublishedArticle(db);
      const withAuthor =
        a.author_id ??
        (
          await db
            .selectFrom('authors')
            .select('id')
            .orderBy('id')
            .limit(1)
            .executeTakeFirstOrThrow()
        ).id;
      return { params: { a: String(withAuthor), b: '1' } };
    },
    unknownSample: { params: { a: UNKNOWN_ID, b: '1' } },
    malformedSample: { params: { a: 'abc', b: '1' } },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/articlesrecent-paginated/{page}',
    summary: 'All published articles, newest first, one page (404 past the last page)',
    group: 'Articles',
    params: z.object({ page: pageParam }),
    response: articlePageList,
    cache: 'short',
    async handler({ db, locale }, { params }) {
      const { items, pagination } = await paginateListing(db, recentListing(db, locale), locale, params.page);
      return { articles: items, pagination };
    },
    sample: async () => ({ params: { page: '1' } }),
    unknownSample: { params: { page: '99999' } },
    malformedSample: { params: { page: '0' } },
  }),

  /* ---- programme grid ---- */
  defineRoute({
    method: 'GET',
    path: '/api/grille/list',
    summary: 'Programme grid around the broadcast day in progress (Africa/Casablanca; a day runs 06:00 to 02:00): up to 7 past days and 13 coming days that have entries, 14 at most, with local times and on-air marks',
    group: 'Grid',
    response: z.object({ days: z.array(gridDayShape) }),
    cache: 'short',
    async handler({ db, locale, now, changesAt }) {
      const days = await gridFortnight(db, locale, now);
      changesAt(nextGridChange(days, now));
      return { days };
    },
    sample: async () => ({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/grille/list/per-day',
    summary: 'Programme grid of one day (default: the broadcast day in progress, Africa/Casablanca; before 06:00 that is the previous calendar day); a day without a grid has no entries',
    group: 'Grid',
    query: z.object({ day: dayQuery.optional() }),
    response: gridDayShape,
    cache: 'short',
    async handler({ db, locale, now, changesAt }, { query }) {
      const day = await gridDay(db, locale, query.day, now);
      changesAt(nextGridChange([day], now));
      return day;
    },
    sample: async (db) => {
      const g = await db.selectFrom('grid_entries').select('day').orderBy('day', 'desc').limit(1).executeTakeFirst();
      return g ? { query: { day: g.day } } : {};
    },
    malformedSample: { query: { day: '2026-13-45' } },
  }),

  /* ---- search ---- */
  defineRoute({
    method: 'GET',
    path: '/api/Search/{page}',
    summary:
      'Search: up to 4 tags, up to 4 emissions and one page of 10 articles matching every word (the last one also as a word start), ranked by relevance (bm25, title first) and recency; 404 past the last page',
    group: 'Search',
    params: z.object({ page: pageParam }),
    query: z.object({
      search: z.string().trim().min(1).max(100).describe('search words, 1 to 100 characters'),
    }),
    response: z.object({
      Tags: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), path: z.string() })),
      Emissions: z.array(z.object({ id: z.number().int(), name: z.string(), path: z.string() })),
      Article: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          /** JSON text {"tag","slug"}. */
          url: z.string(),
          path: z.string(),
          publishedAt: z.string(),
        }),
      ),
      pagination: paginationShape,
    }),
    cache: 'short',
    async handler({ db, locale }, { params, query }) {
      return searchContent(db, locale, query.search, params.page, SEARCH_PAGE_SIZE);
    },
    sample: async (db) => {
      const a = await firstPublishedArticle(db);
      const word = a.title.split(/\s+/).find((w) => w.length >= 4) ?? a.title;
      return { params: { page: '1' }, query: { search: word } };
    },
    unknownSample: { params: { page: '9999' }, query: { search: 'maroc' } },
    malformedSample: { params: { page: '1' }, query: { search: '   ' } },
  }),

  /* ---- ads ---- */
  defineRoute({
    method: 'GET',
    path: '/api/pub-tag/{id}',
    summary:
      'Video ad unit (pub_code) of a content tag, or with scope=programme of a programme (its episodes); null means the default pre-roll unit',
    group: 'Ads',
    params: z.object({ id: idParam.describe('content tag id, or programme id with scope=programme') }),
    query: z.object({ scope: z.enum(['tag', 'programme']).default('tag') }),
    response: z.object({ pub_code: z.string().nullable() }),
    cache: 'long',
    async handler({ db }, { params, query }) {
      const found = await pubCodeFor(db, query.scope, params.id);
      if (!found) throw new NotFoundError();
      return found;
    },
    sample: async (db) => {
      const ad = await db
        .selectFrom('ad_tags')
        .innerJoin('tags', 'tags.id', 'ad_tags.tag_id')
        .select('tags.id')
        .limit(1)
        .executeTakeFirst();
      const id = ad?.id ?? (await db.selectFrom('tags').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
      return { params: { id: String(id) } };
    },
    unknownSample: { params: { id: UNKNOWN_ID } },
    malformedSample: { params: { id: 'abc' } },
  }),
];
