/**
 * Short links (docs/product.md, Accounts and forms) over HTTP: /s/{code} answers 301 to the article's
 * absolute canonical URL (SITE_URL), the visit lands in click_events as
 * event 28, the article page's share buttons carry the short link, and an
 * unknown code answers the 404 page in the visitor's language.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { shortLinkCode, shortLinkPath } from '../../src/lib/short-links.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
let article: { id: number; lang: 'ar' | 'fr'; slug: string };

beforeAll(async () => {
  article = await store.db
    .selectFrom('articles')
    .select(['id', 'lang', 'slug'])
    .where('status', '=', 'published')
    .where('published_at', '<=', new Date().toISOString())
    .where('lang', '=', 'fr')
    .orderBy('published_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
});

describe('/s/{code}', () => {
  it('redirects (301) to the article, absolute from SITE_URL, and counts the visit', async () => {
    const before = await store.db.selectFrom('click_events').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', 28).executeTakeFirstOrThrow();
    const res = await fetch(`${baseUrl}${shortLinkPath(article.id)}`, { redirect: 'manual', headers: { referer: 'https://wa.me/' } });
    expect(res.status).toBe(301);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith(`${baseUrl}/fr/`)).toBe(true);
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="${location}"`);

    let after = Number(before.n);
    for (let i = 0; i < 40 && after === Number(before.n); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const row = await store.db.selectFrom('click_events').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', 28).executeTakeFirstOrThrow();
      after = Number(row.n);
    }
    expect(after).toBe(Number(before.n) + 1);
    const last = await store.db.selectFrom('click_events').select('payload').where('event_id', '=', 28).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(last.payload)).toMatchObject({ eventId: 28, target: location, label: shortLinkCode(article.id), pageURL: 'https://wa.me/' });
  });

  it('is what the share buttons of the article page give (X, WhatsApp, Telegram, e-mail)', async () => {
    const res = await fetch(`${baseUrl}/fr/post/${article.id}`);
    const html = await res.text();
    const short = encodeURIComponent(`${baseUrl}${shortLinkPath(article.id)}`);
    for (const network of ['x.com/intent/post?url=', 'wa.me/?text=', 't.me/share/url?url=', 'mailto:?subject=']) {
      const href = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).find((h) => h.includes(network));
      expect(href, network).toContain(short);
    }
  });

  it('an unknown code (or a malformed one) answers the 404 page in the language of the locale cookie', async () => {
    for (const code of ['zzzzzzz', '0abc', 'ABC']) {
      const fr = await fetch(`${baseUrl}/s/${code}`, { redirect: 'manual', headers: { cookie: 'locale=fr' } });
      expect(fr.status, code).toBe(404);
      const html = await fr.text();
      expect(html).toContain('lang="fr"');
      expect(html).toContain('Cette page est introuvable');
    }
    const ar = await fetch(`${baseUrl}/s/zzzzzzz`, { redirect: 'manual' });
    expect(ar.status).toBe(404);
    expect(await ar.text()).toContain('lang="ar"');
  });
});
