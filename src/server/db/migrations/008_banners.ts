/**
 * House display ads (docs/product.md, Ads, Content "Ad slot settings"; ADR 008):
 * the banners our own ad server places in the page's slots (mobile, web,
 * rectangle, desktop skin), and the events their slots report (impression,
 * viewable, click).
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function bannersMigration(dialect: Dialect) {
  const { now, table: newTable } = migrationTools(dialect);

  return {
    async up(db: Db): Promise<void> {
      const table = (name: string) => newTable(db, name);

      await table('ad_banners')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull().check(sql`market in ('ma', 'intl')`))
        .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('banner', 'skin')`))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('image_url', 'text')
        .addColumn('image_2x_url', 'text')
        .addColumn('headline_ar', 'text')
        .addColumn('headline_fr', 'text')
        .addColumn('cta_ar', 'text')
        .addColumn('cta_fr', 'text')
        .addColumn('text_overlay', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bg_color', 'text')
        .addColumn('click_url', 'text', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text')
        .execute();
      await db.schema.createIndex('ad_banners_market_format').on('ad_banners').columns(['market', 'format', 'is_active']).execute();

      await table('ad_banner_events')
        .addColumn('banner_id', 'integer', (c) => c.notNull().references('ad_banners.id').onDelete('cascade'))
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull().check(sql`event in ('impression', 'viewable', 'click')`))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('ad_banner_events_banner_event').on('ad_banner_events').columns(['banner_id', 'event']).execute();
    },
  };
}
