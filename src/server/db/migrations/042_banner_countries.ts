/**
 * House banners by country, and their AVIF (ADR 053):
 *
 *  - ad_banners.country_rule and ad_banners.countries take over from the
 *    market: a Morocco banner (`ma`) becomes `only ["MA"]`, an abroad one
 *    (`intl`) `except ["MA"]`, so that every banner keeps reaching whom it
 *    reached. The market column stays (migrations only add, docs/deploy.md
 *    "Upgrades": an instance of the previous version still reads it); this
 *    version writes it from the countries and reads it no more;
 *  - ad_banners.image_avif_url and image_avif_2x_url: the AVIF renditions
 *    of a desk creative, filled for the banners already made from the media
 *    library (their picture has the AVIF of the WebP they show).
 */
import { sql } from 'kysely';
import type { MigrationDb as Db } from './tools.ts';

/** The AVIF twin of a media library WebP the banner shows, when the library holds it. */
const avifOf = (column: 'image_url' | 'image_2x_url') => {
  const url = sql.ref(`ad_banners.${column}`);
  return sql`case
    when ${url} like '/media/newsroom/%.webp'
     and exists (select 1 from images where images.renditions like '%"' || replace(${url}, '.webp', '.avif') || '"%')
    then replace(${url}, '.webp', '.avif')
  end`;
};

export function bannerCountriesMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .alterTable('ad_banners')
        .addColumn('country_rule', 'text', (c) => c.notNull().defaultTo('all').check(sql`country_rule in ('all', 'only', 'except')`))
        .execute();
      await db.schema.alterTable('ad_banners').addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      await db.schema.alterTable('ad_banners').addColumn('image_avif_url', 'text').execute();
      await db.schema.alterTable('ad_banners').addColumn('image_avif_2x_url', 'text').execute();
      await db.updateTable('ad_banners').set({ country_rule: 'only', countries: '["MA"]' }).where('market', '=', 'ma').execute();
      await db.updateTable('ad_banners').set({ country_rule: 'except', countries: '["MA"]' }).where('market', '=', 'intl').execute();
      await db
        .updateTable('ad_banners')
        .set({ image_avif_url: avifOf('image_url'), image_avif_2x_url: avifOf('image_2x_url') })
        .execute();
      await db.schema.createIndex('ad_banners_format_active').on('ad_banners').columns(['format', 'is_active']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('ad_banners_format_active').ifExists().execute();
      for (const column of ['image_avif_2x_url', 'image_avif_url', 'countries', 'country_rule']) {
        await db.schema.alterTable('ad_banners').dropColumn(column).execute();
      }
    },
  };
}
