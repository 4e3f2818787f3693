/**
 * The article endpoints of the newsroom API (docs/newsroom.md), which take
 * every ninjs item (an article, a picture, a video: ADR 031):
 *
 *  - POST   /api/newsroom/articles            a ninjs 2.x item: 201 created, 200 updated,
 *                                             409 older version, 422 invalid (nothing changed)
 *  - GET    /api/newsroom/articles?uri=…      what is stored for a uri (404 when nothing)
 *  - DELETE /api/newsroom/articles?uri=…      withdraw it (410 on its pages from now on)
 *  - POST   /api/newsroom/articles/withdraw   the same with a JSON body { "uri": "…" }
 */
import { LOCALES } from '../../i18n/locales.ts';
import { getConfig } from '../config.ts';
import { findNinjsArticle, upsertNinjsArticle, withdrawNinjsArticle, type StoredArticle } from './articles.ts';
import { readJson } from '../http/body.ts';
import { findItem, upsertPictureItem, upsertVideoItem, type ItemResult } from './items.ts';
import { newsroomIngestDeps, readyPictures } from './pictures.ts';
import { parseNinjsItem, type NinjsItem } from './ninjs.ts';
import type { NewsroomContext, NewsroomOutcome, NewsroomRoute } from './router.ts';

const text = { type: 'array', items: { type: 'object', required: ['value'], properties: { value: { type: 'string' }, role: { type: 'string' }, contenttype: { type: 'string' } } } };

const rendition = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    href: { type: 'string', description: 'A picture is fetched from it once, at ingest, into the media store; a video or stream must be on an allowed media origin (MEDIA_ORIGINS)' },
    contenttype: { type: 'string' },
    width: { type: 'number' },
    height: { type: 'number' },
    sizeinbytes: { type: 'number' },
    duration: { type: 'number', description: 'Seconds (over 24 h: taken as unknown)' },
  },
};

/** The part of IPTC ninjs 2.x the site reads (the full schema: https://www.iptc.org/std/ninjs/ninjs-schema_2.1.json). */
const ninjsItem = {
  type: 'object',
  description:
    'An IPTC ninjs 2.x item: `text` (or `composite`, or no type) is an article, `picture`/`graphic` a picture, `video` a replay; other types are refused. Fields the site does not read are accepted and ignored (docs/newsroom.md). Texts are measured before they are sanitised: a headline at most 5,000 characters, 200 tags, 16 deep; a body at most 500,000 characters, 10,000 tags, 64 deep.',
  required: ['uri'],
  properties: {
    uri: { type: 'string', description: 'Identifies the item across versions' },
    type: { enum: ['text', 'composite', 'picture', 'graphic', 'video'] },
    language: { type: 'string', description: 'ar or fr (fr-MA accepted); required for an article' },
    version: { type: ['string', 'integer'], description: 'A whole number from 0; an older one than stored answers 409. Without it, versioncreated orders the versions' },
    pubstatus: { enum: ['usable', 'withheld', 'canceled'], default: 'usable' },
    firstcreated: { type: 'string', format: 'date-time' },
    versioncreated: { type: 'string', format: 'date-time' },
    embargoed: { type: ['string', 'null'], format: 'date-time', description: 'Shown from this time, not before' },
    headlines: text,
    descriptions: text,
    bodies: text,
    slugline: { type: 'string', description: 'Source of the URL slug (else the headline)' },
    subjects: {
      type: 'array',
      description:
        'urn:2m:section:<route> puts an article in a section (it must exist); any other named subject is a tag (created when unknown; the first 30). A video: urn:2m:jt:ar|fr|amz makes it a news bulletin, urn:2m:videotag:<slug> a web video of that category',
      items: { type: 'object', properties: { name: { type: 'string' }, uri: { type: 'string' }, literal: { type: 'string' } } },
    },
    by: { type: 'string', description: 'Byline' },
    associations: {
      type: 'array',
      description: 'Pictures (first: cover) by uri urn:2m:media:<id>, by the uri of a picture sent before, or by renditions (copied into the media store); one video by a playable rendition (MP4 or HLS) on an allowed media origin',
      items: {
        type: 'object',
        required: ['uri'],
        properties: {
          name: { type: 'string' },
          uri: { type: 'string' },
          type: { type: 'string', description: 'picture, graphic or video; other types are ignored' },
          headlines: text,
          renditions: { type: 'array', items: rendition },
        },
      },
    },
    altids: { type: 'array', description: '{ role: "translation", value: K }: the versions sharing K are translations', items: { type: 'object', properties: { role: { type: 'string' }, value: { type: 'string' } } } },
    renditions: { type: 'array', description: 'A picture or video item’s renditions', items: rendition },
  },
};

const storedArticle = {
  type: 'object',
  required: ['kind', 'id', 'uri', 'lang', 'url', 'path', 'version', 'state', 'publishedAt'],
  properties: {
    kind: { const: 'text' },
    id: { type: 'integer' },
    uri: { type: 'string' },
    lang: { enum: LOCALES },
    url: { type: 'string', description: 'Absolute URL of the article page' },
    path: { type: 'string' },
    version: { type: ['integer', 'null'] },
    state: { enum: ['published', 'embargoed', 'withdrawn'] },
    publishedAt: { type: 'string', format: 'date-time', description: 'When it is (or was) first shown' },
  },
};
const storedPicture = {
  type: 'object',
  required: ['kind', 'uri', 'version', 'media'],
  properties: {
    kind: { const: 'picture' },
    uri: { type: 'string' },
    version: { type: ['integer', 'null'] },
    media: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, uri: { type: 'string', description: 'urn:2m:media:<id>' }, url: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' }, renditions: { type: 'array', items: { type: 'object' } } },
    },
  },
};
const storedVideo = {
  type: 'object',
  required: ['kind', 'uri', 'version', 'replay'],
  properties: {
    kind: { const: 'video' },
    uri: { type: 'string' },
    version: { type: ['integer', 'null'] },
    replay: { type: 'object', properties: { id: { type: ['integer', 'null'] }, kind: { type: ['string', 'null'] }, uri: { type: 'string' }, publishedAt: { type: 'string' }, paths: { type: 'object' } } },
  },
};
const storedItem = { oneOf: [storedArticle, storedPicture, storedVideo] };
const uriQuery = { uri: { description: 'The ninjs uri of the item', required: true } };

/** 2 MB: a long article with tables is well under 200 KB. */
const MAX_ARTICLE_BYTES = 2 * 1024 * 1024;

const siteUrl = () => getConfig().SITE_URL;


/** An item result as an answer: 201/200, 409 older version, 422 refused. */
function itemOutcome<T>(result: ItemResult<T>, uri: string | null, answer: (value: T) => unknown): NewsroomOutcome {
  switch (result.kind) {
    case 'invalid':
      return { status: 422, errors: result.errors, item: uri };
    case 'conflict':
      return { status: 409, item: uri, errors: { version: [`older than the stored ${result.stored}`] } };
    default:
      return { status: result.kind === 'created' ? 201 : 200, item: uri, response: answer(result.value) };
  }
}

/**
 * A parsed ninjs item into the store: its pictures made ready first (fetched
 * into the media store: nothing is held open meanwhile), then one
 * transaction for the item itself.
 */
async function publishItem(ctx: NewsroomContext, item: NinjsItem, uri: string | null): Promise<NewsroomOutcome> {
  const deps = newsroomIngestDeps();
  if (item.kind === 'picture') {
    const { ready, errors } = await readyPictures(ctx.db, [item.picture.picture], deps);
    const picture = ready.get(item.picture.picture);
    if (!picture) return { status: 422, errors, item: uri };
    return itemOutcome(await upsertPictureItem(ctx.db, item.picture, picture), uri, ({ version, ...media }) => ({ kind: 'picture', uri: item.picture.uri, version, media }));
  }
  if (item.kind === 'video') {
    const poster = item.video.poster;
    const { ready, errors } = await readyPictures(ctx.db, poster ? [poster] : [], deps);
    if (Object.keys(errors).length) return { status: 422, errors, item: uri };
    const result = await upsertVideoItem(ctx.db, item.video, poster ? (ready.get(poster) ?? null) : null);
    return itemOutcome(result, uri, ({ version, created: _created, ...replay }) => ({ kind: 'video', uri: item.video.uri, version, replay }));
  }
  const doc = item.article;
  const { ready, errors } = await readyPictures(ctx.db, [...doc.pictures, ...doc.bodyPictures], deps);
  if (Object.keys(errors).length) return { status: 422, errors, item: uri };
  const result = await upsertNinjsArticle(ctx.db, doc, { siteUrl: siteUrl(), pictures: ready });
  switch (result.kind) {
    case 'invalid':
      return { status: 422, errors: result.errors, item: uri };
    case 'conflict':
      return { status: 409, item: uri, errors: { version: [`${doc.version !== null ? `version ${doc.version}` : `the version created ${doc.versionCreated?.toISOString() ?? '?'}`} is older than the stored ${result.stored}`] } };
    default:
      return { status: result.kind === 'created' ? 201 : 200, item: uri, response: answer(result.article) };
  }
}

function answer(a: StoredArticle) {
  return { kind: 'text', id: a.id, uri: a.uri, lang: a.lang, url: a.url, path: a.path, version: a.version, state: a.state, publishedAt: a.publishedAt };
}

function uriFromQuery(ctx: NewsroomContext): string | NewsroomOutcome {
  const uri = ctx.url.searchParams.get('uri')?.trim();
  if (!uri) return { status: 400, errors: { 'query.uri': ['is required: the ninjs uri of the article'] } };
  return uri;
}

async function withdraw(ctx: NewsroomContext, uri: string): Promise<NewsroomOutcome> {
  const done = await withdrawNinjsArticle(ctx.db, uri, { siteUrl: siteUrl() });
  if (!done) return { status: 404, item: uri, problem: `no article with uri ${uri}` };
  return { status: 200, item: uri, response: answer(done) };
}

export const articleRoutes: NewsroomRoute[] = [
  {
    method: 'POST',
    path: '/api/newsroom/articles',
    action: 'article.publish',
    doc: {
      summary: 'Publish or update a ninjs 2.x item (an article, a picture, a video), upserted by uri',
      body: { 'application/json': ninjsItem },
      response: storedItem,
      codes: {
        '200': 'Updated',
        '201': 'Created',
        '400': 'Malformed JSON',
        '409': 'Older version than the stored one; nothing changed',
        '413': 'Body over 2 MB',
        '415': 'Not application/json (or no Content-Type)',
        '422': 'Invalid item, errors per field (a picture that cannot be fetched: for its association, with the reason; a text over its limits; a video origin not allowed); nothing changed',
      },
    },
    async handler(ctx) {
      const body = await readJson(ctx.request, MAX_ARTICLE_BYTES);
      if (!body.ok) return { status: body.status, problem: body.problem };
      const uri = typeof (body.value as { uri?: unknown } | null)?.uri === 'string' ? (body.value as { uri: string }).uri : null;
      const parsed = parseNinjsItem(body.value);
      if (!parsed.ok) return { status: 422, errors: parsed.errors, item: uri };
      return publishItem(ctx, parsed.item, uri);
    },
  },
  {
    method: 'GET',
    path: '/api/newsroom/articles',
    action: 'article.read',
    doc: { summary: 'What is stored for an item uri (an article, a picture, a video)', query: uriQuery, response: storedItem, codes: { '200': 'Found', '400': 'No uri', '404': 'Unknown uri' } },
    async handler(ctx) {
      const uri = uriFromQuery(ctx);
      if (typeof uri !== 'string') return uri;
      const found = await findNinjsArticle(ctx.db, uri, siteUrl());
      if (found) return { status: 200, item: uri, response: answer(found) };
      const item = await findItem(ctx.db, uri);
      if (item) return { status: 200, item: uri, response: { uri, ...item } };
      return { status: 404, item: uri, problem: `no item with uri ${uri}` };
    },
  },
  {
    method: 'DELETE',
    path: '/api/newsroom/articles',
    action: 'article.withdraw',
    doc: {
      summary: 'Withdraw an article: 410 at its addresses, gone from every list, feed and search',
      description: 'Needs no body, Content-Type or Origin: only a form-like POST from another origin is refused (src/server/http/origin-check.ts).',
      query: uriQuery,
      response: storedArticle,
      codes: { '200': 'Withdrawn (or already)', '400': 'No uri', '404': 'Unknown uri' },
    },
    async handler(ctx) {
      const uri = uriFromQuery(ctx);
      return typeof uri === 'string' ? withdraw(ctx, uri) : uri;
    },
  },
  {
    method: 'POST',
    path: '/api/newsroom/articles/withdraw',
    action: 'article.withdraw',
    doc: {
      summary: 'Withdraw an article (the same as DELETE, with a JSON body)',
      body: { 'application/json': { type: 'object', required: ['uri'], properties: { uri: { type: 'string' } } } },
      response: storedArticle,
      codes: { '200': 'Withdrawn (or already)', '400': 'Malformed JSON', '404': 'Unknown uri', '422': 'No uri' },
    },
    async handler(ctx) {
      const body = await readJson(ctx.request, 16 * 1024);
      if (!body.ok) return { status: body.status, problem: body.problem };
      const uri = (body.value as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string' || !uri.trim()) return { status: 422, errors: { uri: ['is required: the ninjs uri of the article'] } };
      return withdraw(ctx, uri.trim());
    },
  },
];
