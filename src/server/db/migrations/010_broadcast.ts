/**
 * Video and broadcast publishing (ADR 011): what the newsroom API
 * writes that the store could not hold yet.
 *
 *  - grid_entries: each language's description and an icon URL, read from
 *    and written back to XMLTV (`<desc lang>`, `<icon src>`).
 *  - episodes, jt_bulletins, web_videos: `external_uri`, the newsroom's own
 *    id of a replay, so publishing it again updates it (unique; null for
 *    the seeded catalogue).
 *  - live_channels: the newsroom's live title per language (null: the
 *    channel's name). The newsroom's stream goes in `stream_url`.
 */
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function broadcastMigration(_dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      // SQLite adds one column per ALTER TABLE statement.
      await db.schema.alterTable('grid_entries').addColumn('description_ar', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('grid_entries').addColumn('description_fr', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('grid_entries').addColumn('icon_url', 'text').execute();
      for (const table of ['episodes', 'jt_bulletins', 'web_videos']) {
        await db.schema.alterTable(table).addColumn('external_uri', 'text').execute();
        await db.schema.createIndex(`${table}_external_uri`).unique().on(table).column('external_uri').execute();
      }
      await db.schema.alterTable('live_channels').addColumn('live_title_ar', 'text').execute();
      await db.schema.alterTable('live_channels').addColumn('live_title_fr', 'text').execute();
    },
  };
}
