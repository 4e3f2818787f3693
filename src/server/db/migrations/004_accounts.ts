/**
 * Accounts (docs/product.md, Accounts and forms).
 *
 *  - auth_failures: one row per failed sign-in (and per sign-up attempt),
 *    keyed by scope ('login-account': the normalised e-mail, 'login-address':
 *    the visitor's address, 'signup-address'), for the sliding-window rate
 *    limits of src/server/accounts/throttle.ts. Kept in the store so every
 *    instance of a multi-instance deployment shares the count and a restart
 *    does not reset it; rows older than the window are deleted as new ones
 *    arrive.
 *  - sessions: indexes for "this user's sessions" and expiry sweeps.
 *  - users: one account per social identity (provider, id); NULLs are
 *    distinct in both engines, so password accounts are unaffected.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not the current types */
type Db = Kysely<any>;

export function accountsMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      const withId =
        dialect === 'postgres'
          ? db.schema.createTable('auth_failures').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('auth_failures').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await withId
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('auth_failures_scope_key_created')
        .on('auth_failures')
        .columns(['scope', 'key', 'created_at'])
        .execute();
      await db.schema.createIndex('auth_failures_created').on('auth_failures').column('created_at').execute();

      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

      await db.schema
        .createIndex('users_social_identity')
        .unique()
        .on('users')
        .columns(['social_provider', 'social_id'])
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('users_social_identity').execute();
      await db.schema.dropIndex('sessions_expires_at').execute();
      await db.schema.dropIndex('sessions_user_id').execute();
      await db.schema.dropTable('auth_failures').execute();
    },
  };
}
