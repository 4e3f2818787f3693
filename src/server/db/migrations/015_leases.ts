/**
 * Leases (ADR 020): named turns that one instance at a time holds,
 * for a bounded time it renews while it works (src/server/leases.ts). The
 * scheduled full pre-build takes the `prebuild` lease, so instances on one
 * database pre-build one after the other, never together.
 *
 *  - name: what the lease is for (primary key: one holder at a time);
 *  - holder: who holds it (host, process id and a random part);
 *  - expires_at: epoch milliseconds after which anyone may take it over
 *    (a holder that died without releasing it);
 *  - acquired_at: epoch milliseconds when the current holder took it.
 */
import type { Dialect } from '../dialect.ts';
import type { MigrationDb as Db } from './tools.ts';

export function leasesMigration(dialect: Dialect) {
  const ms = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .addColumn('acquired_at', ms, (c) => c.notNull())
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('leases').execute();
    },
  };
}
