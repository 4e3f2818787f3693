/**
 * The change feed (ADR 010, ADR 015): one row per content change that
 * alters pages (a newsroom publish, update or withdrawal, breaking news, the
 * live channel, the programme grid). It is written in the same transaction
 * as the change itself, so a change that was acknowledged always reaches the
 * pages, even after a crash; every instance of the site reads it to
 * re-render the affected pages (`src/server/content/changes.ts`).
 *
 *  - paths: JSON array of site paths to render again (`/ar/…`, `/fr/…`,
 *    feeds, sitemaps).
 *  - gone: JSON array of site paths that no longer exist (410 from now on).
 *  - reason: what happened, for logs (`publish`, `withdraw`, `breaking`…).
 *  - due_at: when the change takes effect (an embargo: later than
 *    created_at); readers apply it once due_at has passed.
 *
 * Times are ISO strings written by the application, as elsewhere.
 */
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function contentChangesMigration(dialect: Dialect) {
  const { table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'content_changes')
        .addColumn('paths', 'text', (c) => c.notNull())
        .addColumn('gone', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_changes_due').on('content_changes').columns(['due_at', 'id']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('content_changes').execute();
    },
  };
}
