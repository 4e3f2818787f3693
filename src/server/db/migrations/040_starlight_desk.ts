/**
 * Starlight run from the desk (docs/desk.md "Starlight"):
 *
 *  - starlight_people.retired_at: when a candidate or a coach was retired
 *    (they leave the Starlight pages, the talents page and the sitemap;
 *    their page answers 404; their videos stay, as videos of the season);
 *  - starlight_people.updated_at, starlight_seasons.updated_at,
 *    starlight_videos.updated_at: the last change made in the desk.
 */
import type { MigrationDb as Db } from './tools.ts';

export function starlightDeskMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('starlight_people').addColumn('retired_at', 'text').execute();
      await db.schema.alterTable('starlight_people').addColumn('updated_at', 'text').execute();
      await db.schema.alterTable('starlight_seasons').addColumn('updated_at', 'text').execute();
      await db.schema.alterTable('starlight_videos').addColumn('updated_at', 'text').execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.alterTable('starlight_videos').dropColumn('updated_at').execute();
      await db.schema.alterTable('starlight_seasons').dropColumn('updated_at').execute();
      await db.schema.alterTable('starlight_people').dropColumn('updated_at').execute();
      await db.schema.alterTable('starlight_people').dropColumn('retired_at').execute();
    },
  };
}
