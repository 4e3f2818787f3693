/**
 * Dossiers run from the desk and the newsroom API (docs/desk.md "Dossiers"):
 *
 *  - dossiers.body_html: the dossier's text, written in the desk's editor
 *    (sanitised like a story's body), shown under its description;
 *  - dossiers.updated_at: its last change (the sitemap's lastmod);
 *  - dossiers.retired_at: when it was retired (its page answers 410, it
 *    leaves the list and the sitemap);
 *  - articles.dossier_position: a story's place in its dossier (null: after
 *    the placed ones, newest first).
 */
import type { MigrationDb as Db } from './tools.ts';

export function dossiersMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('dossiers').addColumn('body_html', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('dossiers').addColumn('updated_at', 'text').execute();
      await db.schema.alterTable('dossiers').addColumn('retired_at', 'text').execute();
      await db.schema.alterTable('articles').addColumn('dossier_position', 'integer').execute();
      await db.schema.createIndex('articles_dossier').on('articles').columns(['dossier_id', 'dossier_position']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('articles_dossier').execute();
      await db.schema.alterTable('articles').dropColumn('dossier_position').execute();
      await db.schema.alterTable('dossiers').dropColumn('retired_at').execute();
      await db.schema.alterTable('dossiers').dropColumn('updated_at').execute();
      await db.schema.alterTable('dossiers').dropColumn('body_html').execute();
    },
  };
}
