/**
 * Keys the desk signs with, shared by every instance on one database
 * (docs/desk.md): `preview` signs the expiring preview links handed to
 * colleagues without an account. Made on first use (32 random bytes,
 * base64url); deleting the row invalidates every link signed with it.
 */
import type { MigrationDb as Db } from './tools.ts';

export function deskKeysMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('desk_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('desk_keys').execute();
    },
  };
}
