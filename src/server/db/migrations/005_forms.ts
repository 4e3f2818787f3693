/**
 * Newsletter double opt-in, contact form and outgoing mail (docs/product.md,
 * Accounts and forms).
 *
 *  - newsletter_contacts: `token` (from 001) holds the SHA-256 of the
 *    confirmation token, '' once it can no longer confirm; added: the
 *    visitor's name, the unsubscribe token (sent in every mail after
 *    confirmation), when the last confirmation mail was sent (resend
 *    throttle and expiry), when the address unsubscribed, last change.
 *  - form_submissions: the language the form was sent in.
 *  - mail_deliveries: one row per mail sent or attempted, with its state
 *    (pending, sent, failed + error), so a mail failure never loses track of
 *    a stored submission.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db, type Table } from './tools.ts';

export function formsMigration(dialect: Dialect) {
  const { now, withId } = migrationTools(dialect);

  return {
    async up(db: Db): Promise<void> {
      // SQLite adds one column per ALTER TABLE statement.
      for (const [name, type] of [
        ['name', 'text'],
        ['unsubscribe_token', 'text'],
        ['confirm_sent_at', 'text'],
        ['unsubscribed_at', 'text'],
        ['updated_at', 'text'],
      ] as const) {
        await db.schema.alterTable('newsletter_contacts').addColumn(name, type).execute();
      }
      await db.schema
        .createIndex('newsletter_contacts_unsubscribe_token')
        .unique()
        .on('newsletter_contacts')
        .column('unsubscribe_token')
        .execute();
      await db.schema.createIndex('newsletter_contacts_token').on('newsletter_contacts').column('token').execute();

      await db.schema.alterTable('form_submissions').addColumn('lang', 'text').execute();

      await db.schema
        .createTable('mail_deliveries')
        .$call((t) => withId(t as unknown as Table))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref_table', 'text')
        .addColumn('ref_id', 'integer')
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('transport', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
        .addColumn('error', 'text')
        .addColumn('message_id', 'text')
        .addColumn('location', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text')
        .execute();
      await db.schema.createIndex('mail_deliveries_ref').on('mail_deliveries').columns(['ref_table', 'ref_id']).execute();
      await db.schema.createIndex('mail_deliveries_status').on('mail_deliveries').column('status').execute();
    },
  };
}
