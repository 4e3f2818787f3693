/**
 * AVIF/WebP twins of the store's pictures (ADR 014): their names,
 * and /media making one from its JPEG on the first request, then serving
 * the file kept on disk.
 */
import { mkdtempSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { modernSources, renditionSrcset, renditionUrl, singleRenditionUrl } from '../../src/lib/renditions.ts';
import { guideDayShown } from '../../src/server/pages/guidetv.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'renditions-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'test';
const { serveMedia } = await import('../../src/server/media.ts');

describe('rendition names', () => {
  it('gives /media JPEG and PNG pictures an AVIF and a WebP twin at the same path', () => {
    expect(renditionUrl('/media/img/cover-1-640.jpg', 'avif')).toBe('/media/img/cover-1-640.avif');
    expect(renditionUrl('/media/img/a.JPEG', 'webp')).toBe('/media/img/a.webp');
    expect(renditionUrl('/media/ads/b.png', 'webp')).toBe('/media/ads/b.webp');
    expect(renditionUrl('/media/img/a.svg', 'avif')).toBeNull();
    expect(renditionUrl('https://cdn.example/x.jpg', 'avif')).toBeNull();
  });

  it('maps a whole srcset, keeping its width descriptors, or gives up when one picture has no twin', () => {
    expect(renditionSrcset('/media/a-320.jpg 320w, /media/a-640.jpg 640w', 'avif')).toBe('/media/a-320.avif 320w, /media/a-640.avif 640w');
    expect(renditionSrcset('/media/a-320.jpg 320w, https://x/a.jpg 640w', 'avif')).toBeNull();
    expect(renditionSrcset('', 'avif')).toBeNull();
  });

  it("offers a newsroom upload's own AVIF renditions first (what the LCP preload fetches), else the twins", () => {
    const upload = { url: '/media/up/k.webp', srcset: '/media/up/k-640.webp 640w, /media/up/k.webp 1280w', avifSrcset: '/media/up/k-640.avif 640w, /media/up/k.avif 1280w' };
    expect(modernSources(upload)).toEqual([{ type: 'image/avif', srcset: upload.avifSrcset }]);
    expect(modernSources({ url: '/media/a.jpg', srcset: '/media/a-320.jpg 320w, /media/a.jpg 1280w' })).toEqual([
      { type: 'image/avif', srcset: '/media/a-320.avif 320w, /media/a.avif 1280w' },
      { type: 'image/webp', srcset: '/media/a-320.webp 320w, /media/a.webp 1280w' },
    ]);
    expect(modernSources({ url: 'https://cdn.example/x.jpg', srcset: '' })).toEqual([]);
  });
});

describe('one URL where no srcset can be given (a video poster)', () => {
  const image = { url: '/media/img/live.jpg', srcset: '/media/img/live-320.jpg 320w, /media/img/live-640.jpg 640w, /media/img/live.jpg 1280w' };
  it('is the WebP twin of the smallest rendition at least twice as wide as drawn', () => {
    expect(singleRenditionUrl(image, 185)).toBe('/media/img/live-640.webp');
    expect(singleRenditionUrl(image, 150)).toBe('/media/img/live-320.webp');
    expect(singleRenditionUrl(image, 700)).toBe('/media/img/live.webp');
  });
  it('keeps a picture that has no twin as it is', () => {
    expect(singleRenditionUrl({ url: 'https://cdn.example/x.jpg', srcset: '' }, 185)).toBe('https://cdn.example/x.jpg');
  });
});

describe('/media twins', () => {
  it('makes the AVIF and WebP of a JPEG on the first request, keeps them, and 404s without an original', async () => {
    mkdirSync(path.join(dataDir, 'media', 'img'), { recursive: true });
    await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0a3d91' } }).jpeg().toFile(path.join(dataDir, 'media', 'img', 'p.jpg'));
    for (const [ext, type] of [['avif', 'image/avif'], ['webp', 'image/webp']] as const) {
      const res = await serveMedia(`img/p.${ext}`, new Request(`http://x/media/img/p.${ext}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(64);
      expect(existsSync(path.join(dataDir, 'media', 'img', `p.${ext}`))).toBe(true);
    }
    expect(readdirSync(path.join(dataDir, 'media', 'img')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect((await serveMedia('img/none.avif', new Request('http://x/media/img/none.avif'))).status).toBe(404);
  });
});

describe('TV guide day shown', () => {
  const guide = { today: '2026-11-25', days: [{ day: '2026-11-24' }, { day: '2026-11-25' }, { day: '2026-11-26' }] };
  it('shows today, or the asked day of the grid, and refuses any other', () => {
    expect(guideDayShown(guide as never, null)).toBe('2026-11-25');
    expect(guideDayShown(guide as never, '2026-11-26')).toBe('2026-11-26');
    expect(guideDayShown(guide as never, '2026-12-31')).toBeNull();
    expect(guideDayShown(guide as never, 'x')).toBeNull();
    expect(guideDayShown({ today: '2026-11-30', days: guide.days } as never, null)).toBe('2026-11-24');
  });
});
