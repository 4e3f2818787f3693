/**
 * Astro's handler with dist/client's files beside it
 * (src/server/delivery/public-files.ts): files are answered by `send` as the
 * node adapter's standalone handler did, every other path goes straight to
 * the render, without a file-system look-up.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPublicFiles, publicFileOf, withPublicFiles } from '../../src/server/delivery/public-files.ts';

describe('public files beside the render', () => {
  let dir: string;
  let server: Server;
  let base = '';
  const rendered: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'public-files-'));
    mkdirSync(path.join(dir, '_astro'));
    mkdirSync(path.join(dir, 'badges'));
    mkdirSync(path.join(dir, 'sample-media', 'vod'), { recursive: true });
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(path.join(dir, '_astro', 'app.1234.js'), 'export {}');
    writeFileSync(path.join(dir, 'badges', 'store.svg'), '<svg id="b"/>');
    writeFileSync(path.join(dir, 'sample-media', 'vod', 'clip.mp4'), Buffer.alloc(1000, 7));
    writeFileSync(path.join(dir, '.secret'), 'no');
    const handler = withPublicFiles((req, res) => {
      rendered.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`rendered ${req.url}`);
    }, dir);
    server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the files once and matches a request path to one', () => {
    const files = listPublicFiles(dir);
    expect([...files].sort()).toEqual(['/.secret', '/_astro/app.1234.js', '/badges/store.svg', '/favicon.svg', '/sample-media/vod/clip.mp4']);
    expect(publicFileOf('/favicon.svg?v=2#x', files)).toBe('/favicon.svg');
    expect(publicFileOf('/fr/../badges/store.svg', files)).toBe('/badges/store.svg');
    expect(publicFileOf('/badges', files)).toBeNull();
    expect(publicFileOf('/fr/sport/un-article', files)).toBeNull();
  });

  it('serves a file without rendering, the build assets immutable', async () => {
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toBe('<svg/>');
    expect(icon.headers.get('etag')).toBeTruthy();
    const asset = await fetch(`${base}/_astro/app.1234.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await asset.body?.cancel();
    const range = await fetch(`${base}/sample-media/vod/clip.mp4`, { headers: { range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
    expect(rendered).toEqual([]);
  });

  it('renders every other path, folders and dotfiles included; a malformed URL gets 400', async () => {
    for (const p of ['/fr/sport/un-article', '/badges', '/badges/', '/.secret']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(`rendered ${p}`);
    }
    expect(rendered).toEqual(['/fr/sport/un-article', '/badges', '/badges/', '/.secret']);
    const bad = await fetch(`${base}/%E0%A4%A`);
    expect(bad.status).toBe(400);
    await bad.body?.cancel();
  });
});
