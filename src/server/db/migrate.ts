import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Dialect } from './dialect.ts';
import { featureLogger, type Log } from '../log.ts';
import { initialMigration } from './migrations/001_initial.ts';
import { adsMigration } from './migrations/002_ads.ts';
import { contentChangesMigration } from './migrations/003_content_changes.ts';
import { accountsMigration } from './migrations/004_accounts.ts';
import { formsMigration } from './migrations/005_forms.ts';
import { searchMigration } from './migrations/006_search.ts';
import { pushMigration } from './migrations/007_push.ts';
import { bannersMigration } from './migrations/008_banners.ts';
import { newsroomMigration } from './migrations/009_newsroom.ts';
import { broadcastMigration } from './migrations/010_broadcast.ts';
import { hardeningMigration } from './migrations/011_hardening.ts';
import { indexesMigration } from './migrations/013_indexes.ts';
import { pushKeysMigration } from './migrations/014_push_keys.ts';
import { leasesMigration } from './migrations/015_leases.ts';
import { listingKeysMigration } from './migrations/016_listing_keys.ts';
import { membersMigration } from './migrations/017_members.ts';
import { adEventTokensMigration } from './migrations/018_ad_event_tokens.ts';
import { newsroomItemsMigration } from './migrations/020_newsroom_items.ts';
import { searchStemsMigration } from './migrations/030_search_stems.ts';
import { newsletterEditionsMigration } from './migrations/035_newsletter_editions.ts';
import { pushJobsMigration } from './migrations/036_push_jobs.ts';
import { deskPeopleMigration } from './migrations/023_desk_people.ts';
import { deskStoriesMigration } from './migrations/024_desk_stories.ts';
import { deskMediaMigration } from './migrations/025_desk_media.ts';
import { deskKeysMigration } from './migrations/026_desk_keys.ts';
import { frontPagesMigration } from './migrations/032_front_pages.ts';
import { dossiersMigration } from './migrations/033_dossiers.ts';
import { replayRetirementMigration } from './migrations/039_replay_retirement.ts';
import { starlightDeskMigration } from './migrations/040_starlight_desk.ts';
import { castingCallsMigration } from './migrations/041_casting_calls.ts';
import { bannerCountriesMigration } from './migrations/042_banner_countries.ts';

/** Migrations are listed in code (not read from disk) so they bundle with the server. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initialMigration(dialect),
    '002_ads': adsMigration(dialect),
    '003_content_changes': contentChangesMigration(dialect),
    '004_accounts': accountsMigration(dialect),
    '005_forms': formsMigration(dialect),
    '006_search': searchMigration(dialect),
    '007_push': pushMigration(dialect),
    '008_banners': bannersMigration(dialect),
    '009_newsroom': newsroomMigration(dialect),
    '010_broadcast': broadcastMigration(dialect),
    '011_hardening': hardeningMigration(dialect),
    '013_indexes': indexesMigration(dialect),
    '014_push_keys': pushKeysMigration(dialect),
    '015_leases': leasesMigration(dialect),
    '016_listing_keys': listingKeysMigration(dialect),
    '017_members': membersMigration(dialect),
    '018_ad_event_tokens': adEventTokensMigration(dialect),
    '020_newsroom_items': newsroomItemsMigration(dialect),
    '023_desk_people': deskPeopleMigration(dialect),
    '024_desk_stories': deskStoriesMigration(dialect),
    '025_desk_media': deskMediaMigration(),
    '026_desk_keys': deskKeysMigration(),
    '030_search_stems': searchStemsMigration(dialect),
    '032_front_pages': frontPagesMigration(dialect),
    '033_dossiers': dossiersMigration(),
    '035_newsletter_editions': newsletterEditionsMigration(dialect),
    '036_push_jobs': pushJobsMigration(dialect),
    '039_replay_retirement': replayRetirementMigration(),
    '040_starlight_desk': starlightDeskMigration(),
    '041_casting_calls': castingCallsMigration(),
    '042_banner_countries': bannerCountriesMigration(),
  };
}

/**
 * Migrations the store has run that this code does not know: a newer version
 * of the site migrated it (a rolling upgrade, docs/deploy.md). Empty on a new store.
 */
async function newerMigrations(db: Kysely<unknown>, known: Record<string, Migration>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    return rows.map((r) => r.name).filter((name) => !(name in known));
  } catch {
    return []; // no migration table yet
  }
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect, log: Log = featureLogger('store')): Promise<string[]> {
  const known = migrationsFor(dialect);
  // During a rolling upgrade an instance of the previous version may (re)start after a newer one
  // migrated the store: it runs on the newer schema (migrations only add) instead of refusing to start,
  // which is what Kysely does when the store has run a migration it does not list.
  const newer = await newerMigrations(db, known);
  if (newer.length > 0) {
    log.warn(`the store has migrations newer than this code (${newer.join(', ')}): a newer version migrated it; running with them`);
  }
  const migrations: Record<string, Migration> = { ...known };
  for (const name of newer) migrations[name] = { up: async () => {} };
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Numbers are reserved per feature and land in any order: a store that
  // already ran a later one must still take an earlier one added after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
