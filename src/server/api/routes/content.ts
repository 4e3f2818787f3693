/** SPEC §7.1: content paths. */
import { z } from 'zod';
import { defineRoute, idParam, pageParam, NotFoundError } from '../define.ts';
import { articleCardShape, paginationShape, tagRefShape } from '../shapes.ts';
import { paginateArticles } from '../../content/articles.ts';

export const contentRoutes = [
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
      const { items, pagination } = await paginateArticles(db, query, locale, params.page);
      return { tag, articles: items, pagination };
    },
    sample: async (db) => {
      const row = await db.selectFrom('article_tags').select('tag_id').limit(1).executeTakeFirstOrThrow();
      return { params: { tagId: String(row.tag_id), page: '1' } };
    },
    unknownSample: { params: { tagId: '999999999', page: '1' } },
    malformedSample: { params: { tagId: 'abc', page: '1' } },
  }),
];
