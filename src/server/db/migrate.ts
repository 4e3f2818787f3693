import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Dialect } from './dialect.ts';
import { initialMigration } from './migrations/001_initial.ts';

/** Migrations are listed in code (not read from disk) so they bundle with the server. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initialMigration(dialect),
  };
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
