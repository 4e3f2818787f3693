/**
 * The nginx configuration of deploy/nginx/2m.conf, with Debian's nginx in
 * front of the test site (DESIGN.md §4): pre-built pages and build assets
 * come straight from disk, everything else is proxied to the Node server,
 * and a new build is picked up as soon as `current` is swapped.
 *
 * .ci/run installs nginx; elsewhere the suite is skipped when it is absent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { prebuild, swapTo } from '../../src/server/delivery/prebuild.ts';
import { freePort, testDatabaseUrl } from '../../scripts/test-server.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (!NGINX && process.env.CI) throw new Error('nginx is missing: .ci/run installs it (apt-get install nginx-light)');

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const root = path.resolve(import.meta.dirname, '../..');
const siteDir = path.join(dataDir, 'site');

let prefix = '';
let nginx: ChildProcess | undefined;
let front = '';
let store: Store;

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
    store = await openStore({ dataDir, databaseUrl: testDatabaseUrl(dataDir) });
    prefix = mkdtempSync(path.join(tmpdir(), '2m-nginx-'));
    const port = await freePort();
    front = `http://127.0.0.1:${port}`;
    const site = readFileSync(path.join(root, 'deploy/nginx/2m.conf'), 'utf8')
      .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
      .replaceAll('{{SERVER_NAME}}', 'localhost')
      .replaceAll('{{SITE_DIR}}', siteDir)
      .replaceAll('{{CLIENT_DIR}}', path.join(root, 'dist/client'))
      .replaceAll('{{UPSTREAM}}', new URL(baseUrl).host);
    expect(site).not.toMatch(/\{\{[A-Z_]+\}\}/);
    writeFileSync(path.join(prefix, '2m.conf'), site);
    const mime = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        // As root, workers would drop to "nobody", who cannot read the private temp folders.
        process.getuid?.() === 0 ? 'user root root;' : '',
        'daemon off;',
        'worker_processes 1;',
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        mime,
        'default_type application/octet-stream;',
        'access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${prefix}/${t};`),
        `include ${prefix}/2m.conf;`,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        await get(`${front}/favicon.svg`);
        break;
      } catch {
        if (nginx.exitCode !== null || Date.now() > deadline) {
          const log = existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, 'utf8') : '';
          throw new Error(`nginx did not start:\n${stderr}\n${log}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await store?.db.destroy();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
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

  it('serves build assets as immutable and proxies queries, redirects, the API and unknown pages to Node', async () => {
    const html = (await get(`${front}/ar`)).body.toString();
    const css = html.match(/\/_astro\/[^"']+\.css/)?.[0];
    expect(css).toBeTruthy();
    const asset = await get(`${front}${css}`, { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    const query = await get(`${front}/ar?utm_source=test`);
    expect(query.status).toBe(200);
    expect(query.headers['x-prebuilt']).toBeUndefined();
    expect(query.body.toString()).toContain('lang="ar"');

    const bare = await get(`${front}/`);
    expect(bare.status).toBe(301);
    expect(bare.headers['location']).toBe('/ar');

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
});
