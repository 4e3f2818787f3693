/**
 * A local stand-in for an agency's picture server and a broadcaster's CDN,
 * on another port than the site (so another origin), for the tests of
 * pictures by URL and of videos and streams on allowed media origins:
 *
 *  - `/pictures/<name>-<w>x<h>.jpg`: a JPEG of that size, made once with
 *    sharp, with EXIF text to be stripped;
 *  - `/huge.png`: the header of a 30,000 × 30,000 PNG (900 megapixels), not
 *    the pixels;
 *  - `/redirect?to=URL`: 302 to URL; `/page.html`: an HTML page;
 *    `/slow.jpg`: headers, then silence; `/missing.jpg`: 404;
 *  - `/sample-media/…`: the committed sample videos and live stream
 *    (public/sample-media), with `Access-Control-Allow-Origin: *` as a CDN
 *    sends it (hls.js fetches playlists and segments cross-origin).
 *
 * Every request is counted by path (`hits`), so a test can tell whether the
 * site fetched something once, twice or not at all.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../..');

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
};

/** A PNG of that size whose pixels are missing: sharp reads its header (IHDR) and no more. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  // One row's worth of pixel data: enough for a reader of the header, far from the picture.
  const idat = deflateSync(Buffer.alloc(1 + Math.min(width, 1000) * 3));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

const made = new Map<string, Promise<Buffer>>();

/** A JPEG of w × h with EXIF text (which the site must strip). */
export function testJpeg(w: number, h: number): Promise<Buffer> {
  const key = `${w}x${h}`;
  let job = made.get(key);
  if (!job) {
    job = sharp({ create: { width: w, height: h, channels: 3, background: '#3060a0' } })
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Artist: 'agency-secret-photographer', Copyright: 'agency' } })
      .toBuffer();
    made.set(key, job);
  }
  return job;
}

export interface MediaServer {
  origin: string;
  port: number;
  hits: Map<string, number>;
  close: () => Promise<void>;
}

export async function startMediaServer(port = 0): Promise<MediaServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
      res.setHeader('access-control-allow-origin', '*');
      const picture = /^\/pictures\/[\w-]+-(\d{1,5})x(\d{1,5})\.jpg$/.exec(url.pathname);
      if (picture) {
        const body = await testJpeg(Number(picture[1]), Number(picture[2]));
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
        return res.end(body);
      }
      if (url.pathname === '/huge.png') {
        const body = pngHeaderOnly(30_000, 30_000);
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
        return res.end(body);
      }
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return res.end();
      }
      if (url.pathname === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><title>not a picture</title>');
      }
      if (url.pathname === '/slow.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        // Never ends: the site's time limit must.
        return void res.write(Buffer.alloc(100));
      }
      const file = url.pathname.startsWith('/sample-media/') ? path.join(root, 'public', path.normalize(url.pathname)) : null;
      if (file && file.startsWith(path.join(root, 'public', 'sample-media')) && existsSync(file) && statSync(file).isFile()) {
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
        return void createReadStream(file).pipe(res);
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const actual = address && typeof address === 'object' ? address.port : port;
  return {
    origin: `http://127.0.0.1:${actual}`,
    port: actual,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
