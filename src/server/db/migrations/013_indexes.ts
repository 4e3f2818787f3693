/**
 * Indexes for the listings and look-ups of the pages at archive scale
 * (ADR 010; every query the page loaders run is checked with EXPLAIN QUERY
 * PLAN in tests/unit/query-plans.test.ts):
 *
 *  - articles (master_tag_id, lang, status, published_at) replaces
 *    (master_tag_id, published_at): a section's count and page boundaries
 *    are read from the index alone (covering), and "more from this section"
 *    is one ordered seek;
 *  - articles (author_id, lang, status, published_at) replaces
 *    (author_id, published_at): the same for an author's articles;
 *  - articles (dossier_id, lang, status, published_at) replaces (dossier_id):
 *    a dossier's articles in order from the index (most articles have no
 *    dossier, so the planner took the old index for unselective and walked
 *    the whole language's dates instead);
 *  - articles (translation_key, lang) replaces (translation_key): an
 *    article's translation is one seek even without planner statistics
 *    (without them SQLite preferred walking the other language's dates).
 */
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function indexesMigration(_dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.dropIndex('articles_master_tag').ifExists().execute();
      await db.schema
        .createIndex('articles_master_listing')
        .on('articles')
        .columns(['master_tag_id', 'lang', 'status', 'published_at'])
        .execute();
      await db.schema.dropIndex('articles_author').ifExists().execute();
      await db.schema
        .createIndex('articles_author_listing')
        .on('articles')
        .columns(['author_id', 'lang', 'status', 'published_at'])
        .execute();
      await db.schema.dropIndex('articles_dossier').ifExists().execute();
      await db.schema
        .createIndex('articles_dossier_listing')
        .on('articles')
        .columns(['dossier_id', 'lang', 'status', 'published_at'])
        .execute();
      await db.schema.dropIndex('articles_translation').ifExists().execute();
      await db.schema.createIndex('articles_translation_lang').on('articles').columns(['translation_key', 'lang']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('articles_translation_lang').execute();
      await db.schema.createIndex('articles_translation').on('articles').columns(['translation_key']).execute();
      await db.schema.dropIndex('articles_dossier_listing').execute();
      await db.schema.createIndex('articles_dossier').on('articles').columns(['dossier_id']).execute();
      await db.schema.dropIndex('articles_author_listing').execute();
      await db.schema.createIndex('articles_author').on('articles').columns(['author_id', 'published_at']).execute();
      await db.schema.dropIndex('articles_master_listing').execute();
      await db.schema.createIndex('articles_master_tag').on('articles').columns(['master_tag_id', 'published_at']).execute();
    },
  };
}
