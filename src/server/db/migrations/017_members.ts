/**
 * Member pages (ADR 029): each account gets an opaque `member_id` (16
 * characters of base64url, 96 random bits) that its page `/{lang}/user/u/{member_id}`
 * is reached by, instead of the sequential `id`; and `profile_public`, the
 * member's choice to show that page (0, private, by default). Existing
 * accounts get a random member id here and stay private.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function membersMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('users').addColumn('member_id', 'text').execute();
      await db.schema.alterTable('users').addColumn('profile_public', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // 96 random bits each, from the engine's own generator (hex: 24 characters).
      const random = dialect === 'postgres' ? sql`substr(md5(random()::text || clock_timestamp()::text || id::text), 1, 24)` : sql`lower(hex(randomblob(12)))`;
      await db.updateTable('users').set({ member_id: random }).where('member_id', 'is', null).execute();
      await db.schema.createIndex('users_member_id').unique().on('users').column('member_id').execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('users_member_id').execute();
      await db.schema.alterTable('users').dropColumn('profile_public').execute();
      await db.schema.alterTable('users').dropColumn('member_id').execute();
    },
  };
}
