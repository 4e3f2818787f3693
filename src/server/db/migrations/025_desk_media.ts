/**
 * The desk's media library (docs/desk.md): each picture gains a focal point
 * (`focus_x`, `focus_y`: 0 to 1 across the picture from its left edge and
 * down from its top, whatever the page's direction; null:
 * the centre), which the site's crops respect (object-position), and the
 * desk user who uploaded it (null for the newsroom API and the demo).
 */
import type { MigrationDb as Db } from './tools.ts';

export function deskMediaMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('images').addColumn('focus_x', 'real').execute();
      await db.schema.alterTable('images').addColumn('focus_y', 'real').execute();
      await db.schema.alterTable('images').addColumn('desk_uploaded_by', 'integer').execute();
    },
    async down(db: Db): Promise<void> {
      for (const c of ['focus_x', 'focus_y', 'desk_uploaded_by']) await db.schema.alterTable('images').dropColumn(c).execute();
    },
  };
}
