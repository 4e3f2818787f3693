/**
 * Media shared between instances (ADR 019): two servers
 * with their own DATA_DIR (and store) but one media store — an S3-compatible
 * bucket (a local s3rver, MEDIA_S3_URL) or one folder (MEDIA_DIR). A picture
 * uploaded through A's newsroom API is served by B with its AVIF rendition;
 * the AVIF twin of a JPEG that A makes on first request is in the shared
 * store, and B serves those very bytes without making its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, startServer, storeEnv, type RunningServer } from '../../scripts/test-server.ts';
import { parseMediaS3Url } from '../../src/server/config.ts';
import { DirectoryMediaStore, S3MediaStore, type MediaStore } from '../../src/server/media-store.ts';
import { freeTestPort, S3_TEST_ENV, startS3Server, type TestS3 } from '../support/s3-server.ts';

interface Envelope<T> {
  response: T;
}

async function twoInstances(env: Record<string, string>): Promise<{ a: RunningServer; b: RunningServer; token: string }> {
  const a = await startServer({ dataDir: mkdtempSync(path.join(tmpdir(), '2m-media-a-')), port: await freeTestPort(), prebuild: false, env });
  const b = await startServer({ dataDir: mkdtempSync(path.join(tmpdir(), '2m-media-b-')), port: await freeTestPort(), prebuild: false, env });
  const out = execFileSync(process.execPath, ['scripts/newsroom.ts', 'token', 'create', '--name', `shared-media-${Date.now()}`], {
    cwd: root,
    env: { ...process.env, ...storeEnv(a.dataDir), NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { a, b, token: out.trim().split('\n').at(-1)! };
}

function sharedMediaSuite(name: string, setup: () => Promise<{ env: Record<string, string>; store: MediaStore; close: () => Promise<void> }>) {
  describe(name, () => {
    let a: RunningServer;
    let b: RunningServer;
    let token: string;
    let store: MediaStore;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const shared = await setup();
      store = shared.store;
      close = shared.close;
      ({ a, b, token } = await twoInstances(shared.env));
    }, 120_000);

    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await close?.();
    });

    it('a picture uploaded through A’s newsroom API is served by B, its AVIF rendition too', async () => {
      const jpeg = await sharp({ create: { width: 700, height: 394, channels: 3, background: '#a03060' } }).jpeg().toBuffer();
      const up = await fetch(`${a.baseUrl}/api/newsroom/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(jpeg),
      });
      expect(up.status).toBe(201);
      const media = ((await up.json()) as Envelope<{ url: string; renditions: { url: string; type: string; width: number }[] }>).response;
      const avif = media.renditions.find((r) => r.type === 'image/avif' && r.width === 640)!;
      for (const url of [media.url, avif.url]) {
        const onB = await fetch(`${b.baseUrl}${url}`);
        expect(onB.status, url).toBe(200);
        expect(onB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await onB.arrayBuffer());
        expect(bytes.equals((await store.read(url.replace(/^\/media\//, '')))!)).toBe(true);
      }
      const onB = await fetch(`${b.baseUrl}${avif.url}`);
      expect(onB.headers.get('content-type')).toBe('image/avif');
      expect((await sharp(Buffer.from(await onB.arrayBuffer())).metadata()).width).toBe(640);
    });

    it('the AVIF twin A makes on first request is in the shared store, and B serves it (ranges too)', async () => {
      const key = `img/shared-${Date.now()}`;
      await store.write(`${key}.jpg`, await sharp({ create: { width: 320, height: 180, channels: 3, background: '#30a060' } }).jpeg().toBuffer());
      expect(await store.size(`${key}.avif`)).toBeNull();
      const onA = await fetch(`${a.baseUrl}/media/${key}.avif`);
      expect(onA.status).toBe(200);
      const made = Buffer.from(await onA.arrayBuffer());
      expect((await store.read(`${key}.avif`))?.equals(made)).toBe(true);
      const onB = await fetch(`${b.baseUrl}/media/${key}.avif`);
      expect(Buffer.from(await onB.arrayBuffer()).equals(made)).toBe(true);
      const part = await fetch(`${b.baseUrl}/media/${key}.avif`, { headers: { range: 'bytes=4-11' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-11/${made.length}`);
      expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypavif');
    });
  });
}

sharedMediaSuite('two instances, one S3-compatible bucket (MEDIA_S3_URL)', async () => {
  const s3: TestS3 = await startS3Server(['shared-media']);
  const url = s3.url('shared-media', 'site');
  const store = new S3MediaStore(parseMediaS3Url(url));
  Object.assign(process.env, S3_TEST_ENV);
  return {
    env: { MEDIA_S3_URL: url, ...S3_TEST_ENV },
    store,
    close: async () => {
      await store.close();
      await s3.close();
    },
  };
});

sharedMediaSuite('two instances, one folder (MEDIA_DIR)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), '2m-shared-media-'));
  return { env: { MEDIA_DIR: dir }, store: new DirectoryMediaStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});
