import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { toImage } from '../../src/server/content/images.ts';
import { MediaRefused, RENDITION_WIDTHS, storeMedia } from '../../src/server/newsroom/media.ts';
import { DirectoryMediaStore } from '../../src/server/media-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'newsroom-media-'));
const store = new DirectoryMediaStore(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('newsroom media', () => {
  it('strips metadata, turns the picture upright, makes WebP and AVIF renditions at the layout widths, and answers the same id twice', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    // 1000 x 600 stored sideways (EXIF orientation 6: shown 600 x 1000), with EXIF text.
    const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c03030' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const { created, media } = await storeMedia(db, jpeg, { media: store, alt: { fr: 'Une photo' } });
    expect(created).toBe(true);
    expect(media.uri).toBe(`urn:2m:media:${media.id}`);
    expect(media).toMatchObject({ width: 600, height: 1000 });
    const widths = RENDITION_WIDTHS.filter((w) => w < 600);
    expect(media.renditions.map((r) => `${r.type} ${r.width}x${r.height}`)).toEqual(
      [...widths, 600].flatMap((w) => [`image/webp ${w}x${Math.round((1000 * w) / 600)}`, `image/avif ${w}x${Math.round((1000 * w) / 600)}`]),
    );
    for (const r of media.renditions) {
      const file = path.join(root, r.url.replace(/^\/media\//, ''));
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([r.width, r.height]);
    }
    const row = await db.selectFrom('images').selectAll().where('id', '=', media.id).executeTakeFirstOrThrow();
    const shape = toImage(row, 'fr');
    expect(shape.alt).toBe('Une photo');
    expect(shape.srcset).toBe(media.renditions.filter((r) => r.type === 'image/webp').map((r) => `${r.url} ${r.width}w`).join(', '));
    expect(shape.avifSrcset).toBe(media.renditions.filter((r) => r.type === 'image/avif').map((r) => `${r.url} ${r.width}w`).join(', '));

    const again = await storeMedia(db, jpeg, { media: store });
    expect(again).toMatchObject({ created: false, media: { id: media.id } });
  });

  it('refuses what is not a JPEG, PNG or WebP picture', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    await expect(storeMedia(db, new TextEncoder().encode('<svg/>'), { media: store })).rejects.toBeInstanceOf(MediaRefused);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(storeMedia(db, gif, { media: store })).rejects.toBeInstanceOf(MediaRefused);
    expect(await db.selectFrom('images').select('id').execute()).toEqual([]);
  });
});
