/**
 * The desk's people (docs/desk.md, ADR 033): the newsroom's own accounts,
 * apart from visitors' (`users`).
 *
 *  - desk_users: e-mail (unique, lower case), name, role (journalist,
 *    editor, admin), the language of their desk (ar, fr), the argon2id
 *    password hash (null until they set one from their sign-in link), the
 *    TOTP secret (base32; null until set up), when it was confirmed and
 *    the last time step a code was accepted for (a code works once),
 *    disabled_at (a disabled user cannot sign in and has no session), who
 *    created them;
 *  - desk_sessions: the SHA-256 of the session token (the cookie holds the
 *    token), its level (`password`: second factor still due; `setup`: must
 *    set up two-factor first; `full`), the CSRF token the desk sends back in
 *    a header, when it was opened and last used (12 hours idle ends it) and
 *    its hard end;
 *  - desk_links: one-time sign-in links (first admin, invitations, resets):
 *    the SHA-256 of the token, its end (24 hours), when it was used;
 *  - desk_recovery_codes: the SHA-256 of each two-factor recovery code, and
 *    when it was used;
 *  - desk_audit: every action (who, what, which item, the versions or
 *    values before and after, as JSON, and when).
 */
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

export function deskPeopleMigration(dialect: Dialect) {
  const { table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'desk_users')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ar'))
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_enabled_at', 'text')
        .addColumn('totp_last_step', 'integer')
        .addColumn('disabled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('last_sign_in_at', 'text')
        .execute();

      await db.schema
        .createTable('desk_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('desk_users.id').onDelete('cascade'))
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('desk_sessions_user').on('desk_sessions').column('user_id').execute();

      await db.schema
        .createTable('desk_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('desk_users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('desk_links_user').on('desk_links').column('user_id').execute();

      await table(db, 'desk_recovery_codes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('desk_users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('desk_recovery_codes_user').on('desk_recovery_codes').columns(['user_id', 'code_hash']).execute();

      await table(db, 'desk_audit')
        .addColumn('user_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('item_type', 'text')
        .addColumn('item_id', 'text')
        .addColumn('summary', 'text')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('address', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('desk_audit_time').on('desk_audit').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('desk_audit_item').on('desk_audit').columns(['item_type', 'item_id', 'created_at']).execute();
      await db.schema.createIndex('desk_audit_user').on('desk_audit').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Db): Promise<void> {
      for (const t of ['desk_audit', 'desk_recovery_codes', 'desk_links', 'desk_sessions', 'desk_users']) await db.schema.dropTable(t).execute();
    },
  };
}
