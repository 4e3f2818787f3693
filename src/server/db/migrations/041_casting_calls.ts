/**
 * The Starlight casting call written in the desk (docs/desk.md "Starlight"):
 *
 *  - casting_calls: per language (`lang`, the key), the call of /casting and
 *    /castings: its title and its plain texts (`intro`, `steps`, `dates`;
 *    `{n}` stands for the season's number), and its last change in the desk
 *    (`updated_at`, null until then).
 *
 * Each language's row starts as the message catalogue's call, so the page
 * reads the same after the migration.
 */
import { LOCALES } from '../../../i18n/locales.ts';
import { catalogueCastingCall } from '../../content/casting-call.ts';
import type { MigrationDb as Db } from './tools.ts';

export function castingCallsMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('casting_calls')
        .addColumn('lang', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('intro', 'text', (c) => c.notNull())
        .addColumn('steps', 'text', (c) => c.notNull())
        .addColumn('dates', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text')
        .execute();
      await db
        .insertInto('casting_calls')
        .values(LOCALES.map((lang) => ({ lang, ...catalogueCastingCall(lang), updated_at: null })))
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('casting_calls').execute();
    },
  };
}
