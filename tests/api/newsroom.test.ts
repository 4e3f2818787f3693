/**
 * The newsroom API over real HTTP (ADR 011): tokens, bad
 * input answered 4xx with nothing changed, and a story published in Arabic
 * and French, updated and withdrawn, followed on its pages, the home pages,
 * its listings, the API, search and the feeds within 5 seconds each.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { createToken, revokeToken } from '../../src/server/newsroom/auth.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');

const store = testStore();
let token = '';
const run = Date.now().toString(36);

beforeAll(async () => {
  token = await createToken(store.db, `api-test-${run}`);
});

interface Envelope<T = unknown> {
  header: { status: string; code: number; message?: string; errors?: Record<string, string[]> };
  response: T;
}

async function call<T = unknown>(method: string, path: string, body?: unknown, auth: string | null = token) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      // A DELETE carries a (non-form) Content-Type too: Astro's origin check refuses unsafe requests with neither it nor Origin.
      ...(body !== undefined || method === 'DELETE' ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
}

const page = async (path: string) => {
  const res = await fetch(`${baseUrl}${encodeURI(path)}`, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
};
const api = async <T,>(path: string, lang: 'ar' | 'fr') => ((await (await fetch(`${baseUrl}${path}`, { headers: { locale: lang } })).json()) as Envelope<T>).response;

interface Stored {
  id: number;
  lang: string;
  url: string;
  path: string;
  version: number;
  state: string;
}

const arWord = `زنبرك${run.replace(/[0-9]/g, '')}`;
const frWord = `Zorglub${run}`;
const story = (lang: 'ar' | 'fr', over: Record<string, unknown> = {}) => ({
  uri: `urn:test:${run}:${lang}`,
  type: 'text',
  language: lang,
  version: '1',
  pubstatus: 'usable',
  headlines: [{ value: lang === 'ar' ? `خبر عاجل ${arWord} من الرباط` : `Dépêche ${frWord} depuis Rabat`, role: 'main' }],
  descriptions: [{ value: lang === 'ar' ? 'ملخص' : 'Résumé', role: 'summary' }],
  bodies: [
    {
      contenttype: 'text/html',
      value: '<p>Texte <strong>gras</strong></p><script>window.pwned=1</script><img src="/media/img/newsroom-test.jpg" onerror="window.pwned=2"><a href="javascript:window.pwned=3">lien</a>',
    },
  ],
  subjects: [{ uri: 'urn:2m:section:societe' }, { name: lang === 'ar' ? `وسم ${arWord}` : `Étiquette ${frWord}`, uri: `urn:test:${run}:tag` }],
  by: lang === 'ar' ? 'هيئة التحرير' : 'La rédaction',
  altids: [{ role: 'translation', value: `story-${run}` }],
  associations: [
    { name: 'main', uri: `urn:test:${run}:pic`, type: 'picture', renditions: [{ name: 'x', href: '/media/img/newsroom-test.jpg', width: 1200, height: 675 }] },
  ],
  ...over,
});

describe('newsroom API: tokens', () => {
  it('answers 401 with WWW-Authenticate without a token, with a wrong one and a revoked one', async () => {
    const none = await call('POST', '/api/newsroom/articles', story('ar'), null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.body.header).toMatchObject({ status: 'ERROR', code: 401 });
    expect((await call('POST', '/api/newsroom/articles', story('ar'), `nr_${'x'.repeat(43)}`)).status).toBe(401);
    const revoked = await createToken(store.db, `revoked-${run}`);
    expect((await call('GET', '/api/newsroom/whoami', undefined, revoked)).body.response).toEqual({ token: `revoked-${run}` });
    await revokeToken(store.db, `revoked-${run}`);
    expect((await call('GET', '/api/newsroom/whoami', undefined, revoked)).status).toBe(401);
    expect((await call('GET', `/api/newsroom/articles?uri=${encodeURIComponent(story('ar').uri)}`)).status).toBe(404);
  });
});

describe('newsroom API: bad input changes nothing', () => {
  it('malformed JSON 400, missing headline 422 per field, older version 409', async () => {
    const countBefore = await store.db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const malformed = await call('POST', '/api/newsroom/articles', '{"uri": "x",');
    expect(malformed.status).toBe(400);
    const { headlines: _, ...noHeadline } = story('fr');
    const missing = await call('POST', '/api/newsroom/articles', noHeadline);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.header.errors ?? {})).toEqual(['headlines']);
    const unknownSection = await call('POST', '/api/newsroom/articles', story('fr', { subjects: [{ uri: 'urn:2m:section:nowhere' }, { name: `Nouveau ${run}` }] }));
    expect(unknownSection.status).toBe(422);
    expect(unknownSection.body.header.errors).toHaveProperty('subjects');
    const countAfter = await store.db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
    expect(await store.db.selectFrom('tags').select('id').where('name', '=', `Nouveau ${run}`).execute()).toEqual([]);
    expect((await call('GET', `/api/newsroom/articles?uri=${encodeURIComponent(story('fr').uri)}`)).status).toBe(404);
  });
});

describe('newsroom API: publish, update, withdraw', () => {
  let ar: Stored;
  let fr: Stored;

  it('publishes an Arabic story and its French translation: pages, homes, listings, API, search, feeds show it', async () => {
    const a = await call<Stored>('POST', '/api/newsroom/articles', story('ar'));
    expect(a.status).toBe(201);
    ar = a.body.response;
    expect(ar).toMatchObject({ lang: 'ar', version: 1, state: 'published' });
    expect(decodeURI(ar.path)).toMatch(/^\/ar\/societe\/خبر-عاجل-/);
    const f = await call<Stored>('POST', '/api/newsroom/articles', story('fr'));
    expect(f.status).toBe(201);
    fr = f.body.response;
    expect(fr.path).toBe(`/fr/societe/depeche-zorglub${run}-depuis-rabat`);

    await within(5, 'article pages', async () => {
      const [p, q] = await Promise.all([page(ar.path), page(fr.path)]);
      return p.status === 200 && p.text.includes(arWord) && q.status === 200 && q.text.includes(frWord);
    });
    const html = (await page(ar.path)).text;
    expect(html).not.toMatch(/pwned|onerror|javascript:/);
    expect(html).toContain('<strong>gras</strong>');
    expect(html).toContain(fr.path); // the translation link
    await within(5, 'home pages', async () => (await page('/ar')).text.includes(arWord) && (await page('/fr')).text.includes(frWord));
    await within(5, 'section listing', async () => (await page('/fr/societe')).text.includes(frWord));
    const tag = await store.db.selectFrom('tags').select('id').where('name', '=', `Étiquette ${frWord}`).executeTakeFirstOrThrow();
    await within(5, 'tag listing', async () => (await page(`/fr/posts/tag/${tag.id}`)).text.includes(frWord));
    const recent = await api<{ articles: { id: number }[] }>('/api/articlesrecent', 'ar');
    expect(recent.articles.map((x) => x.id)).toContain(ar.id);
    const found = await api<{ Article: { id: number }[] }>(`/api/Search/1?search=${encodeURIComponent(frWord)}`, 'fr');
    expect(found.Article.map((x) => x.id)).toEqual([fr.id]);
    expect((await page('/news-sitemap.xml')).text).toContain(frWord);
    expect((await page('/fr/rss.xml')).text).toContain(frWord);
  });

  it('shows an update (new headline) within 5 s, and refuses an older version with 409', async () => {
    const updated = await call<Stored>('POST', '/api/newsroom/articles', story('fr', { version: '2', headlines: [{ value: `Mise à jour ${frWord}` }], slugline: `depeche-zorglub${run}-depuis-rabat` }));
    expect(updated.status).toBe(200);
    expect(updated.body.response).toMatchObject({ id: fr.id, version: 2, path: fr.path });
    await within(5, 'updated page', async () => (await page(fr.path)).text.includes(`Mise à jour ${frWord}`));
    await within(5, 'updated home', async () => (await page('/fr')).text.includes(`Mise à jour ${frWord}`));
    const older = await call('POST', '/api/newsroom/articles', story('fr', { version: '1' }));
    expect(older.status).toBe(409);
    expect((await page(fr.path)).text).toContain(`Mise à jour ${frWord}`);
  });

  it('withdraws: 410 on its pages, gone from the homes, listings, API, search and feeds', async () => {
    const done = await call<Stored>('DELETE', `/api/newsroom/articles?uri=${encodeURIComponent(story('fr').uri)}`);
    expect(done.status).toBe(200);
    expect(done.body.response.state).toBe('withdrawn');
    await within(5, 'article 410', async () => (await page(fr.path)).status === 410 && (await page(`/fr/post/${fr.id}`)).status === 410);
    await within(5, 'gone from home and section', async () => !(await page('/fr')).text.includes(frWord) && !(await page('/fr/societe')).text.includes(frWord));
    expect((await api<{ articles: { id: number }[] }>('/api/articlesrecent', 'fr')).articles.map((x) => x.id)).not.toContain(fr.id);
    expect((await fetch(`${baseUrl}/api/postdetails/${fr.id}`, { headers: { locale: 'fr' } })).status).toBe(404);
    const search = await fetch(`${baseUrl}/api/Search/1?search=${encodeURIComponent(frWord)}`, { headers: { locale: 'fr' } });
    const hits = search.status === 200 ? ((await search.json()) as Envelope<{ Article: unknown[] }>).response.Article : [];
    expect(hits).toEqual([]);
    expect((await page('/news-sitemap.xml')).text).not.toContain(frWord);
    expect((await page('/fr/rss.xml')).text).not.toContain(frWord);
    // The Arabic version stays, now without a translation link.
    await within(5, 'translation unlinked', async () => {
      const p = await page(ar.path);
      return p.status === 200 && !p.text.includes(fr.path);
    });
    const audit = await store.db.selectFrom('newsroom_audit').select(['action', 'outcome']).where('token_name', '=', `api-test-${run}`).execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'article.publish', outcome: 201 }, { action: 'article.withdraw', outcome: 200 }]));
  });
});

describe('newsroom API: media', () => {
  it('refuses a 30 MB picture with 413 and a non-picture with 415/422', async () => {
    const big = new Uint8Array(30 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await fetch(`${baseUrl}/api/newsroom/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Envelope).header).toMatchObject({ status: 'ERROR', code: 413 });
    const svg = await fetch(`${baseUrl}/api/newsroom/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/svg+xml' },
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect(svg.status).toBe(415);
    const fake = await fetch(`${baseUrl}/api/newsroom/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: 'not a picture',
    });
    expect(fake.status).toBe(422);
  });

  it('uploads a picture and an article using it serves AVIF and WebP srcsets', async () => {
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 1400, height: 788, channels: 3, background: '#2050a0' } }).jpeg().toBuffer();
    const up = await fetch(`${baseUrl}/api/newsroom/media?credit=2M`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(up.status).toBe(201);
    const media = ((await up.json()) as Envelope<{ id: number; uri: string; url: string; renditions: { url: string; type: string; width: number }[] }>).response;
    expect(media.renditions.filter((r) => r.type === 'image/avif').map((r) => r.width)).toEqual([320, 640, 960, 1280, 1400]);
    const file = await fetch(`${baseUrl}${media.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    await file.body?.cancel();

    const published = await call<Stored>(
      'POST',
      '/api/newsroom/articles',
      story('fr', {
        uri: `urn:test:${run}:media`,
        altids: [],
        headlines: [{ value: `Photo ${frWord}` }],
        associations: [{ name: 'main', uri: media.uri, type: 'picture', headlines: [{ value: 'Légende de la photo' }] }],
      }),
    );
    expect(published.status).toBe(201);
    let html = '';
    await within(5, 'article with the picture', async () => {
      const p = await page(published.body.response.path);
      html = p.text;
      return p.status === 200 && html.includes(`Photo ${frWord}`);
    });
    const avif = media.renditions.find((r) => r.type === 'image/avif' && r.width === 640)!;
    expect(html).toMatch(/<source type="image\/avif" srcset="[^"]*-640\.avif 640w/);
    expect(html).toContain(avif.url);
    expect(html).toContain('alt="Légende de la photo"');
    // The LCP preload fetches the very AVIF files the picture draws (not twins of its WebP srcset).
    const source = /<source type="image\/avif" srcset="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)"/);
    expect(/<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)"/.exec(html)?.[1]).toBe(source);
  });
});
