/**
 * The change-feed follower (src/server/delivery/freshness.ts, ADR 010) with
 * a stand-in render source and front server: merged batches, the build on
 * disk, retries, and changes applied again to a build that started before them.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { catchUpFrom, Freshness } from '../../src/server/delivery/freshness.ts';
import { swapTo } from '../../src/server/delivery/prebuild.ts';
import type { RenderedPage } from '../../src/server/delivery/render-page.ts';
import type { DeliveryControl } from '../../src/server/delivery/server.ts';

let dir = '';
let store: Store;
let version = 1;
const renders: string[] = [];
const swapped: [string, string, string | null][] = [];
const forgotten: string[][] = [];
let failing = new Set<string>();
let listingsDropped = 0;

const source = {
  renderPage: async (p: string): Promise<RenderedPage | 'gone'> => {
    renders.push(p);
    if (failing.has(p)) throw new Error(`${p}: status 500`);
    if (p.includes('withdrawn')) return 'gone';
    const html = Buffer.from(`<p>${decodeURI(p)} v${version}</p>`);
    return { html, gzip: Buffer.from('gz'), br: Buffer.from('br'), headers: { 'content-type': 'text/html; charset=utf-8' } };
  },
};
const delivery: DeliveryControl = {
  swapPage: (id, key, page) => void swapped.push([id, key, page ? page.html.toString() : null]),
  forgetPaths: (keys) => {
    forgotten.push([...keys]);
    return 0;
  },
  forgetListings: () => {
    listingsDropped++;
    return 0;
  },
};

function makeBuild(id: string, builtAt: Date, pages: string[]): void {
  const pagesDir = path.join(dir, 'builds', id, 'pages');
  for (const p of pages) {
    mkdirSync(path.join(pagesDir, p), { recursive: true });
    writeFileSync(path.join(pagesDir, p, 'index.html'), `<p>${p} old</p>`);
  }
  const manifest = { id, builtAt: builtAt.toISOString(), pages: Object.fromEntries(pages.map((p) => [p, { 'content-type': 'text/html' }])) };
  writeFileSync(path.join(dir, 'builds', id, 'manifest.json'), JSON.stringify(manifest));
}
const file = (id: string, p: string) => path.join(dir, 'builds', id, 'pages', p, 'index.html');
const manifestPages = (id: string) => Object.keys((JSON.parse(readFileSync(path.join(dir, 'builds', id, 'manifest.json'), 'utf8')) as { pages: object }).pages);

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), '2m-freshness-'));
  store = await openStore({ dataDir: ':memory:' });
  renders.length = 0;
  swapped.length = 0;
  forgotten.length = 0;
  failing = new Set();
  version = 1;
});
afterEach(async () => {
  await store.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('freshness', () => {
  it('renders a batch into the current build once per path, takes gone paths out, and leaves non-pre-buildable paths to the caches', async () => {
    makeBuild('b1', new Date(Date.now() - 60_000), ['/fr', '/fr/sport/a', '/ar/news/old']);
    symlinkSync(path.join('builds', 'b1'), path.join(dir, 'current'));
    const f = new Freshness({ db: store.db, siteDir: dir, origin: source, siteUrl: 'https://www.2m.ma', delivery, start: new Date(Date.now() - 1000) });
    await recordContentChange(store.db, { paths: ['/fr', '/fr/sport/a'], reason: 'update' });
    await recordContentChange(store.db, { paths: ['/fr', '/fr/sport/new', '/fr/guidetv', '/fr/rss.xml'], gone: ['/ar/news/old'], reason: 'publish' });
    const batch = await f.tick();
    expect(renders.sort()).toEqual(['/fr', '/fr/sport/a', '/fr/sport/new']);
    expect(batch.removed).toEqual(['/ar/news/old']);
    expect(readFileSync(file('b1', '/fr'), 'utf8')).toBe('<p>/fr v1</p>');
    expect(readFileSync(file('b1', '/fr/sport/new'), 'utf8')).toBe('<p>/fr/sport/new v1</p>');
    expect(existsSync(file('b1', '/ar/news/old'))).toBe(false);
    expect(manifestPages('b1').sort()).toEqual(['/fr', '/fr/sport/a', '/fr/sport/new']);
    expect(swapped).toContainEqual(['b1', '/ar/news/old', null]);
    expect(forgotten.flat()).toEqual(expect.arrayContaining(['/fr', '/fr/guidetv', '/ar/news/old']));
    // Nothing new: nothing rendered, nothing dropped.
    renders.length = 0;
    const dropped = listingsDropped;
    await f.tick();
    expect(renders).toEqual([]);
    expect(listingsDropped).toBe(dropped);
    // A change naming no page (breaking news) still drops the cached API answers.
    await recordContentChange(store.db, { paths: [], reason: 'breaking' });
    await f.tick();
    expect(renders).toEqual([]);
    expect(listingsDropped).toBe(dropped + 1);
  });

  it('tries a failed render again on the next polls, and applies changes again to a build that started before them', async () => {
    makeBuild('b1', new Date(Date.now() - 60_000), ['/fr', '/fr/sport/a']);
    symlinkSync(path.join('builds', 'b1'), path.join(dir, 'current'));
    const f = new Freshness({ db: store.db, siteDir: dir, origin: source, siteUrl: 'https://www.2m.ma', delivery, start: new Date(Date.now() - 1000) });
    const buildStarted = new Date();
    failing.add('/fr/sport/a');
    await recordContentChange(store.db, { paths: ['/fr', '/fr/sport/a'], reason: 'update' });
    expect((await f.tick()).failed).toEqual(['/fr/sport/a']);
    failing.clear();
    version = 2;
    expect((await f.tick()).rendered).toEqual(['/fr/sport/a']);
    expect(readFileSync(file('b1', '/fr/sport/a'), 'utf8')).toBe('<p>/fr/sport/a v2</p>');

    // A rebuild that started before those changes lands: they are applied to it again.
    makeBuild('b2', buildStarted, ['/fr', '/fr/sport/a']);
    await swapTo(dir, 'b2');
    renders.length = 0;
    await f.tick();
    expect(renders.sort()).toEqual(['/fr', '/fr/sport/a']);
    expect(readFileSync(file('b2', '/fr'), 'utf8')).toBe('<p>/fr v2</p>');
  });

  it('a restarted instance catches up from its build in place: a change made while it was down reaches its pages at once', async () => {
    const now = Date.now();
    expect(catchUpFrom(dir, now)).toEqual({});
    makeBuild('b1', new Date(now - 10 * 60_000), ['/fr', '/fr/sport/a']);
    symlinkSync(path.join('builds', 'b1'), path.join(dir, 'current'));
    expect(catchUpFrom(dir, now)).toEqual({ start: new Date(now - 10 * 60_000) });
    // Recorded 5 minutes ago, while the instance was down (past the feed's 30 s overlap).
    await recordContentChange(store.db, { paths: ['/fr'], reason: 'update' }, new Date(now - 5 * 60_000));
    version = 2;
    const fromNow = new Freshness({ db: store.db, siteDir: dir, origin: source, siteUrl: 'https://www.2m.ma', delivery });
    expect((await fromNow.tick()).rendered).toEqual([]);
    const caughtUp = new Freshness({ db: store.db, siteDir: dir, origin: source, siteUrl: 'https://www.2m.ma', delivery, ...catchUpFrom(dir) });
    expect((await caughtUp.tick()).rendered).toEqual(['/fr']);
    expect(readFileSync(file('b1', '/fr'), 'utf8')).toBe('<p>/fr v2</p>');
    // At most an hour back.
    makeBuild('old', new Date(now - 3 * 3600_000), ['/fr']);
    await swapTo(dir, 'old');
    expect(catchUpFrom(dir, now)).toEqual({ start: new Date(now - 3600_000) });
  });
});
