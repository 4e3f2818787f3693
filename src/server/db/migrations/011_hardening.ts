/**
 * Hardening (ADR 013).
 *
 *  - rate_limits: the counters of every rate limit (src/server/http/rate-limit.ts,
 *    rate-limiter-flexible over the store): one row per limit and key, the
 *    points consumed in the current window and when it ends (epoch ms).
 *    One atomic upsert per attempt, so a limit holds under concurrency and
 *    across instances.
 *  - auth_failures (004) goes: the sign-in limits count in rate_limits now.
 *  - mail_deliveries becomes the outbox queue (src/server/mail/queue.ts): the
 *    rendered message (`payload`, JSON), the attempts made, when the next
 *    one is due, and until when a worker holds the row (`claimed_until`).
 */
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function hardeningMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expire', dialect === 'postgres' ? 'bigint' : 'integer')
        .execute();
      await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
      await db.schema.dropTable('auth_failures').ifExists().execute();

      for (const [name, type] of [
        ['payload', 'text'],
        ['attempts', 'integer'],
        ['next_attempt_at', 'text'],
        ['claimed_until', 'text'],
      ] as const) {
        await db.schema.alterTable('mail_deliveries').addColumn(name, type).execute();
      }
      await db.schema.createIndex('mail_deliveries_due').on('mail_deliveries').columns(['status', 'next_attempt_at']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('mail_deliveries_due').execute();
      for (const name of ['payload', 'attempts', 'next_attempt_at', 'claimed_until']) {
        await db.schema.alterTable('mail_deliveries').dropColumn(name).execute();
      }
      await db.schema.dropTable('rate_limits').execute();
    },
  };
}
