/**
 * The article endpoints of the newsroom API (docs/newsroom.md):
 *
 *  - POST   /api/newsroom/articles            a ninjs 2.x document: 201 created, 200 updated,
 *                                             409 older version, 422 invalid (nothing changed)
 *  - GET    /api/newsroom/articles?uri=…      what is stored for a uri (404 when nothing)
 *  - DELETE /api/newsroom/articles?uri=…      withdraw it (410 on its pages from now on)
 *  - POST   /api/newsroom/articles/withdraw   the same with a JSON body { "uri": "…" }
 */
import { getConfig } from '../config.ts';
import { findNinjsArticle, upsertNinjsArticle, withdrawNinjsArticle, type StoredArticle } from './articles.ts';
import { readJsonBody } from './body.ts';
import { findItem, upsertPictureItem, upsertVideoItem, type ItemResult } from './items.ts';
import { newsroomIngestDeps, readyPictures } from './pictures.ts';
import { parseNinjsItem, type NinjsItem } from './ninjs.ts';
import type { NewsroomContext, NewsroomOutcome, NewsroomRoute } from './router.ts';

const text = { type: 'array', items: { type: 'object', required: ['value'], properties: { value: { type: 'string' }, role: { type: 'string' }, contenttype: { type: 'string' } } } };

/** The part of IPTC ninjs 2.x the site reads (the full schema: https://www.iptc.org/std/ninjs/ninjs-schema_2.1.json). */
const ninjsArticle = {
  type: 'object',
  description: 'An IPTC ninjs 2.x item of type text. Fields the site does not read are accepted and ignored (docs/newsroom.md).',
  required: ['uri', 'type', 'language', 'version', 'headlines'],
  properties: {
    uri: { type: 'string', description: 'Identifies the article across versions' },
    type: { enum: ['text', 'composite'] },
    language: { type: 'string', description: 'ar or fr (fr-MA accepted)' },
    version: { type: ['string', 'integer'], description: 'A whole number; an older one than stored answers 409' },
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
      description: 'urn:2m:section:<route> puts the article in a section (it must exist); any other subject is a tag (created when unknown)',
      items: { type: 'object', properties: { name: { type: 'string' }, uri: { type: 'string' }, literal: { type: 'string' } } },
    },
    by: { type: 'string', description: 'Byline' },
    associations: {
      type: 'array',
      description: 'Pictures (first: cover) and one video, by uri urn:2m:media:<id> or by renditions[].href',
      items: {
        type: 'object',
        required: ['uri', 'type'],
        properties: {
          name: { type: 'string' },
          uri: { type: 'string' },
          type: { enum: ['picture', 'graphic', 'video'] },
          headlines: text,
          renditions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { href: { type: 'string' }, contenttype: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' }, duration: { type: 'number' } },
            },
          },
        },
      },
    },
    altids: { type: 'array', description: '{ role: "translation", value: K }: the versions sharing K are translations', items: { type: 'object', properties: { role: { type: 'string' }, value: { type: 'string' } } } },
  },
};

const storedArticle = {
  type: 'object',
  required: ['id', 'uri', 'lang', 'url', 'path', 'version', 'state', 'publishedAt'],
  properties: {
    id: { type: 'integer' },
    uri: { type: 'string' },
    lang: { enum: ['ar', 'fr'] },
    url: { type: 'string', description: 'Absolute URL of the article page' },
    path: { type: 'string' },
    version: { type: 'integer' },
    state: { enum: ['published', 'embargoed', 'withdrawn'] },
    publishedAt: { type: 'string', format: 'date-time', description: 'When it is (or was) first shown' },
  },
};
const uriQuery = { uri: { description: 'The ninjs uri of the article', required: true } };

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
      summary: 'Publish or update an article (IPTC ninjs 2.x), upserted by uri',
      body: { 'application/json': ninjsArticle },
      response: storedArticle,
      codes: {
        '200': 'Updated',
        '201': 'Created',
        '400': 'Malformed JSON',
        '409': 'Older version than the stored one; nothing changed',
        '413': 'Body over 2 MB',
        '415': 'Not application/json',
        '422': 'Invalid document, errors per field; nothing changed',
      },
    },
    async handler(ctx) {
      const body = await readJsonBody(ctx.request, MAX_ARTICLE_BYTES);
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
    doc: { summary: 'What is stored for an article uri', query: uriQuery, response: storedArticle, codes: { '200': 'Found', '400': 'No uri', '404': 'Unknown uri' } },
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
      description: 'Send a non-form Content-Type (e.g. application/json) or an Origin header: the framework refuses unsafe requests with neither.',
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
      const body = await readJsonBody(ctx.request, 16 * 1024);
      if (!body.ok) return { status: body.status, problem: body.problem };
      const uri = (body.value as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string' || !uri.trim()) return { status: 422, errors: { uri: ['is required: the ninjs uri of the article'] } };
      return withdraw(ctx, uri.trim());
    },
  },
];
