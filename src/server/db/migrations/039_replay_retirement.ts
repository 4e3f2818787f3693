/**
 * Replays retired from the desk (docs/desk.md "Replays"): `retired_at` on
 * episodes, news bulletins and web videos. A retired replay leaves every
 * public list, page, feed and sitemap (its page answers 404) until the desk
 * publishes it again; the newsroom API's updates keep it retired.
 */
import type { MigrationDb as Db } from './tools.ts';

const TABLES = ['episodes', 'jt_bulletins', 'web_videos'] as const;

export function replayRetirementMigration() {
  return {
    async up(db: Db): Promise<void> {
      for (const t of TABLES) await db.schema.alterTable(t).addColumn('retired_at', 'text').execute();
    },
    async down(db: Db): Promise<void> {
      for (const t of TABLES) await db.schema.alterTable(t).dropColumn('retired_at').execute();
    },
  };
}
