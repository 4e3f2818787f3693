/**
 * Dossiers over real HTTP (docs/newsroom.md "Dossiers", docs/desk.md
 * "Dossiers"): one made through the newsroom API has its page (its text
 * sanitised, its stories in its order) and is in the sitemap within 5 s;
 * reordered; a story of the other language → 422 per field and nothing
 * changes; retired → 410 and out of the sitemap. Through the desk API: a
 * journalist gets 403, an editor makes and changes one, audited; and the
 * static pages: saved as a working copy, previewed, published (seen within
 * 5 s), a stale or empty one refused.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApiClient, type Envelope } from '../support/desk-api.ts';
import { createToken } from '../../src/server/newsroom/auth.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = Date.now().toString(36);
const { desk, person, signIn } = deskApiClient(baseUrl, store, run);
let token = '';
let french: { id: number; title: string }[] = [];
let arabic: { id: number } | undefined;

async function call<T = unknown>(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, locale: 'fr', ...(body !== undefined || method === 'DELETE' ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** Every URL of the French sitemap (its pages, when it is an index). */
async function sitemapText(): Promise<string> {
  const top = await (await fetch(`${baseUrl}/fr/sitemap.xml`)).text();
  if (!top.includes('<sitemapindex')) return top;
  const pages = [...top.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return (await Promise.all(pages.map(async (p) => (await fetch(`${baseUrl}${p}`)).text()))).join('\n');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const inOrder = (text: string, titles: string[]) => {
  const at = titles.map((t) => text.indexOf(escapeHtml(t)));
  return at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!);
};

beforeAll(async () => {
  token = await createToken(store.db, `dossier-test-${run}`);
  const now = new Date().toISOString();
  french = await store.db.selectFrom('articles').select(['id', 'title']).where('lang', '=', 'fr').where('status', '=', 'published').where('published_at', '<=', now).where('dossier_id', 'is', null).orderBy('id').limit(3).execute();
  arabic = await store.db.selectFrom('articles').select('id').where('lang', '=', 'ar').where('status', '=', 'published').executeTakeFirst();
  expect(french).toHaveLength(3);
});

interface Dossier {
  id: number;
  path: string;
  stories: number[];
  body: string;
  retiredAt: string | null;
}

describe('dossiers through the newsroom API', () => {
  let made: Dossier;
  const title = `Dossier de test ${run}`;

  it('a dossier made through the API has its page, its stories in order, and is in the sitemap within 5 s', async () => {
    const created = await call<Dossier>('POST', '/api/newsroom/dossiers', {
      lang: 'fr',
      title,
      description: 'Tout sur la saison.',
      body: '<p>Le texte du <strong>dossier</strong>.</p><script>window.pwned=1</script>',
      stories: [french[1]!.id, french[0]!.id],
    });
    expect(created.status).toBe(201);
    made = created.body.response;
    expect(made.path).toBe(`/fr/dossier-special?id=${made.id}`);
    expect(made.stories).toEqual([french[1]!.id, french[0]!.id]);
    expect(made.body).not.toContain('script');
    await within(5, 'its page', async () => {
      const res = await fetch(`${baseUrl}${made.path}`);
      const html = await res.text();
      return res.status === 200 && html.includes(escapeHtml(title)) && inOrder(html, [french[1]!.title, french[0]!.title]) && html.includes('<strong>dossier</strong>') && !html.includes('pwned');
    });
    await within(5, 'the list', async () => (await (await fetch(`${baseUrl}/fr/dossier-special`)).text()).includes(escapeHtml(title)));
    await within(5, 'the sitemap', async () => (await sitemapText()).includes(`/fr/dossier-special?id=${made.id}<`));
  });

  it('changes its stories’ order', async () => {
    const changed = await call<Dossier>('PUT', `/api/newsroom/dossiers/${made.id}`, { title, stories: [french[0]!.id, french[2]!.id, french[1]!.id] });
    expect(changed.status).toBe(200);
    await within(5, 'the new order', async () => inOrder(await (await fetch(`${baseUrl}${made.path}`)).text(), [french[0]!.title, french[2]!.title, french[1]!.title]));
  });

  it('a story of the other language or unknown → 422 per field, nothing changes', async () => {
    const bad = await call('PUT', `/api/newsroom/dossiers/${made.id}`, { title: 'Autre titre', stories: [french[0]!.id, arabic!.id, 'urn:nobody'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.header.errors!).sort()).toEqual(['stories.1', 'stories.2']);
    const after = await call<Dossier & { title: string }>('GET', `/api/newsroom/dossiers/${made.id}`);
    expect(after.body.response.title).toBe(title);
    expect(after.body.response.stories).toEqual([french[0]!.id, french[2]!.id, french[1]!.id]);
    expect((await call('POST', '/api/newsroom/dossiers', { title: 'Sans langue' })).status).toBe(422);
  });

  it('retired: its page answers 410 and it leaves the sitemap', async () => {
    const retired = await call<Dossier>('DELETE', `/api/newsroom/dossiers/${made.id}`);
    expect(retired.status).toBe(200);
    expect(retired.body.response.retiredAt).not.toBeNull();
    await within(5, 'the 410', async () => (await fetch(`${baseUrl}${made.path}`)).status === 410);
    await within(5, 'out of the sitemap', async () => !(await sitemapText()).includes(`/fr/dossier-special?id=${made.id}<`));
    expect((await fetch(`${baseUrl}/api/getDossierSpecial/${made.id}`)).status).toBe(404);
  });
});

describe('dossiers through the desk API', () => {
  it('a journalist gets 403; an editor makes and reorders one; audited', async () => {
    const journalist = await signIn(await person('journalist', false));
    expect((await desk('GET', '/api/desk/dossiers', '/api/desk/dossiers?lang=fr', { session: journalist })).status).toBe(403);
    expect((await desk('POST', '/api/desk/dossiers', '/api/desk/dossiers', { session: journalist, body: { lang: 'fr', title: 'x' } })).status).toBe(403);
    const editor = await signIn(await person('editor', true));
    const made = await desk<Dossier>('POST', '/api/desk/dossiers', '/api/desk/dossiers', { session: editor, body: { lang: 'fr', title: `Dossier du desk ${run}`, stories: [french[2]!.id] } });
    expect(made.status).toBe(201);
    const refused = await desk('PUT', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${made.body.response.id}`, { session: editor, body: { title: `Dossier du desk ${run}`, stories: [arabic!.id] } });
    expect(refused.status).toBe(422);
    expect(refused.body.header.errors!['stories.0']).toEqual(['Cet article est en arabe\u202f: seuls les articles en français sont acceptés ici.']);
    const retired = await desk<Dossier>('POST', '/api/desk/dossiers/{id}/retire', `/api/desk/dossiers/${made.body.response.id}/retire`, { session: editor });
    expect(retired.body.response.retiredAt).not.toBeNull();
    const audit = await store.db.selectFrom('desk_audit').select('action').where('item_type', '=', 'dossier').where('item_id', '=', String(made.body.response.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['dossier.create', 'dossier.retire']);
  });

  it('a cover from the media library, shown as the library shows it; a twin paired, replaced and unpaired', async () => {
    type Paired = Dossier & { title: string; translationOf: number | null; coverImageId: number | null; cover: { id: number; thumb: string; altFr: string } | null };
    const editor = await signIn(await person('editor', true));
    const picture = await store.db.selectFrom('images').select('id').where('alt_fr', '!=', '').where('alt_ar', '!=', '').orderBy('id').executeTakeFirstOrThrow();
    const make = async (lang: 'ar' | 'fr', title: string, extra: Record<string, unknown> = {}) => {
      const r = await desk<Paired>('POST', '/api/desk/dossiers', '/api/desk/dossiers', { session: editor, body: { lang, title, ...extra } });
      expect(r.status).toBe(201);
      return r.body.response;
    };
    const fr = await make('fr', `Jumeau ${run}`, { coverImageId: picture.id });
    expect(fr.cover?.id).toBe(picture.id);
    expect(fr.cover?.thumb).toMatch(/^\//);
    const unknownCover = await desk('PUT', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${fr.id}`, { session: editor, body: { title: fr.title, coverImageId: 2_000_000_000 } });
    expect(unknownCover.status).toBe(422);
    expect(Object.keys(unknownCover.body.header.errors!)).toEqual(['coverImageId']);
    // An Arabic twin made paired: each names the other, and the French page links it.
    const ar = await make('ar', `توأم ${run}`, { translationOf: fr.id });
    expect(ar.translationOf).toBe(fr.id);
    const get = async (id: number) => (await desk<Paired>('GET', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${id}`, { session: editor })).body.response;
    expect((await get(fr.id)).translationOf).toBe(ar.id);
    await within(5, 'the French page links its Arabic twin', async () => (await (await fetch(`${baseUrl}/fr/dossier-special?id=${fr.id}`)).text()).includes(`/ar/dossier-special?id=${ar.id}"`));
    // A second Arabic dossier paired with the French one takes the first one's place.
    const ar2 = await make('ar', `توأم آخر ${run}`);
    const repaired = await desk<Paired>('PUT', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${ar2.id}`, { session: editor, body: { title: ar2.title, translationOf: fr.id } });
    expect(repaired.body.response.translationOf).toBe(fr.id);
    expect((await get(fr.id)).translationOf).toBe(ar2.id);
    expect((await get(ar.id)).translationOf).toBeNull();
    // A PUT without translationOf keeps the pair; null unpairs; a same-language "twin" is refused.
    expect((await desk<Paired>('PUT', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${fr.id}`, { session: editor, body: { title: fr.title } })).body.response.translationOf).toBe(ar2.id);
    const sameLang = await desk('PUT', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${ar2.id}`, { session: editor, body: { title: ar2.title, translationOf: ar.id } });
    expect(sameLang.status).toBe(422);
    expect(Object.keys(sameLang.body.header.errors!)).toEqual(['translationOf']);
    expect((await desk<Paired>('PUT', '/api/desk/dossiers/{id}', `/api/desk/dossiers/${fr.id}`, { session: editor, body: { title: fr.title, translationOf: null } })).body.response.translationOf).toBeNull();
    expect((await get(ar2.id)).translationOf).toBeNull();
    for (const id of [fr.id, ar.id, ar2.id]) expect((await desk('POST', '/api/desk/dossiers/{id}/retire', `/api/desk/dossiers/${id}/retire`, { session: editor })).status).toBe(200);
  });
});

describe('static pages through the desk API', () => {
  it('a journalist gets 403; an editor saves, previews and publishes a page (seen within 5 s); a stale or empty one changes nothing', async () => {
    const journalist = await signIn(await person('journalist', false));
    expect((await desk('GET', '/api/desk/pages', '/api/desk/pages', { session: journalist })).status).toBe(403);
    expect((await desk('PUT', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/mag', { session: journalist, body: { rev: 0, doc: { title: 'x', body: '<p>x</p>' } } })).status).toBe(403);
    const editor = await signIn(await person('editor', true));
    const list = await desk<{ page: string; lang: string }[]>('GET', '/api/desk/pages', '/api/desk/pages', { session: editor });
    expect(list.body.response).toHaveLength(22);
    expect((await desk('GET', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/nowhere', { session: editor })).status).toBe(404);
    type Ws = { rev: number; doc: { title: string; body: string }; pending: boolean; path: string };
    const original = (await desk<Ws>('GET', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/mag', { session: editor })).body.response;
    const title = `Les magazines de 2M ${run}`;
    const saved = await desk<Ws>('PUT', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/mag', { session: editor, body: { rev: original.rev, doc: { title, body: '<p>Nos <strong>magazines</strong>.</p><script>window.pwned=1</script>' } } });
    expect(saved.status).toBe(200);
    expect(saved.body.response.pending).toBe(true);
    expect((await desk('PUT', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/mag', { session: editor, body: { rev: original.rev, doc: { title: 'périmé', body: '' } } })).status).toBe(409);
    // Not on the site before it is published; in the preview.
    expect(await (await fetch(`${baseUrl}${original.path}`)).text()).not.toContain(title);
    const preview = await fetch(`${baseUrl}/desk/pages/preview/fr/mag`, { headers: { cookie: editor.cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const previewHtml = await preview.text();
    expect(previewHtml).toContain(title);
    expect(previewHtml).not.toContain('pwned');
    expect((await fetch(`${baseUrl}/desk/pages/preview/fr/mag`, { headers: { cookie: journalist.cookie }, redirect: 'manual' })).status).toBe(404);
    const published = await desk<Ws>('POST', '/api/desk/pages/{lang}/{page}/publish', '/api/desk/pages/fr/mag/publish', { session: editor, body: { rev: saved.body.response.rev } });
    expect(published.status).toBe(200);
    expect(published.body.response.pending).toBe(false);
    await within(5, 'the published page', async () => (await (await fetch(`${baseUrl}${original.path}`)).text()).includes(escapeHtml(title)));
    // An empty title is refused at publication, and the page keeps its text.
    const empty = await desk<Ws>('PUT', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/mag', { session: editor, body: { rev: 0, doc: { title: ' ', body: '<p>x</p>' } } });
    const refused = await desk('POST', '/api/desk/pages/{lang}/{page}/publish', '/api/desk/pages/fr/mag/publish', { session: editor, body: { rev: empty.body.response.rev } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.header.errors!)).toEqual(['title']);
    expect(await (await fetch(`${baseUrl}${original.path}`)).text()).toContain(escapeHtml(title));
    // The page as it was.
    const back = await desk<Ws>('PUT', '/api/desk/pages/{lang}/{page}', '/api/desk/pages/fr/mag', { session: editor, body: { rev: empty.body.response.rev, doc: original.doc } });
    expect((await desk('POST', '/api/desk/pages/{lang}/{page}/publish', '/api/desk/pages/fr/mag/publish', { session: editor, body: { rev: back.body.response.rev } })).status).toBe(200);
    const audit = await store.db.selectFrom('desk_audit').select('action').where('item_type', '=', 'page').where('actor', 'like', `editor ${run}%`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['page.save', 'page.publish', 'page.save', 'page.save', 'page.publish']);
  });
});
