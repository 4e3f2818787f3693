/**
 * PostgreSQL only: the listing indexes end with the article id, so that a
 * page of a listing (paginateListing, src/server/content/articles.ts: the
 * keys of each arm in (published_at, id) order, merged, LIMIT/OFFSET) is
 * read from the indexes alone (index-only scans) instead of visiting every
 * row of the listing in the table for its id. SQLite needs nothing: each of
 * its indexes already ends with the rowid, which is the id.
 *
 *  - articles (master_tag_id, lang, status, published_at, id) replaces
 *    articles_master_listing (a section's arms);
 *  - articles (author_id, lang, status, published_at, id) replaces
 *    articles_author_listing (an author's articles);
 *  - articles (lang, status, published_at, id) replaces articles_published
 *    (a language's articles, and every other date-bounded read).
 */
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

const REPLACED = [
  { old: 'articles_master_listing', oldColumns: ['master_tag_id', 'lang', 'status', 'published_at'], name: 'articles_master_keys' },
  { old: 'articles_author_listing', oldColumns: ['author_id', 'lang', 'status', 'published_at'], name: 'articles_author_keys' },
  { old: 'articles_published', oldColumns: ['lang', 'status', 'published_at'], name: 'articles_published_keys' },
];

export function listingKeysMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const r of REPLACED) {
        await db.schema.createIndex(r.name).on('articles').columns([...r.oldColumns, 'id']).execute();
        await db.schema.dropIndex(r.old).ifExists().execute();
      }
    },
    async down(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const r of REPLACED) {
        await db.schema.createIndex(r.old).on('articles').columns(r.oldColumns).execute();
        await db.schema.dropIndex(r.name).execute();
      }
    },
  };
}
