/**
 * Static first (ADR 005), over real HTTP against the served
 * site (scripts/serve.ts, started by global-setup once its first pre-build
 * is in place):
 *  - what exists is served pre-built, with validators and compressed twins;
 *  - queries and clock-driven pages are rendered on demand;
 *  - an article published after the build is served at once (and cached), and pre-built
 *    by the next rebuild, swapped in without a failed request;
 *  - a failed build leaves the previous one serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { prebuild, PrebuildBusyError, PrebuildError, swapTo } from '../../src/server/delivery/prebuild.ts';
import { freePort, storeEnv } from '../../scripts/test-server.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const siteDir = path.join(dataDir, 'site');
const root = path.resolve(import.meta.dirname, '../..');

const store = testStore();

const currentBuild = (): string => path.basename(readlinkSync(path.join(siteDir, 'current')));

async function newestArticlePath(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang } });
  const body = (await res.json()) as { response: { articles: { path: string }[] } };
  const first = body.response.articles[0];
  if (!first) throw new Error('no article in the store');
  return first.path;
}

async function samplePath(api: string, lang: 'ar' | 'fr', pick: (r: unknown) => string): Promise<string> {
  const res = await fetch(`${baseUrl}${api}`, { headers: { locale: lang } });
  expect(res.status, api).toBe(200);
  return pick(((await res.json()) as { response: unknown }).response);
}

/** The rebuild a test started, stopped if the test gives up on it (it holds the pre-build lock). */
let rebuilding: ChildProcess | undefined;
afterAll(() => {
  rebuilding?.kill('SIGKILL');
});

/** Runs scripts/rebuild.ts against the test server; resolves with its exit code and how long it took. */
function runRebuild(): Promise<{ code: number; seconds: number }> {
  const port = new URL(baseUrl).port;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/rebuild.ts')], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, ...storeEnv(dataDir), HOST: '127.0.0.1', PORT: port, NODE_ENV: 'production' },
    });
    rebuilding = child;
    child.once('exit', (code) => {
      rebuilding = undefined;
      resolve({ code: code ?? 1, seconds: (performance.now() - started) / 1000 });
    });
  });
}

describe('static first: pre-built pages', () => {
  it('serves the home, a section, a programme, an episode, a bulletin and a static page pre-built', async () => {
    const paths = ['/ar', '/fr', '/ar/replay', '/fr/navigationlinks/conditions'];
    paths.push(
      await samplePath('/api/watchEmission', 'fr', (r) => {
        const list = (r as { programmes?: { path: string }[] }).programmes;
        if (!list?.[0]) throw new Error('no programme');
        return list[0].path;
      }),
    );
    const episode = await store.db.selectFrom('episodes').select('id').orderBy('id').executeTakeFirstOrThrow();
    paths.push(`/ar/replay/single/${episode.id}`);
    const bulletin = await store.db.selectFrom('jt_bulletins').select(['id', 'edition']).orderBy('id').executeTakeFirstOrThrow();
    paths.push(`/fr/replay/news/${bulletin.edition}/${bulletin.id}`);
    const master = await store.db.selectFrom('master_tags').select('route_name').where('lang', '=', 'ar').orderBy('id').executeTakeFirstOrThrow();
    paths.push(`/ar/${encodeURIComponent(master.route_name)}`);

    const id = currentBuild();
    for (const p of paths) {
      const res = await fetch(`${baseUrl}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-prebuilt'), p).toBe(id);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html; charset=utf-8/);
      expect(res.headers.get('cache-control'), p).toMatch(/s-maxage=\d+/);
      expect(await res.text(), p).toMatch(/<html[^>]+lang="(ar|fr)"/);
    }
  });

  for (const lang of ['ar', 'fr'] as const) {
    it(`serves the newest ${lang} article pre-built, with an ETag, 304 and compressed twins of the same bytes`, async () => {
      const articlePath = await newestArticlePath(lang);
      const plain = await fetch(`${baseUrl}${articlePath}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('x-prebuilt')).toBe(currentBuild());
      const etag = plain.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      const html = Buffer.from(await plain.arrayBuffer());
      expect(html.toString()).toContain(`lang="${lang}"`);

      const again = await fetch(`${baseUrl}${articlePath}`, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);

      // fetch() decodes on its own; read the raw twins through node:http-free means: ask for one encoding at a time.
      for (const [enc, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const { request } = await import('node:http');
        const body = await new Promise<Buffer>((resolve, reject) => {
          const req = request(`${baseUrl}${articlePath}`, { headers: { 'accept-encoding': enc } }, (res) => {
            expect(res.headers['content-encoding']).toBe(enc);
            expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          });
          req.on('error', reject);
          req.end();
        });
        expect(decode(body).equals(html), enc).toBe(true);
      }
    });
  }

  it('renders on demand what varies: a query the page reads, the TV guide (clock), the API', async () => {
    for (const p of ['/ar/search?q=maroc', '/fr/guidetv', '/ar/live', '/api/articlesrecent']) {
      const res = await fetch(`${baseUrl}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-prebuilt'), p).toBeNull();
      await res.body?.cancel();
    }
  });

  it('ignores query parameters a page does not read: a random one is a pre-built hit of the clean URL', async () => {
    const article = await newestArticlePath('ar');
    for (const p of [`${article}?x=${Date.now()}`, `/ar?utm_source=test&page=3`]) {
      const res = await fetch(`${baseUrl}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-prebuilt'), p).toBe(currentBuild());
      await res.body?.cancel();
    }
  });

  it('serves hashed assets from memory as immutable', async () => {
    const html = await (await fetch(`${baseUrl}/fr`)).text();
    const asset = html.match(/\/_astro\/[^"']+\.css/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await fetch(`${baseUrl}/_astro/no-such-file.js`)).status).toBe(404);
  });
});

describe('static first: publishing and rebuilding', () => {
  it('serves an article published after the build at once, then pre-built after a rebuild swapped in without failures', async () => {
    const { db } = store;
    const model = await db
      .selectFrom('articles')
      .selectAll()
      .where('lang', '=', 'fr')
      .where('status', '=', 'published')
      .where('master_tag_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date(Date.now() - 1000).toISOString();
    const { id: _id, ...fields } = model;
    const slug = `publie-apres-le-build-${Date.now()}`;
    await db
      .insertInto('articles')
      .values({ ...fields, slug, title: 'Publié après le build', translation_key: slug, published_at: now, updated_at: now })
      .execute();
    const tag = await db
      .selectFrom('master_tags')
      .select('route_name')
      .where('id', '=', model.master_tag_id!)
      .executeTakeFirstOrThrow();
    const articlePath = `/fr/${tag.route_name}/${slug}`;

    const first = await fetch(`${baseUrl}${articlePath}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-prebuilt')).toBeNull();
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const firstBody = await first.text();
    expect(firstBody).toContain('Publié après le build');
    // …and cached: the next visitor gets it from the front server's memory.
    const again = await fetch(`${baseUrl}${articlePath}`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(await again.text()).toBe(firstBody);

    // A non-canonical tag segment is sent to the canonical path; an unknown slug is a 404.
    const moved = await fetch(`${baseUrl}/fr/not-its-section/${slug}?from=test`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toMatch(new RegExp(`${articlePath}\\?from=test$`));
    expect((await fetch(`${baseUrl}/fr/${tag.route_name}/no-such-article-${Date.now()}`)).status).toBe(404);

    // Rebuild while visitors keep asking for pre-built pages: none may fail.
    const before = currentBuild();
    let done = false;
    const statuses: number[] = [];
    const hammer = (async () => {
      while (!done) {
        const res = await fetch(`${baseUrl}/fr`);
        statuses.push(res.status);
        await res.body?.cancel();
      }
    })();
    const { code, seconds } = await runRebuild();
    done = true;
    await hammer;
    console.log(`rebuild of the whole site: ${seconds.toFixed(1)} s, ${statuses.length} requests during it`);
    expect(code).toBe(0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const after = currentBuild();
    expect(after).not.toBe(before);
    const res = await fetch(`${baseUrl}${articlePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-prebuilt')).toBe(after);
    expect(await res.text()).toContain('Publié après le build');
    // The previous build is kept for requests still reading it.
    expect(readdirSync(path.join(siteDir, 'builds'))).toContain(before);
    // A whole-site pre-build (about 900 pages): some 10 s alone on two cores, far longer on a loaded machine.
  }, 240_000);

  it('keeps the previous build serving when a build fails, and runs one build at a time', async () => {
    const before = currentBuild();
    const builds = readdirSync(path.join(siteDir, 'builds')).sort();
    const deadOrigin = `http://127.0.0.1:${await freePort()}`;
    await expect(
      prebuild({ db: store.db, origin: deadOrigin, siteDir, articlesPerLanguage: 0, paths: ['/ar', '/fr'] }),
    ).rejects.toBeInstanceOf(PrebuildError);
    expect(currentBuild()).toBe(before);
    expect(readdirSync(path.join(siteDir, 'builds')).sort()).toEqual(builds);
    const res = await fetch(`${baseUrl}/ar`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-prebuilt')).toBe(before);
    await res.body?.cancel();

    // A second job while one runs is refused (the lock), and changes nothing.
    const one = prebuild({ db: store.db, origin: baseUrl, siteDir, articlesPerLanguage: 0, paths: ['/ar', '/fr', '/ar/replay'] });
    const lock = path.join(siteDir, '.prebuild.lock');
    while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 1));
    await expect(
      prebuild({ db: store.db, origin: baseUrl, siteDir, articlesPerLanguage: 0, paths: ['/ar'] }),
    ).rejects.toBeInstanceOf(PrebuildBusyError);
    const result = await one;
    expect(result.pages).toBe(3);
    // Over HTTP too, a page rendered byte for byte as in the build serving then keeps that build's
    // files (hard links, reusePageSync); every page's twins are its own.
    for (const p of ['ar', 'fr', 'ar/replay']) {
      const file = path.join(siteDir, 'builds', result.id, 'pages', p, 'index.html');
      const earlier = path.join(siteDir, 'builds', before, 'pages', p, 'index.html');
      const html = readFileSync(file);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(html)).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(html)).toBe(true);
      if (html.equals(readFileSync(earlier))) {
        for (const suffix of ['', '.gz', '.br']) expect(statSync(`${file}${suffix}`).ino).toBe(statSync(`${earlier}${suffix}`).ino);
      }
    }
    expect(currentBuild()).toBe(result.id);
    expect(existsSync(path.join(siteDir, '.prebuild.lock'))).toBe(false);

    // Back to the full build for the other test files.
    await swapTo(siteDir, before);
    expect(currentBuild()).toBe(before);
  });
});
