/**
 * The desk over real HTTP against the built server (docs/desk.md, ADR 033):
 *
 *  - /desk is a page of its own: no-store, noindex, the desk's strict
 *    policy (no inline script or style), its own script and no public
 *    page's; never kept by the front server; robots.txt disallows it;
 *  - the desk API: signing in with two-factor, the cross-site refusals,
 *    a journalist's 403 on publishing, a story published through the
 *    content service and seen on its page within 5 s, every answer checked
 *    against /api/openapi.json (tag Desk).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApi, type DeskApi, type DeskSessionCookie, type Envelope } from '../support/desk-api.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = Date.now().toString(36);
let api: DeskApi;

beforeAll(async () => {
  api = await deskApi(baseUrl, () => store.db);
});

const desk: DeskApi['call'] = (...args) => api.call(...args);
const person = (role: 'journalist' | 'editor' | 'admin', twoFactor: boolean) => api.person(role, twoFactor, run);
const signIn: DeskApi['signIn'] = (p) => api.signIn(p);

describe('the /desk page', () => {
  it('is its own application: never stored, never indexed, a strict policy, no inline script', async () => {
    const res = await fetch(`${baseUrl}/desk/stories/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/style-src 'self';/);
    expect(csp).not.toMatch(/unsafe-inline|sha256-/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow">/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/style="/);
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // No public page loads the desk's entry.
    const home = await (await fetch(`${baseUrl}/ar`)).text();
    const deskEntry = scripts.find((s) => s.includes('path_'))!;
    expect(deskEntry).toBeDefined();
    expect(home).not.toContain(deskEntry);
  });

  it('is never kept by the front server, nor pre-built', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}/desk`);
      expect(res.headers.get('x-cache')).toBeNull();
      expect(res.headers.get('x-prebuilt')).toBeNull();
    }
  });

  it('robots.txt disallows it', async () => {
    expect(await (await fetch(`${baseUrl}/robots.txt`)).text()).toMatch(/^Disallow: \/desk$/m);
  });
});

describe('the desk API', () => {
  let journalist: Awaited<ReturnType<typeof person>>;
  let editor: Awaited<ReturnType<typeof person>>;
  let j: DeskSessionCookie;
  let e: DeskSessionCookie;

  beforeAll(async () => {
    journalist = await person('journalist', false);
    editor = await person('editor', true);
    j = await signIn(journalist);
    e = await signIn(editor);
  });

  it('says who is signed in, and nobody without a session', async () => {
    const anonymous = await desk<{ step: string }>('GET', '/api/desk/session', '/api/desk/session');
    expect(anonymous.body.response.step).toBe('signed-out');
    const me = await desk<{ step: string; person: { email: string; role: string } }>('GET', '/api/desk/session', '/api/desk/session', { session: e });
    expect(me.body.response).toMatchObject({ step: 'signed-in', person: { email: editor.email, role: 'editor' } });
    expect((await desk('GET', '/api/desk/stories', '/api/desk/stories')).status).toBe(401);
  });

  it('refuses a cross-site request that carries a desk session', async () => {
    const evil = await desk('POST', '/api/desk/stories', '/api/desk/stories', { session: e, body: { lang: 'fr' }, headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.body.header.message).toBe('Requête refusée\u202f: elle ne vient pas de la rédaction elle-même.');
    const noHeader = await fetch(`${baseUrl}/api/desk/stories`, { method: 'POST', headers: { cookie: e.cookie, origin: baseUrl, 'content-type': 'application/json' }, body: '{"lang":"fr"}' });
    expect(noHeader.status).toBe(403);
    const formPost = await fetch(`${baseUrl}/api/desk/stories`, { method: 'POST', headers: { cookie: e.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'lang=fr' });
    expect(formPost.status).toBe(403);
  });

  it('a journalist’s story: written, submitted, 403 when they publish; the editor publishes it, seen on its page within 5 s', async () => {
    const made = await desk<{ id: number }>('POST', '/api/desk/stories', '/api/desk/stories', { session: j, body: { lang: 'fr' } });
    expect(made.status).toBe(201);
    const id = made.body.response.id;
    const sections = await desk<{ id: number; route: string }[]>('GET', '/api/desk/sections', '/api/desk/sections?lang=fr', { session: j });
    const section = sections.body.response.find((s) => s.route === 'societe')!;
    const title = `Le tramway de Rabat prolongé ${run}`;
    const doc = { title, summary: 'Deux nouvelles stations.', body: '<p>Le tramway de Rabat-Salé gagne deux stations.</p>', sectionId: section.id, tags: [{ name: `Tramway ${run}` }], byline: 'Rédaction', slug: '', cover: null, gallery: [], videoId: null };
    const saved = await desk<{ rev: number; slug: string }>('PUT', '/api/desk/stories/{id}', `/api/desk/stories/${id}`, { session: j, body: { rev: 1, doc } });
    expect(saved.status).toBe(200);
    expect(saved.body.response.slug).toBe(`le-tramway-de-rabat-prolonge-${run}`);
    const stale = await desk<{ doc: { title: string } }>('PUT', '/api/desk/stories/{id}', `/api/desk/stories/${id}`, { session: j, body: { rev: 1, doc: { ...doc, title: 'Une version périmée' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.response.doc.title).toBe(title);
    const submitted = await desk<{ rev: number }>('POST', '/api/desk/stories/{id}/submit', `/api/desk/stories/${id}/submit`, { session: j, body: { rev: 2 } });
    expect(submitted.body.response.rev).toBe(3);
    const refused = await desk('POST', '/api/desk/stories/{id}/publish', `/api/desk/stories/${id}/publish`, { session: j, body: { rev: 3 } });
    expect(refused.status).toBe(403);

    const started = performance.now();
    const published = await desk<{ path: string; url: string; state: string }>('POST', '/api/desk/stories/{id}/publish', `/api/desk/stories/${id}/publish`, { session: e, body: { rev: 3 } });
    expect(published.status).toBe(200);
    expect(published.body.response.state).toBe('published');
    expect(published.body.response.url).toBe(`${baseUrl}${published.body.response.path}`);
    for (;;) {
      const page = await fetch(`${baseUrl}${encodeURI(published.body.response.path)}`);
      if (page.status === 200 && (await page.text()).includes(title)) break;
      expect(performance.now() - started).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 150));
    }
    const list = await desk<{ items: { id: number; state: string }[] }>('GET', '/api/desk/stories', `/api/desk/stories?state=published&q=${encodeURIComponent(`tramway ${run}`)}`, { session: e });
    expect(list.body.response.items.map((s) => [s.id, s.state])).toEqual([[id, 'published']]);
    const revisions = await desk<{ kind: string }[]>('GET', '/api/desk/stories/{id}/revisions', `/api/desk/stories/${id}/revisions`, { session: e });
    expect(revisions.body.response.map((r) => r.kind)).toEqual(['publish', 'submit', 'save', 'create']);
    const link = await desk<{ url: string }>('POST', '/api/desk/stories/{id}/preview-link', `/api/desk/stories/${id}/preview-link`, { session: e });
    const shared = await fetch(link.body.response.url.replace(/^https?:\/\/[^/]+/, baseUrl));
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).toBe('no-store');
    expect(shared.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await shared.text()).toContain(title);
    expect((await fetch(`${baseUrl}/desk/shared/${id}.1000000000.${'A'.repeat(43)}`)).status).toBe(404);
    const withdrawn = await desk<{ rev: number }>('POST', '/api/desk/stories/{id}/withdraw', `/api/desk/stories/${id}/withdraw`, { session: e, body: { rev: 4 } });
    expect(withdrawn.status).toBe(200);
  });

  it('refuses a picture over 20 MB or that is not a picture, in the person’s language, and keeps nothing', async () => {
    const before = await store.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const big = await fetch(`${baseUrl}/api/desk/media`, { method: 'POST', headers: { cookie: e.cookie, origin: baseUrl, 'x-desk-csrf': e.csrf, 'content-type': 'image/jpeg' }, body: new Uint8Array(30 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as Envelope).header.message).toBe("L'image dépasse 20 Mo. Réduisez-la puis réessayez.");
    const text = await fetch(`${baseUrl}/api/desk/media`, { method: 'POST', headers: { cookie: e.cookie, origin: baseUrl, 'x-desk-csrf': e.csrf, 'content-type': 'image/png' }, body: 'not a picture at all' });
    expect(text.status).toBe(422);
    const after = await store.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('admins only: people, audit, tokens', async () => {
    const admin = await person('admin', true);
    const a = await signIn(admin);
    const people = await desk<{ email: string }[]>('GET', '/api/desk/people', '/api/desk/people', { session: a });
    expect(people.body.response.map((p) => p.email)).toEqual(expect.arrayContaining([journalist.email, editor.email, admin.email]));
    expect((await desk('GET', '/api/desk/people', '/api/desk/people', { session: e })).status).toBe(403);
    const audit = await desk<{ items: { action: string }[] }>('GET', '/api/desk/audit', '/api/desk/audit?action=story.publish', { session: a });
    expect(audit.body.response.items.length).toBeGreaterThan(0);
    const token = await desk<{ token: string }>('POST', '/api/desk/tokens', '/api/desk/tokens', { session: a, body: { name: `desk-${run}` } });
    expect(token.body.response.token).toMatch(/^nr_/);
    expect((await desk('DELETE', '/api/desk/tokens/{name}', `/api/desk/tokens/desk-${run}`, { session: a })).status).toBe(200);
    const ended = await desk('POST', '/api/desk/people/{id}/end-sessions', `/api/desk/people/${journalist.id}/end-sessions`, { session: a });
    expect(ended.status).toBe(200);
    expect((await desk('GET', '/api/desk/stories', '/api/desk/stories', { session: j })).status).toBe(401);
  });
});
