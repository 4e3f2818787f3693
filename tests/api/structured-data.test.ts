/**
 * JSON-LD of the real pages against what Google documents for each type
 * (the table below, with its source per type): every object of a listed
 * type, wherever it sits in a page's JSON-LD, must carry the properties
 * listed, non-empty; and each page type carries the objects it should (the
 * article's video, the live VideoObject with its BroadcastEvent, the guide's
 * BroadcastEvent list, the programme's TVSeries, the episode's TVEpisode).
 */
import { describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';

const baseUrl = inject('baseUrl');

type Ld = Record<string, unknown>;

/**
 * Properties each type must have.
 *
 * - NewsArticle: Google, "Article (Article, NewsArticle, BlogPosting)
 *   structured data", https://developers.google.com/search/docs/appearance/structured-data/article
 *   lists no required property and recommends author, dateModified,
 *   datePublished, headline, image: all required here.
 * - VideoObject: Google, "Video (VideoObject, Clip, BroadcastEvent)
 *   structured data", https://developers.google.com/search/docs/appearance/structured-data/video
 *   requires name, thumbnailUrl, uploadDate.
 * - BroadcastEvent: the same page, "LIVE badge": a livestream's
 *   VideoObject.publication is a BroadcastEvent with isLiveBroadcast and
 *   startDate (required) and endDate (Google asks for an expected end).
 *   The guide's BroadcastEvents carry the same three.
 * - BreadcrumbList: Google, https://developers.google.com/search/docs/appearance/structured-data/breadcrumb
 *   requires itemListElement, each ListItem with position, name, item.
 * - ItemList: Google, "Carousel", https://developers.google.com/search/docs/appearance/structured-data/carousel
 *   requires itemListElement, each ListItem with position (and item or url).
 * - NewsMediaOrganization (Organization): Google, https://developers.google.com/search/docs/appearance/structured-data/organization
 *   recommends name, url, logo.
 * - TVSeries, TVEpisode, Movie: Google documents no rich result for them
 *   (its TV and movie actions are partner feeds); what schema.org
 *   (https://schema.org/TVSeries, /TVEpisode, /Movie) needs to identify the
 *   work: name and url, and for an episode its series (partOfSeries).
 */
const REQUIRED: Record<string, readonly string[]> = {
  NewsArticle: ['headline', 'image', 'datePublished', 'dateModified', 'author'],
  VideoObject: ['name', 'thumbnailUrl', 'uploadDate'],
  BroadcastEvent: ['isLiveBroadcast', 'startDate', 'endDate'],
  BreadcrumbList: ['itemListElement'],
  ItemList: ['itemListElement'],
  NewsMediaOrganization: ['name', 'url', 'logo'],
  TVSeries: ['name', 'url'],
  Movie: ['name', 'url'],
  TVEpisode: ['name', 'url', 'partOfSeries'],
};

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Every problem of an object tree, with its JSON path. */
function problems(node: unknown, path: string, parentType?: string): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => problems(n, `${path}[${i}]`, parentType));
  if (!node || typeof node !== 'object') return [];
  const o = node as Ld;
  const type = typeof o['@type'] === 'string' ? o['@type'] : undefined;
  const out: string[] = [];
  for (const prop of (type && REQUIRED[type]) || []) if (!present(o[prop])) out.push(`${path} (${type}) lacks ${prop}`);
  if (type === 'ListItem') {
    if (typeof o['position'] !== 'number') out.push(`${path} (ListItem) lacks position`);
    if (parentType === 'BreadcrumbList' && (!present(o['name']) || !present(o['item']))) out.push(`${path} (ListItem of a BreadcrumbList) lacks name or item`);
    if (!present(o['item']) && !present(o['url'])) out.push(`${path} (ListItem) lacks item or url`);
  }
  for (const [k, v] of Object.entries(o)) out.push(...problems(v, `${path}.${k}`, type));
  return out;
}

async function ldOf(path: string): Promise<Ld[]> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld | Ld[]);
  const all = blocks.flatMap((b) => (Array.isArray(b) ? b : [b]));
  expect(problems(all, path)).toEqual([]);
  return all;
}

const ofType = (all: Ld[], type: string) => all.filter((o) => o['@type'] === type);

const store = testStore();

describe('structured data meets the documented requirements', () => {
  it('an article with a video: NewsArticle with its VideoObject', async () => {
    const row = await store.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .where('published_at', '<=', new Date().toISOString())
      .where('video_id', 'is not', null)
      .where('lang', '=', 'fr')
      .limit(1)
      .executeTakeFirstOrThrow();
    const [article] = ofType(await ldOf(`/fr/post/${row.id}`), 'NewsArticle');
    expect(article?.['video']).toMatchObject({ '@type': 'VideoObject' });
    const video = article!['video'] as Ld;
    expect(String(video['contentUrl'])).toMatch(/^https?:\/\//);
  });

  it('an article without a video: NewsArticle without one', async () => {
    const row = await store.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .where('published_at', '<=', new Date().toISOString())
      .where('video_id', 'is', null)
      .where('lang', '=', 'ar')
      .limit(1)
      .executeTakeFirstOrThrow();
    const [article] = ofType(await ldOf(`/ar/post/${row.id}`), 'NewsArticle');
    expect(article).toBeDefined();
    expect(article!['video']).toBeUndefined();
  });

  it('the live page: a VideoObject whose publication is the live BroadcastEvent', async () => {
    for (const lang of ['ar', 'fr']) {
      const [video] = ofType(await ldOf(`/${lang}/live`), 'VideoObject');
      expect(video?.['publication']).toMatchObject({ '@type': 'BroadcastEvent', isLiveBroadcast: true });
      expect(video!['embedUrl']).toBe(`${baseUrl}/${lang}/live/embed`);
      expect(ofType([video!], 'BroadcastEvent')).toEqual([]);
    }
  });

  it('the TV guide: a list of BroadcastEvent', async () => {
    const [list] = ofType(await ldOf('/fr/guidetv'), 'ItemList');
    const items = (list?.['itemListElement'] ?? []) as { item: Ld }[];
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i.item['@type']).toBe('BroadcastEvent');
  });

  it('a programme page: TVSeries with its episodes; an episode page: TVEpisode of that series, and its VideoObject', async () => {
    const programme = await store.db
      .selectFrom('programmes')
      .innerJoin('episodes', 'episodes.programme_id', 'programmes.id')
      .select(['programmes.id', 'episodes.id as episodeId'])
      .where('programmes.is_active', '=', 1)
      .where('programmes.kind', '=', 'serie')
      .where('episodes.published_at', '<=', new Date().toISOString())
      .groupBy(['programmes.id', 'episodes.id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const [series] = ofType(await ldOf(`/fr/replay/${programme.id}`), 'TVSeries');
    expect((series?.['episode'] as Ld[]).length).toBeGreaterThan(0);
    const page = await ldOf(`/fr/replay/single/${programme.episodeId}`);
    const [episode] = ofType(page, 'TVEpisode');
    expect((episode?.['partOfSeries'] as Ld)['url']).toBe(series!['url']);
    expect(ofType(page, 'VideoObject')).toHaveLength(1);
  });

  it('a web video page: VideoObject', async () => {
    const v = await store.db.selectFrom('web_videos').select('id').where('published_at', '<=', new Date().toISOString()).limit(1).executeTakeFirstOrThrow();
    expect(ofType(await ldOf(`/ar/replay/by2m/single/${v.id}`), 'VideoObject')).toHaveLength(1);
  });
});
