/**
 * The media store (ADR 019): the same behaviour from a
 * folder and from an S3-compatible bucket (a local s3rver,
 * tests/support/s3-server.ts), and /media serving from either — whole
 * files, byte ranges, HEAD, AVIF/WebP twins made once and seen by a second
 * store on the same folder or bucket (another instance).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, parseMediaS3Url } from '../../src/server/config.ts';
import { createMediaStore, DirectoryMediaStore, mediaKey, S3MediaStore, type MediaStore } from '../../src/server/media-store.ts';
import { serveMedia } from '../../src/server/media.ts';
import { renderAdBanners } from '../../src/server/seed/ads.ts';
import { S3_TEST_ENV, startS3Server, type TestS3 } from '../support/s3-server.ts';

Object.assign(process.env, S3_TEST_ENV);

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'media-store-'));
  dirs.push(d);
  return d;
};
const opened: S3MediaStore[] = [];
const bucketStore = (prefix = 'site') => {
  const store = new S3MediaStore(parseMediaS3Url(s3.url('media', prefix)));
  opened.push(store);
  return store;
};

beforeAll(async () => {
  s3 = await startS3Server(['media']);
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const text = async (r: Response) => Buffer.from(await r.arrayBuffer()).toString();

describe('media keys', () => {
  it('accepts relative paths of plain segments and refuses anything that could leave the store', () => {
    expect(mediaKey('img/cover-1-640.jpg')).toBe('img/cover-1-640.jpg');
    expect(mediaKey('ads/banner-x-300x250@2x.jpg')).toBe('ads/banner-x-300x250@2x.jpg');
    for (const bad of ['', '/etc/passwd', '../x.jpg', 'img/../../x.jpg', 'img//x.jpg', 'img/./x.jpg', 'img\\x.jpg', 'img/x y.jpg', 'img/%2e%2e.jpg']) {
      expect(mediaKey(bad), bad).toBeNull();
    }
  });
});

describe('MEDIA_S3_URL and MEDIA_DIR', () => {
  it('reads bucket, prefix, endpoint, region and path style', () => {
    expect(parseMediaS3Url('s3://site-media/prod/2m?endpoint=http://127.0.0.1:9000&region=eu-west-3&forcePathStyle=1')).toEqual({
      bucket: 'site-media',
      prefix: 'prod/2m/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(parseMediaS3Url('s3://site-media')).toEqual({ bucket: 'site-media', prefix: '', forcePathStyle: false });
  });

  it('refuses a bad URL with a message naming the variable, without printing it', () => {
    const cases: [string, RegExp][] = [
      ['https://bucket/x', /must look like s3:\/\//],
      ['s3://KEY:s3cret@bucket', /must not hold credentials/],
      ['s3://b', /must name a bucket/],
      ['s3://bucket/../x', /prefix segments/],
      ['s3://bucket?endpoint=ftp://x', /endpoint must be an http\(s\) URL/],
      ['s3://bucket?bucket=x', /unknown parameter "bucket"/],
      ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be 1 or 0/],
    ];
    for (const [value, message] of cases) {
      expect(() => parseConfig({ MEDIA_S3_URL: value }), value).toThrow(message);
      try {
        parseConfig({ MEDIA_S3_URL: value });
      } catch (error) {
        expect((error as Error).message).toContain('MEDIA_S3_URL: ');
        expect((error as Error).message).not.toContain('s3cret');
      }
    }
    expect(() => parseConfig({ MEDIA_DIR: '/srv/media', MEDIA_S3_URL: 's3://bucket' })).toThrow(/MEDIA_DIR and MEDIA_S3_URL are alternatives/);
  });

  it('picks the folder DATA_DIR/media by default, MEDIA_DIR when set, the bucket with MEDIA_S3_URL', () => {
    const byDefault = createMediaStore(parseConfig({ DATA_DIR: '/srv/2m' }));
    expect(byDefault).toBeInstanceOf(DirectoryMediaStore);
    expect((byDefault as DirectoryMediaStore).root).toBe(path.resolve('/srv/2m/media'));
    expect((createMediaStore(parseConfig({ MEDIA_DIR: '/mnt/shared/media' })) as DirectoryMediaStore).root).toBe('/mnt/shared/media');
    const bucket = createMediaStore(parseConfig({ MEDIA_S3_URL: 's3://site-media/p' }));
    expect(bucket).toBeInstanceOf(S3MediaStore);
    expect(bucket.description).toBe('bucket s3://site-media/p/');
  });
});

for (const backend of ['folder', 'bucket'] as const) {
  describe(`media store: ${backend}`, () => {
    let store: MediaStore;
    let other: MediaStore;
    beforeAll(() => {
      if (backend === 'folder') {
        const d = tempDir();
        store = new DirectoryMediaStore(d);
        other = new DirectoryMediaStore(d);
      } else {
        const prefix = `unit-${Date.now()}`;
        store = bucketStore(prefix);
        other = bucketStore(prefix);
      }
    });

    it('writes, reads, sizes, streams ranges, removes; a missing key is null, never an error', async () => {
      const data = Buffer.from('0123456789abcdef');
      await store.write('clips/a.mp4', data);
      expect(await store.size('clips/a.mp4')).toBe(16);
      expect((await store.read('clips/a.mp4'))?.toString()).toBe('0123456789abcdef');
      const part = await store.get('clips/a.mp4', { start: 4, end: 7 });
      expect(part?.size).toBe(16);
      expect(Buffer.from(await new Response(part!.body).arrayBuffer()).toString()).toBe('4567');
      const whole = await store.get('clips/a.mp4');
      expect(Buffer.from(await new Response(whole!.body).arrayBuffer()).toString()).toBe('0123456789abcdef');
      // Another instance on the same folder or bucket sees it at once.
      expect((await other.read('clips/a.mp4'))?.toString()).toBe('0123456789abcdef');

      await store.write('clips/a.mp4', Buffer.from('replaced'));
      expect((await other.read('clips/a.mp4'))?.toString()).toBe('replaced');
      await store.remove('clips/a.mp4');
      await store.remove('clips/a.mp4');
      for (const s of [store, other]) {
        expect(await s.size('clips/a.mp4')).toBeNull();
        expect(await s.read('clips/a.mp4')).toBeNull();
        expect(await s.get('clips/a.mp4')).toBeNull();
      }
      expect(await store.size('clips')).toBeNull();
    });

    it('removes a whole folder and nothing beside it', async () => {
      for (const k of ['img/a.jpg', 'img/sub/b.jpg', 'imgx/c.jpg', 'ads/d.jpg']) await store.write(k, Buffer.from(k));
      await store.removeAll('img/');
      expect(await store.size('img/a.jpg')).toBeNull();
      expect(await store.size('img/sub/b.jpg')).toBeNull();
      expect(await store.size('imgx/c.jpg')).toBe(10);
      expect(await store.size('ads/d.jpg')).toBe(9);
    });

    it('refuses keys that are not media keys', async () => {
      await expect(store.write('../escape.jpg', Buffer.from('x'))).rejects.toThrow(/not a media key/);
      await expect(store.removeAll('img')).rejects.toThrow(/not a media folder/);
    });

    it('/media serves whole files, byte ranges (206, 416) and HEAD with year-long cache headers, and 404s what is not there', async () => {
      const video = Buffer.alloc(1000, 7);
      video.write('START', 0);
      await store.write('video/v.mp4', video);
      const whole = await serveMedia('video/v.mp4', new Request('http://x/media/video/v.mp4'), store);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-length')).toBe('1000');
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

      const first = await serveMedia('video/v.mp4', new Request('http://x/', { headers: { range: 'bytes=0-4' } }), store);
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe('bytes 0-4/1000');
      expect(first.headers.get('content-length')).toBe('5');
      expect(await text(first)).toBe('START');
      const tail = await serveMedia('video/v.mp4', new Request('http://x/', { headers: { range: 'bytes=-10' } }), store);
      expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
      expect((await tail.arrayBuffer()).byteLength).toBe(10);
      const open = await serveMedia('video/v.mp4', new Request('http://x/', { headers: { range: 'bytes=995-' } }), store);
      expect(open.headers.get('content-range')).toBe('bytes 995-999/1000');
      const past = await serveMedia('video/v.mp4', new Request('http://x/', { headers: { range: 'bytes=1000-1200' } }), store);
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe('bytes */1000');
      const head = await serveMedia('video/v.mp4', new Request('http://x/', { method: 'HEAD' }), store);
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('1000');
      expect(head.body).toBeNull();

      for (const missing of ['video/none.mp4', 'video/v.exe', '../v.mp4', 'video']) {
        expect((await serveMedia(missing, new Request('http://x/'), store)).status, missing).toBe(404);
      }
    });

    it('makes an AVIF and a WebP twin of a JPEG on first request, into the store, where a second instance finds it', async () => {
      await store.write('img/p.jpg', await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0a3d91' } }).jpeg().toBuffer());
      expect(await other.size('img/p.avif')).toBeNull();
      for (const [ext, type] of [['avif', 'image/avif'], ['webp', 'image/webp']] as const) {
        const res = await serveMedia(`img/p.${ext}`, new Request(`http://x/media/img/p.${ext}`), store);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(type);
        const made = Buffer.from(await res.arrayBuffer());
        expect((await sharp(made).metadata()).width).toBe(64);
        // The other instance reads the twin the first one made: same bytes.
        expect((await other.read(`img/p.${ext}`))?.equals(made)).toBe(true);
      }
      // A range request for a twin not made yet makes it too.
      await store.write('img/q.png', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).png().toBuffer());
      const ranged = await serveMedia('img/q.webp', new Request('http://x/', { headers: { range: 'bytes=0-3' } }), other);
      expect(ranged.status).toBe(206);
      expect(await text(ranged)).toBe('RIFF');
      expect((await serveMedia('img/none.avif', new Request('http://x/'), store)).status).toBe(404);
      if (store instanceof DirectoryMediaStore) expect(readdirSync(path.join(store.root, 'img')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });
}

describe('seeding through the media store', () => {
  it('writes the house banners into a bucket, at the keys their rows name', async () => {
    const store = bucketStore(`seed-${Date.now()}`);
    const rows = await renderAdBanners(store);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      for (const url of [row.image_url, row.image_2x_url].filter((u): u is string => Boolean(u))) {
        const bytes = await store.read(url.replace(/^\/media\//, ''));
        expect(bytes?.subarray(0, 3).toString('hex'), url).toBe('ffd8ff');
      }
    }
  });
});

describe('a media store that fails', () => {
  it('answers 503 (not cached) for that file, and the request does not throw', async () => {
    // Nothing listens on this port of our range while s3rver holds another one… unless it is this one: pick the next.
    const port = Number(new URL(s3.endpoint).port) === 4419 ? 4418 : Number(new URL(s3.endpoint).port) + 1;
    const down = new S3MediaStore(parseMediaS3Url(`s3://media?endpoint=http://127.0.0.1:${port}&forcePathStyle=1`));
    opened.push(down);
    const res = await serveMedia('img/p.jpg', new Request('http://x/media/img/p.jpg'), down);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
