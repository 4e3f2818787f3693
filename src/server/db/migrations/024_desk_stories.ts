/**
 * The desk's stories (docs/desk.md, ADR 033). A story is an `articles` row
 * from the first moment (status `draft`, then `review`; the public queries
 * only ever show `published` ones), so the desk lists every article of the
 * site, the newsroom API's and the demo's too, from one table.
 *
 *  - desk_stories: the desk's working copy of an article (`doc`, JSON of
 *    src/server/desk/document.ts) and its lock version `rev` (a save names
 *    the rev it started from; a stale one is refused with 409), who owns it
 *    (the journalist who wrote it), whether the working copy holds changes
 *    the public page does not show yet (`pending`), and who saved last;
 *  - desk_revisions: the story's history, each a whole document with its
 *    number, kind (save, submit, publish, schedule, restore, withdraw…),
 *    who and when; autosaves by one person within minutes fold into one;
 *  - desk_presence: who has the story open (seen in the last seconds).
 *
 * Indexes for the desk's story list (newest change first, by language or
 * state), which must answer within 100 ms on 100,000 articles.
 */
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function deskStoriesMigration(dialect: Dialect) {
  const { table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('desk_stories')
        .addColumn('article_id', 'integer', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
        .addColumn('rev', 'integer', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer')
        .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .execute();
      await db.schema.createIndex('desk_stories_owner').on('desk_stories').columns(['owner_id', 'updated_at']).execute();

      await table(db, 'desk_revisions')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('rev', 'integer', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('desk_revisions_number', ['article_id', 'number'])
        .execute();

      await db.schema
        .createTable('desk_presence')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('desk_users.id').onDelete('cascade'))
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('desk_presence_pk', ['article_id', 'user_id'])
        .execute();

      await db.schema.createIndex('articles_desk_updated').on('articles').columns(['updated_at', 'id']).execute();
      await db.schema.createIndex('articles_desk_lang').on('articles').columns(['lang', 'updated_at', 'id']).execute();
      await db.schema.createIndex('articles_desk_status').on('articles').columns(['status', 'updated_at', 'id']).execute();
      // The few scheduled ones (published, due later), an author's, a section's.
      await db.schema.createIndex('articles_desk_due').on('articles').columns(['status', 'published_at']).execute();
      await db.schema.createIndex('articles_desk_author').on('articles').columns(['author_id', 'updated_at', 'id']).execute();
      await db.schema.createIndex('articles_desk_section').on('articles').columns(['master_tag_id', 'updated_at', 'id']).execute();
    },
    async down(db: Db): Promise<void> {
      for (const i of ['articles_desk_updated', 'articles_desk_lang', 'articles_desk_status', 'articles_desk_due', 'articles_desk_author', 'articles_desk_section']) {
        await db.schema.dropIndex(i).execute();
      }
      for (const t of ['desk_presence', 'desk_revisions', 'desk_stories']) await db.schema.dropTable(t).execute();
    },
  };
}
