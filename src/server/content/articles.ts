/** Article queries and their mapping to the API's article shapes. */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB, Database } from '../db/index.ts';
import type { Lang, Row } from '../db/schema.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { articlePath, type Locale } from '../../lib/paths.ts';
import { loadImages } from './images.ts';

export const PAGE_SIZE = 12;

/** Published articles in one language; the base of every public article query. */
export function publishedArticles(db: DB, lang: Lang) {
  return db
    .selectFrom('articles')
    .where('articles.lang', '=', lang)
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', new Date().toISOString());
}

type ArticleQuery = SelectQueryBuilder<Database, 'articles', object>;

/** Cards for a list of article rows, with one query each for images and master tags. */
export async function toArticleCards(db: DB, rows: Row<'articles'>[], lang: Lang): Promise<ArticleCard[]> {
  const image = await loadImages(db, rows.map((r) => r.cover_image_id), lang);
  const mtIds = [...new Set(rows.map((r) => r.master_tag_id).filter((x): x is number => x != null))];
  const masterTags = mtIds.length
    ? await db.selectFrom('master_tags').select(['id', 'name', 'route_name']).where('id', 'in', mtIds).execute()
    : [];
  const mt = new Map(masterTags.map((m) => [m.id, m]));
  return rows.map((r) => {
    const m = r.master_tag_id != null ? mt.get(r.master_tag_id) : undefined;
    return {
      id: r.id,
      lang: r.lang,
      title: r.title,
      subtitle: r.subtitle,
      slug: r.slug,
      path: articlePath(r.lang as Locale, m?.route_name, r.slug),
      cover: image(r.cover_image_id),
      masterTag: m ? { id: m.id, name: m.name, routeName: m.route_name } : null,
      hasVideo: r.video_id != null,
      publishedAt: r.published_at,
      updatedAt: r.updated_at,
    };
  });
}

/** One page of a filtered article query, newest first, with its pagination block. */
export async function paginateArticles(
  db: DB,
  query: ArticleQuery,
  lang: Lang,
  page: number,
  pageSize = PAGE_SIZE,
) {
  const totalRow = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  const rows = await query
    .selectAll('articles')
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: await toArticleCards(db, rows, lang),
    pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
  };
}

/** The newest published articles in one language. */
export async function latestArticles(db: DB, lang: Lang, limit: number): Promise<ArticleCard[]> {
  const rows = await publishedArticles(db, lang)
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return toArticleCards(db, rows, lang);
}
