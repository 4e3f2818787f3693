/**
 * Ad events that cannot be inflated (ADR 030):
 *  - `ad_banner_events.impression_id`: the served impression (its signed
 *    token's id) an event belongs to; one impression, one viewable, one
 *    click per impression, enforced by a unique index (older rows have none);
 *  - `ad_event_refusals`: what was refused, counted per day, banner, event
 *    and reason (a forged or expired token, a repeat, an address over its
 *    limit, a bot), so that the report shows both and the table of
 *    counted events holds only counted ones;
 *  - `site_secrets`: secrets every instance of the store shares (the key
 *    that signs the tokens, made on first use unless AD_TOKEN_SECRET is set).
 */
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function adEventTokensMigration(_dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('ad_banner_events').addColumn('impression_id', 'text').execute();
      await db.schema.createIndex('ad_banner_events_impression').unique().on('ad_banner_events').columns(['impression_id', 'event']).execute();
      await db.schema
        .createTable('ad_event_refusals')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('banner_id', 'integer', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ad_event_refusals_pk', ['day', 'banner_id', 'event', 'reason'])
        .execute();
      await db.schema
        .createTable('site_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('site_secrets').execute();
      await db.schema.dropTable('ad_event_refusals').execute();
      await db.schema.dropIndex('ad_banner_events_impression').execute();
      await db.schema.alterTable('ad_banner_events').dropColumn('impression_id').execute();
    },
  };
}
