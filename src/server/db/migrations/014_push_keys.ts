/**
 * The VAPID key pair kept in the store (ADR 019): every
 * instance on one database signs pushes with the same pair, the one every
 * browser subscribed with. One row, `name` 'vapid': the first instance that
 * needs keys (and has none configured) inserts its pair — the one of its
 * old `DATA_DIR/push/vapid.json`, else a new one — with insert-or-ignore,
 * then every instance reads the stored row (src/server/push/keys.ts).
 *
 * `origin` says where the pair came from: 'file' (moved from a
 * DATA_DIR/push/vapid.json) or 'generated'.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function pushKeysMigration(_dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('push_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('file', 'generated')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('push_keys').execute();
    },
  };
}
