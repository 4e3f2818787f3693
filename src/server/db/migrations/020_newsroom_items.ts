/**
 * The newsroom ingest as agencies send it (ADR 031):
 *
 *  - `newsroom_items`: ninjs items that are not articles, by their `uri`: a
 *    picture (or graphic) copied into the media store (`image_id`), later
 *    addressable by that uri in an article's associations; a video that
 *    became a replay (`replay_kind` episode | jt | webvideo, `replay_id`).
 *    `version` and `version_created` keep the item's order (an older one
 *    answers 409), as the article columns do for articles;
 *  - `newsroom_pictures`: which picture each fetched URL gave (`source_url`
 *    → `image_id`), so that the same rendition named again is not fetched
 *    twice;
 *  - articles gain `ninjs_version_created`: the ninjs `versioncreated` of the
 *    version stored, which orders versions when a document carries no
 *    `version`.
 */
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function newsroomItemsMigration(dialect: Dialect) {
  const { table, now } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'newsroom_items')
        .addColumn('uri', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
        .addColumn('replay_kind', 'text')
        .addColumn('replay_id', 'integer')
        .addColumn('version', 'integer')
        .addColumn('version_created', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('newsroom_items_uri').unique().on('newsroom_items').column('uri').execute();
      await table(db, 'newsroom_pictures')
        .addColumn('source_url', 'text', (c) => c.notNull())
        .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('newsroom_pictures_source').unique().on('newsroom_pictures').column('source_url').execute();
      await db.schema.alterTable('articles').addColumn('ninjs_version_created', 'text').execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.alterTable('articles').dropColumn('ninjs_version_created').execute();
      await db.schema.dropTable('newsroom_pictures').execute();
      await db.schema.dropTable('newsroom_items').execute();
    },
  };
}
