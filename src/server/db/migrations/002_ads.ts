/**
 * House ad server store (docs/product.md, Ads; ADR 008): the video
 * creatives our own VAST server rotates, and the tracking events (impression,
 * quartiles, skip, click, error) their players report.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function adsMigration(dialect: Dialect) {
  const { now, table: newTable } = migrationTools(dialect);

  return {
    async up(db: Db): Promise<void> {
      const table = (name: string) => newTable(db, name);

      await table('ad_creatives')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull().check(sql`market in ('ma', 'intl')`))
        .addColumn('media_url', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bitrate', 'integer', (c) => c.notNull())
        .addColumn('duration_s', 'integer', (c) => c.notNull())
        .addColumn('click_url', 'text')
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text')
        .execute();
      await db.schema.createIndex('ad_creatives_market').on('ad_creatives').columns(['market', 'is_active']).execute();

      await table('ad_events')
        .addColumn('creative_id', 'integer', (c) => c.notNull().references('ad_creatives.id').onDelete('cascade'))
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('ad_events_creative_event').on('ad_events').columns(['creative_id', 'event']).execute();
    },
  };
}
