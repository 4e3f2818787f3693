/**
 * The nginx configuration of deploy/nginx/2m.conf, with Debian's nginx in
 * front of the test site (ADR 005): pre-built pages and build assets
 * come straight from disk, everything else is proxied to the Node server,
 * and a new build is picked up as soon as `current` is swapped.
 *
 * .ci/run installs nginx; elsewhere the suite is skipped when it is absent.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { prebuild, swapTo } from '../../src/server/delivery/prebuild.ts';
import { NGINX, startNginx, type RunningNginx } from '../../scripts/nginx.ts';
import { createToken } from '../../src/server/newsroom/auth.ts';
import { mediaOriginPort } from '../../scripts/test-server.ts';

if (!NGINX && process.env.CI) throw new Error('nginx is missing: .ci/run installs it (apt-get install nginx-light)');

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const siteDir = path.join(dataDir, 'site');

let nginx: RunningNginx | undefined;
let front = '';
const store = testStore();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request without fetch()'s decoding, so encodings can be checked. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!NGINX)('nginx in front of the site', () => {
  beforeAll(async () => {
    // The test server's second media origin is in its CSP (scripts/test-server.ts): the operator's snippet has it too.
    const siteEnv = { MEDIA_ORIGINS: `http://127.0.0.1:${mediaOriginPort(Number(new URL(baseUrl).port))}` };
    nginx = await startNginx({ siteDir, upstream: new URL(baseUrl).host, siteUrl: baseUrl, siteEnv });
    front = nginx.base;
  });

  afterAll(async () => {
    await nginx?.stop();
  });

  it('sends the same security headers as the Node server, from disk and proxied', async () => {
    const direct = await get(`${baseUrl}/fr`);
    for (const path of ['/fr', '/favicon.svg', '/api/articlesrecent']) {
      const res = await get(`${front}${path}`);
      // The same answer from the Node server (a JSON answer has the short passive policy there and through nginx).
      const node = path === '/fr' ? direct : await get(`${baseUrl}${path}`);
      for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy']) {
        expect(res.headers[name], `${path} ${name}`).toBe(node.headers[name]);
      }
    }
    const asset = (/\/_astro\/[^"']+\.js/.exec(direct.body.toString()) ?? [''])[0];
    expect(asset).not.toBe('');
    expect((await get(`${front}${asset}`)).headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves pre-built pages from disk, with an ETag, 304 and the gzip twin', async () => {
    const file = path.join(siteDir, 'current/pages/fr/index.html');
    const page = await get(`${front}/fr`);
    expect(page.status).toBe(200);
    expect(page.headers['x-prebuilt']).toBe('nginx');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(page.body.equals(readFileSync(file))).toBe(true);
    const etag = page.headers['etag'] as string;
    expect(etag).toBeTruthy();
    expect((await get(`${front}/fr`, { 'if-none-match': etag })).status).toBe(304);

    const gz = await get(`${front}/fr`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(`${file}.gz`))).toBe(true);

    // An Arabic path: nginx matches the decoded URI against the UTF-8 folder names.
    const newest = await store.db
      .selectFrom('articles')
      .innerJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
      .select(['articles.slug', 'master_tags.route_name'])
      .where('articles.lang', '=', 'ar')
      .where('articles.status', '=', 'published')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .executeTakeFirstOrThrow();
    const manifest = JSON.parse(readFileSync(path.join(siteDir, 'current/manifest.json'), 'utf8')) as { pages: Record<string, unknown> };
    const arPath = `/ar/${newest.route_name}/${newest.slug}`;
    expect(manifest.pages[arPath], arPath).toBeTruthy();
    const ar = await get(`${front}/ar/${encodeURIComponent(newest.route_name)}/${encodeURIComponent(newest.slug)}`);
    expect(ar.status).toBe(200);
    expect(ar.headers['x-prebuilt']).toBe('nginx');
  });

  it('serves the pre-built lite twin of a home page or article for Save-Data: on, with Vary: Save-Data (ADR 038)', async () => {
    const newest = await store.db
      .selectFrom('articles')
      .innerJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
      .select(['articles.slug', 'master_tags.route_name'])
      .where('articles.lang', '=', 'ar')
      .where('articles.status', '=', 'published')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .executeTakeFirstOrThrow();
    const article = `/ar/${encodeURIComponent(newest.route_name)}/${encodeURIComponent(newest.slug)}`;
    for (const [full, twin] of [['/fr', 'fr/lite'], [article, `ar/lite/${newest.route_name}/${newest.slug}`]] as const) {
      const plain = await get(`${front}${full}`);
      expect(plain.status, full).toBe(200);
      expect(String(plain.headers['vary']), full).toMatch(/Save-Data/);
      expect(plain.body.toString()).toMatch(/<script/);
      const saving = await get(`${front}${full}`, { 'save-data': 'on' });
      expect(saving.status, full).toBe(200);
      expect(saving.headers['x-prebuilt']).toBe('nginx');
      expect(String(saving.headers['vary']), full).toMatch(/Save-Data/);
      expect(saving.body.equals(readFileSync(path.join(siteDir, 'current/pages', twin, 'index.html'))), full).toBe(true);
      // The same answer as the Node server's.
      expect(saving.body.equals((await get(`${baseUrl}${full}`, { 'save-data': 'on' })).body), full).toBe(true);
    }
    // A page without a lite twin does not vary on the header.
    const section = await get(`${front}/ar/${encodeURIComponent(newest.route_name)}`, { 'save-data': 'on' });
    expect(String(section.headers['vary'] ?? '')).not.toMatch(/Save-Data/);
  });

  it('serves build assets as immutable and proxies queries, redirects, the API and unknown pages to Node', async () => {
    const html = (await get(`${front}/ar`)).body.toString();
    const css = html.match(/\/_astro\/[^"']+\.css/)?.[0];
    expect(css).toBeTruthy();
    const asset = await get(`${front}${css}`, { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    // A query string goes to Node, whose pre-built copy answers (the page reads no `utm_source`).
    const query = await get(`${front}/ar?utm_source=test`);
    expect(query.status).toBe(200);
    expect(query.headers['x-prebuilt']).toBe(path.basename(readlinkSync(path.join(siteDir, 'current'))));
    expect(query.body.toString()).toContain('lang="ar"');

    const bare = await get(`${front}/`);
    expect(bare.status).toBe(301);
    // Every Location is absolute on SITE_URL (src/server/http/redirect.ts).
    expect(bare.headers['location']).toBe(`${baseUrl}/ar`);

    const api = await get(`${front}/api/articlesrecent`, { locale: 'fr' });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body.toString()).header.status).toBe('OK');

    const missing = await get(`${front}/fr/no-such-section-${Date.now()}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('lang="fr"');

    const head = await get(`${front}/fr`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('passes the service worker and the push endpoints through to Node: /sw.js with no-cache, JSON POSTs', async () => {
    const sw = await get(`${front}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^text\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['x-prebuilt']).toBeUndefined();
    expect(sw.body.toString()).toMatch(/addEventListener\("push"/);

    const key = await get(`${front}/api/push/key`);
    expect(key.status).toBe(200);
    expect(JSON.parse(key.body.toString()).response.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);

    const invalid = await fetch(`${front}/api/push/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', locale: 'fr' },
      body: JSON.stringify({ endpoint: 'http://10.0.0.1/push' }),
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(((await invalid.json()) as { header: { errors: object } }).header.errors)).toContain('endpoint');
  });

  it('follows the swap of `current`: a page left out of the new build is proxied, the others come from disk', async () => {
    const before = path.basename(readlinkSync(path.join(siteDir, 'current')));
    expect((await get(`${front}/fr/replay`)).headers['x-prebuilt']).toBe('nginx');
    const result = await prebuild({ db: store.db, origin: baseUrl, siteDir, articlesPerLanguage: 0, paths: ['/ar', '/fr'] });
    expect(result.id).not.toBe(before);
    const kept = await get(`${front}/fr`);
    expect(kept.status).toBe(200);
    expect(kept.headers['x-prebuilt']).toBe('nginx');
    const left = await get(`${front}/fr/replay`);
    expect(left.status).toBe(200);
    // Rendered by Node on demand: Node's own front server finds no pre-built copy either.
    expect(left.headers['x-prebuilt']).toBeUndefined();

    // Rolling back to the kept build is one swap too.
    await swapTo(siteDir, before);
    expect((await get(`${front}/fr/replay`)).headers['x-prebuilt']).toBe('nginx');
  });
  it('lets newsroom pictures (up to 20 MB, more than the 1 MB elsewhere) through to Node', async () => {
    const token = await createToken(store.db, `nginx-${Date.now().toString(36)}`);
    const size = 5 * 1024 * 1024;
    const upload = (auth: string): Promise<Raw> => new Promise((resolve, reject) => {
      const req = request(
        `${front}/api/newsroom/media`,
        { method: 'POST', headers: { authorization: auth, 'content-type': 'image/jpeg', 'content-length': String(size) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(Buffer.alloc(size));
    });
    // Node read the 5 MB and found no picture in them: 422 in the site's envelope, not nginx's 413.
    const answer = await upload(`Bearer ${token}`);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body.toString()).header.code).toBe(422);
    // Without a token Node refuses before reading: the 401 still reaches the client.
    const refused = await upload('Bearer nope');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString()).header.code).toBe(401);
  });
  it('passes the desk to Node, never from disk, and its pictures (up to 20 MB) too', async () => {
    const page = await get(`${front}/desk/stories`);
    expect(page.status).toBe(200);
    expect(page.headers['x-prebuilt']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';/);
    const size = 5 * 1024 * 1024;
    const answer = await new Promise<Raw>((resolve, reject) => {
      const req = request(
        `${front}/api/desk/media`,
        { method: 'POST', headers: { 'content-type': 'image/jpeg', 'content-length': String(size) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(Buffer.alloc(size));
    });
    // Node's answer (a write without the desk's Origin and header is refused), not nginx's 413.
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body.toString()).header.code).toBe(403);
  });
});
