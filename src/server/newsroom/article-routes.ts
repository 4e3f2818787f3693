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
import { parseNinjsArticle } from './ninjs.ts';
import type { NewsroomContext, NewsroomOutcome, NewsroomRoute } from './router.ts';

/** 2 MB: a long article with tables is well under 200 KB. */
export const MAX_ARTICLE_BYTES = 2 * 1024 * 1024;

const siteUrl = () => getConfig().SITE_URL;

function answer(a: StoredArticle) {
  return { id: a.id, uri: a.uri, lang: a.lang, url: a.url, path: a.path, version: a.version, state: a.state, publishedAt: a.publishedAt };
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
    async handler(ctx) {
      const body = await readJsonBody(ctx.request, MAX_ARTICLE_BYTES);
      if (!body.ok) return { status: body.status, problem: body.problem };
      const parsed = parseNinjsArticle(body.value);
      const uri = typeof (body.value as { uri?: unknown } | null)?.uri === 'string' ? (body.value as { uri: string }).uri : null;
      if (!parsed.ok) return { status: 422, errors: parsed.errors, item: uri };
      const result = await upsertNinjsArticle(ctx.db, parsed.article, { siteUrl: siteUrl() });
      switch (result.kind) {
        case 'invalid':
          return { status: 422, errors: result.errors, item: uri };
        case 'conflict':
          return {
            status: 409,
            item: uri,
            errors: { version: [`version ${parsed.article.version} is older than the stored version ${result.storedVersion}`] },
          };
        default:
          return { status: result.kind === 'created' ? 201 : 200, item: uri, response: answer(result.article) };
      }
    },
  },
  {
    method: 'GET',
    path: '/api/newsroom/articles',
    action: 'article.read',
    async handler(ctx) {
      const uri = uriFromQuery(ctx);
      if (typeof uri !== 'string') return uri;
      const found = await findNinjsArticle(ctx.db, uri, siteUrl());
      return found ? { status: 200, item: uri, response: answer(found) } : { status: 404, item: uri, problem: `no article with uri ${uri}` };
    },
  },
  {
    method: 'DELETE',
    path: '/api/newsroom/articles',
    action: 'article.withdraw',
    async handler(ctx) {
      const uri = uriFromQuery(ctx);
      return typeof uri === 'string' ? withdraw(ctx, uri) : uri;
    },
  },
  {
    method: 'POST',
    path: '/api/newsroom/articles/withdraw',
    action: 'article.withdraw',
    async handler(ctx) {
      const body = await readJsonBody(ctx.request, 16 * 1024);
      if (!body.ok) return { status: body.status, problem: body.problem };
      const uri = (body.value as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string' || !uri.trim()) return { status: 422, errors: { uri: ['is required: the ninjs uri of the article'] } };
      return withdraw(ctx, uri.trim());
    },
  },
];
