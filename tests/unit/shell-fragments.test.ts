/**
 * Shell fragments (ADR 021): the parts of the shell rendered once per shell
 * and reused must give the page exactly what rendering them each time
 * gives, and a content change (navigation, breaking news) must show on the
 * next render.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { loadShell, type ShellData } from '../../src/server/pages/shell.ts';
import { linksTo, setShellFragmentCache, shellFragment } from '../../src/server/pages/shell-fragments.ts';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { setBreaking, breakingListInput } from '../../src/server/broadcast/breaking.ts';
import type { PageMeta } from '../../src/layouts/meta.ts';

afterEach(() => {
  setShellFragmentCache(true);
});

async function layoutRenderer() {
  const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
  const { loadRenderers } = await import('astro:container');
  const { getContainerRenderer } = await import('@astrojs/react/container-renderer');
  const { default: SiteLayout } = await import('../../src/layouts/SiteLayout.astro');
  const container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
  return async (meta: PageMeta, shell: ShellData) =>
    islandPrefixesInOrder(
      await container.renderToString(SiteLayout, {
        props: { meta, shell },
        slots: { default: '<p>page body</p>' },
        request: new Request(`http://localhost${meta.path}`),
      }),
    );
}

/**
 * Astro numbers every React render of a page (`r0`, `r1`…) and gives each
 * island its number as the `prefix` of its `useId`s. A kept fragment skips
 * the React renders inside it (the footer's form fields, which are not
 * islands), so the islands after it get lower numbers than in a page that
 * rendered the fragment: harmless as long as a page's prefixes are unique,
 * which is checked here, before the prefixes are replaced by their order so
 * that pages compare equal otherwise.
 */
function islandPrefixesInOrder(html: string): string {
  const prefixes = [...html.matchAll(/<astro-island [^>]*?prefix="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(prefixes).size).toBe(prefixes.length);
  let n = 0;
  return html.replace(/(<astro-island [^>]*?prefix=")[^"]+"/g, (_m, start: string) => `${start}island-${n++}"`);
}

const page = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  locale: 'fr',
  routeName: 'tag-url',
  title: 'Une page',
  description: 'Une description',
  path,
  alternates: { ar: '/ar' },
  ...extra,
});

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  await db
    .insertInto('master_tags')
    .values([
      { lang: 'fr', translation_key: 'sport', name: 'Sport', route_name: 'sport', parent_id: null, position: 1 },
      { lang: 'fr', translation_key: 'culture', name: 'Culture', route_name: 'culture', parent_id: null, position: 2 },
    ])
    .execute();
  return db;
}

describe('shell fragments', () => {
  it('give the same page as rendering every part each time, whatever page rendered first', { timeout: 60_000 }, async () => {
    const render = await layoutRenderer();
    const db = await store();
    const shell = await loadShell('fr', db);
    const pages = [
      page('/fr/sport/un-article-12', { ogType: 'article' }),
      page('/fr/sport'), // a navigation link: aria-current on it
      page('/fr/culture'),
      page('/fr/replay', { routeName: 'replay-id' }), // the dark variant
      page('/fr/contact', { routeName: 'contact' }),
    ];
    setShellFragmentCache(false);
    const uncached: string[] = [];
    for (const p of pages) uncached.push(await render(p, shell));
    setShellFragmentCache(true);
    // Twice: the first pass fills the fragments (in another order than the uncached pass), the second reuses them.
    for (let pass = 0; pass < 2; pass++) {
      for (const i of [4, 2, 0, 1, 3]) expect(await render(pages[i]!, shell)).toBe(uncached[i]);
    }
    expect(uncached[1]).toMatch(/<a class="nav-link" href="\/fr\/sport" aria-current="page"/);
    // The islands stay out of the fragments: one hydration script per page, before the first island.
    for (const html of uncached) expect(html.match(/customElements\.define\("astro-island"/g)).toHaveLength(1);
    expect(uncached[0]).not.toContain('aria-current="page"');
  });

  it('follow the store: a renamed section and breaking news show on the next render', { timeout: 60_000 }, async () => {
    const render = await layoutRenderer();
    const db = await store();
    const meta = page('/fr/sport/un-article-12', { ogType: 'article' });
    const before = await render(meta, await loadShell('fr', db));
    const navLink = (name: string) => new RegExp(`href="/fr/culture"[^>]*>${name}</a>`);
    expect(before).toMatch(navLink('Culture'));
    expect(await render(meta, await loadShell('fr', db))).toBe(before);

    // A writer renames a section (and records the change, as every writer does).
    await db.updateTable('master_tags').set({ name: 'Arts et culture' }).where('route_name', '=', 'culture').execute();
    await recordContentChange(db, { paths: ['/fr'], reason: 'tags' });
    const renamed = await render(meta, await loadShell('fr', db));
    expect(renamed).toMatch(navLink('Arts et culture'));
    expect(renamed).not.toMatch(navLink('Culture'));
    setShellFragmentCache(false);
    expect(await render(meta, await loadShell('fr', db))).toBe(renamed);
    setShellFragmentCache(true);

    // Breaking news start: the ticker's place is kept from the next render on.
    await setBreaking(db, 'fr', breakingListInput.parse({ items: [{ title: 'Urgent', url: '/fr/x' }] }), new Date(Date.now() - 1000));
    const breaking = await render(meta, await loadShell('fr', db));
    expect(breaking).not.toBe(renamed);
    setShellFragmentCache(false);
    expect(await render(meta, await loadShell('fr', db))).toBe(breaking);
  });

  it('keep one render per source and id, and start afresh with a new source', async () => {
    let renders = 0;
    const make = async () => `html ${++renders}`;
    const a = {};
    expect(await shellFragment(a, 'x', make)).toBe('html 1');
    expect(await Promise.all([shellFragment(a, 'x', make), shellFragment(a, 'x', make)])).toEqual(['html 1', 'html 1']);
    expect(await shellFragment(a, 'y', make)).toBe('html 2');
    expect(await shellFragment({}, 'x', make)).toBe('html 3');
    // A failed render is not kept.
    await expect(shellFragment(a, 'z', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect(await shellFragment(a, 'z', make)).toBe('html 4');
  });

  it('tell whether a fragment links to the current page', () => {
    const html = '<a class="nav-link" href="/fr/sport">Sport</a><a href="/fr/x?a=1&amp;b=2">X</a>';
    expect(linksTo(html, '/fr/sport')).toBe(true);
    expect(linksTo(html, '/fr/sport/un-article')).toBe(false);
    expect(linksTo(html, '/fr/x?a=1&b=2')).toBe(true);
    expect(linksTo(html, '')).toBe(false);
  });
});
