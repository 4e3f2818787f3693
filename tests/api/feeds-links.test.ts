/**
 * The pages announce their RSS feeds: the home page of each language and the
 * tag pages carry <link rel="alternate" type="application/rss+xml"> with an
 * absolute address (SITE_URL) that answers an RSS 2.0 document.
 */
import { describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';

const baseUrl = inject('baseUrl');
const store = testStore();

async function feedLinks(path: string): Promise<{ href: string; title: string }[]> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml"([^>]*)>/g)].map((m) => ({
    href: /href="([^"]+)"/.exec(m[1]!)?.[1] ?? '',
    title: /title="([^"]+)"/.exec(m[1]!)?.[1] ?? '',
  }));
}

async function expectFeed(href: string): Promise<void> {
  const res = await fetch(href);
  expect(res.status, href).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
  expect(await res.text()).toContain('<rss version="2.0"');
}

describe('RSS autodiscovery', () => {
  it('on the home page of each language', async () => {
    for (const lang of ['ar', 'fr'] as const) {
      const links = await feedLinks(`/${lang}`);
      expect(links.map((l) => l.href)).toEqual([`${baseUrl}/${lang}/rss.xml`]);
      expect(links[0]!.title).toContain('RSS');
      await expectFeed(links[0]!.href);
    }
  });

  it("on a tag page: the tag's own feed", async () => {
    const tag = await store.db
      .selectFrom('tags')
      .innerJoin('article_tags', 'article_tags.tag_id', 'tags.id')
      .select(['tags.id', 'tags.lang', 'tags.name'])
      .where('tags.lang', '=', 'fr')
      .limit(1)
      .executeTakeFirstOrThrow();
    const links = await feedLinks(`/fr/posts/tag/${tag.id}`);
    expect(links.map((l) => l.href)).toEqual([`${baseUrl}/fr/posts/tag/${tag.id}/rss.xml`]);
    await expectFeed(links[0]!.href);
  });
});
