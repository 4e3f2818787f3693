/**
 * Web Push (ADR 007).
 *
 *  - push_subscriptions: one row per browser subscription (the push
 *    service's endpoint URL, unique, and the keys the payloads are
 *    encrypted to: the browser's P-256 public key `p256dh` and its 16-byte
 *    `auth` secret, base64url as the browser gives them), the language of
 *    the page it was made on (the notifications' language), and what the
 *    last sends did: last success, consecutive failures and the last
 *    failure's time and HTTP status (0: no answer). Expired subscriptions
 *    (404/410 from the push service) are deleted, not kept.
 *
 * Times are ISO strings written by the application, as elsewhere.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db, type Table } from './tools.ts';

export function pushMigration(dialect: Dialect) {
  const { withId } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .$call((t) => withId(t as unknown as Table))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('ar', 'fr')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'text')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_failure_at', 'text')
        .addColumn('last_status', 'integer')
        .execute();
      await db.schema.createIndex('push_subscriptions_lang').on('push_subscriptions').columns(['lang', 'id']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
