/**
 * The unit test files that the PostgreSQL pass (`npm run test:pg`) runs
 * again: those that open a store (each gets a scratch PostgreSQL database
 * there) or are about PostgreSQL itself. The other unit files never reach
 * the database, so a second run would only repeat the first.
 *
 * Kept true by two checks: in every unit run, opening a store from a file
 * not listed here fails that test (tests/support/pg-unit-setup.ts), and
 * tests/unit/pg-unit-files.test.ts requires every file that names
 * TEST_DATABASE_URL or a scratch database to be listed.
 */
import path from 'node:path';

export const PG_UNIT_FILES: readonly string[] = [
  'tests/unit/accounts.test.ts',
  'tests/unit/ads.test.ts',
  'tests/unit/article-lists.test.ts',
  'tests/unit/banner-countries-migration.test.ts',
  'tests/unit/broadcast.test.ts',
  'tests/unit/casting-call.test.ts',
  'tests/unit/click-tracking.test.ts',
  'tests/unit/content-api.test.ts',
  'tests/unit/content-changes.test.ts',
  'tests/unit/desk.test.ts',
  'tests/unit/display-ads.test.ts',
  'tests/unit/dossiers.test.ts',
  'tests/unit/editorial-pages.test.ts',
  'tests/unit/feeds.test.ts',
  'tests/unit/forms.test.ts',
  'tests/unit/freshness.test.ts',
  'tests/unit/front-page.test.ts',
  'tests/unit/grid-edit.test.ts',
  'tests/unit/guide-now.test.ts',
  'tests/unit/http.test.ts',
  'tests/unit/leases.test.ts',
  'tests/unit/migrate-lock.test.ts',
  'tests/unit/migrate-upgrade.test.ts',
  'tests/unit/newsletter-editions.test.ts',
  'tests/unit/newsroom-articles.test.ts',
  'tests/unit/newsroom-auth.test.ts',
  'tests/unit/newsroom-ingest.test.ts',
  'tests/unit/newsroom-media.test.ts',
  'tests/unit/push-jobs.test.ts',
  'tests/unit/push.test.ts',
  'tests/unit/render-pool-astro.test.ts',
  'tests/unit/replays.test.ts',
  'tests/unit/search.test.ts',
  'tests/unit/seed.test.ts',
  'tests/unit/shell-fragments.test.ts',
  'tests/unit/tracking.test.ts',
  'tests/unit/unsubscribe-page.test.ts',
  'tests/unit/video-api.test.ts',
  'tests/unit/xmltv.test.ts',
];

const root = path.resolve(import.meta.dirname, '../..');

/** Whether a test file (an absolute path, or one relative to the repository) is one of them. */
export function isPgUnitFile(file: string): boolean {
  return PG_UNIT_FILES.includes(path.relative(root, path.resolve(root, file)).split(path.sep).join('/'));
}
