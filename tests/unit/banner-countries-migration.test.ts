/**
 * Migration 042 (ADR 053): the banners made before countries keep reaching
 * whom they reached (a Morocco banner → only MA, an abroad one → every
 * country but MA), and a desk creative's AVIF renditions are found for the
 * banners already made from the media library. The market column stays for
 * an instance of the previous version (docs/deploy.md "Upgrades").
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { bannerCountriesMigration } from '../../src/server/db/migrations/042_banner_countries.ts';
import { recordMedia } from '../../src/server/newsroom/media.ts';
import { eligibleBanners } from '../../src/server/ads/banners.ts';

let store: Store;

beforeAll(async () => {
  store = await openStore({ dataDir: ':memory:' });
});

afterAll(async () => {
  await store.db.destroy();
});

describe('migration 042: banner countries', () => {
  it('turns markets into countries and finds the AVIF of desk creatives', async () => {
    const db = store.db as unknown as Parameters<typeof migrateToLatest>[0];
    // The store as it was before 042.
    await bannerCountriesMigration().down(db);
    await sql`DELETE FROM kysely_migration WHERE name = '042_banner_countries'`.execute(db);
    const base = '/media/newsroom/ab/ab0123456789abcdef012345';
    const renditions = [320, 640].flatMap((w) => [
      { url: `${base}-${w}.webp`, width: w, height: w / 4, type: 'image/webp' as const },
      { url: `${base}-${w}.avif`, width: w, height: w / 4, type: 'image/avif' as const },
    ]);
    await recordMedia(store.db, { base, bytes: 1000, renditions, color: '#102030' });
    const insert = async (name: string, market: 'ma' | 'intl', image: string, image2x: string | null) => {
      await sql`INSERT INTO ad_banners (name, market, format, width, height, image_url, image_2x_url, click_url) VALUES (${name}, ${market}, 'banner', 320, 80, ${image}, ${image2x}, '/fr')`.execute(db);
    };
    await insert('old-ma', 'ma', `${base}-320.webp`, `${base}-640.webp`);
    await insert('old-intl', 'intl', '/media/ads/banner-intl-320x100.jpg', '/media/ads/banner-intl-320x100@2x.jpg');
    await insert('not-in-library', 'ma', '/media/newsroom/cd/cd99-320.webp', null);

    expect(await migrateToLatest(db, store.dialect)).toEqual(['042_banner_countries']);
    const rows = await store.db.selectFrom('ad_banners').select(['name', 'market', 'country_rule', 'countries', 'image_avif_url', 'image_avif_2x_url']).where('name', 'like', 'old-%').orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'old-ma', market: 'ma', country_rule: 'only', countries: '["MA"]', image_avif_url: `${base}-320.avif`, image_avif_2x_url: `${base}-640.avif` },
      { name: 'old-intl', market: 'intl', country_rule: 'except', countries: '["MA"]', image_avif_url: null, image_avif_2x_url: null },
    ]);
    const missing = await store.db.selectFrom('ad_banners').select(['country_rule', 'image_avif_url']).where('name', '=', 'not-in-library').executeTakeFirstOrThrow();
    expect(missing).toEqual({ country_rule: 'only', image_avif_url: null });

    // They reach whom they reached: Morocco the old Morocco banners, France the old abroad one.
    const now = new Date();
    const names = async (market: 'ma' | 'intl', country: string | null) => (await eligibleBanners(store.db, 'banner', { market, country }, now)).map((b) => b.name);
    expect(await names('ma', 'MA')).toEqual(['old-ma', 'not-in-library']);
    expect(await names('intl', 'FR')).toEqual(['old-intl']);
    // A new banner without countries is shown everywhere.
    await sql`INSERT INTO ad_banners (name, market, format, width, height, click_url) VALUES ('new', 'ma', 'banner', 320, 80, '/fr')`.execute(db);
    expect(await names('ma', null)).toEqual(['new']);
    // A rule outside the three is refused by the store.
    await expect(sql`UPDATE ad_banners SET country_rule = 'some' WHERE name = 'new'`.execute(db)).rejects.toThrow();
  });
});
