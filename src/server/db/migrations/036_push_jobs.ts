/**
 * Breaking-news pushes sent from the desk (docs/desk.md "Breaking news",
 * ADR 042): a job per push (the story, the language of the subscribers it
 * goes to, its state and counts), and one row per subscription it reached
 * (push_job_sends, primary key (job, subscription)), written after each
 * answer of the push service. A job resumed after a restart sends to the
 * subscriptions of its language that have no row yet.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function pushJobsMigration(dialect: Dialect) {
  const { now, table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'push_jobs')
        .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('ar', 'fr')`))
        .addColumn('article_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('sending', 'sent')`))
        .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('push_jobs_state').on('push_jobs').column('state').execute();

      await db.schema
        .createTable('push_job_sends')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('push_jobs.id').onDelete('cascade'))
        .addColumn('subscription_id', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('sent', 'dropped', 'failed')`))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('push_job_sends_pk', ['job_id', 'subscription_id'])
        .execute();
    },
  };
}
