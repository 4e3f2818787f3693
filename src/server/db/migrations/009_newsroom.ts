/**
 * Newsroom publishing (ADR 011).
 *
 *  - newsroom_tokens: bearer tokens of the ingest API. Only the SHA-256
 *    (hex) of each token is kept; `name` is unique and names the newsroom
 *    system or person holding it; revoked tokens stay (revoked_at set) so
 *    the audit trail keeps its names.
 *  - newsroom_audit: one row per newsroom call (token name, action, the item
 *    it touched, its outcome as the HTTP status and a short detail).
 *  - articles gain `ninjs_uri` (the IPTC ninjs `uri` that identifies an
 *    item across versions; unique), `ninjs_version` (whole number; an
 *    older version is refused), `byline` (ninjs `by`) and `withdrawn_at`;
 *    a withdrawn article has status 'withdrawn'.
 *  - article_old_paths: site paths an article answered at before a slug or
 *    section change (they redirect to its page, or answer 410 once it is
 *    withdrawn).
 *  - images gain `renditions`: JSON [{ url, width, height, type }] of the
 *    AVIF and WebP renditions made for an uploaded picture (srcset).
 *
 * Times are ISO strings written by the application, as elsewhere.
 */
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function newsroomMigration(dialect: Dialect) {
  const { table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'newsroom_tokens')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('last_used_at', 'text')
        .execute();
      await table(db, 'newsroom_audit')
        .addColumn('token_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('item', 'text')
        .addColumn('outcome', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('newsroom_audit_time').on('newsroom_audit').columns(['created_at']).execute();

      await db.schema.alterTable('articles').addColumn('ninjs_uri', 'text').execute();
      await db.schema.alterTable('articles').addColumn('ninjs_version', 'integer').execute();
      await db.schema.alterTable('articles').addColumn('byline', 'text').execute();
      await db.schema.alterTable('articles').addColumn('withdrawn_at', 'text').execute();
      await db.schema.createIndex('articles_ninjs_uri').unique().on('articles').column('ninjs_uri').execute();

      await db.schema
        .createTable('article_old_paths')
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_old_paths_article').on('article_old_paths').column('article_id').execute();

      await db.schema.alterTable('images').addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('article_old_paths').execute();
      await db.schema.dropIndex('articles_ninjs_uri').execute();
      for (const c of ['ninjs_uri', 'ninjs_version', 'byline', 'withdrawn_at']) {
        await db.schema.alterTable('articles').dropColumn(c).execute();
      }
      await db.schema.alterTable('images').dropColumn('renditions').execute();
      await db.schema.dropTable('newsroom_audit').execute();
      await db.schema.dropTable('newsroom_tokens').execute();
    },
  };
}
