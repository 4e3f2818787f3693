/**
 * Newsletter editions sent from the desk (docs/desk.md "Newsletter", ADR 042):
 *
 *  - newsletter_editions: one edition of one language (subject, intro,
 *    chosen stories), its state (draft → scheduled → sending → sent, or
 *    cancelled), who made it, and the sending job's cursor (the last
 *    contact id considered);
 *  - newsletter_sends: one row per recipient of an edition, written in the
 *    same transaction as the recipient's mail in the mail queue: the primary
 *    key (edition, contact) is what makes a resumed job skip nobody and
 *    queue nobody twice;
 *  - newsletter_daily: each language's optional daily edition (a time in
 *    Casablanca, and the last day one was made);
 *  - mail_deliveries.claimed_by: the live worker that holds a row (its
 *    lease in `leases`), so a row held by a worker that died (kill -9) is
 *    sent again as soon as that worker's lease lapses, not after the
 *    claim's whole time.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function newsletterEditionsMigration(dialect: Dialect) {
  const { now, table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'newsletter_editions')
        .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('ar', 'fr')`))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('story_ids', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`))
        .addColumn('scheduled_at', 'text')
        .addColumn('daily', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer')
        .addColumn('sent_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('newsletter_editions_state').on('newsletter_editions').columns(['state', 'scheduled_at']).execute();

      await db.schema
        .createTable('newsletter_sends')
        .addColumn('edition_id', 'integer', (c) => c.notNull().references('newsletter_editions.id').onDelete('cascade'))
        .addColumn('contact_id', 'integer', (c) => c.notNull())
        .addColumn('delivery_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('newsletter_sends_pk', ['edition_id', 'contact_id'])
        .execute();
      await db.schema.createIndex('newsletter_sends_delivery').on('newsletter_sends').column('delivery_id').execute();

      await db.schema
        .createTable('newsletter_daily')
        .addColumn('lang', 'text', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('last_day', 'text')
        .addColumn('updated_by', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('mail_deliveries').addColumn('claimed_by', 'text').execute();
    },
  };
}
