/**
 * The desk's server (docs/desk.md, ADR 033) against a store in memory:
 * people and sign-in links, sessions (12 h idle, disabled people), two-factor
 * (a code once, recovery codes once), the router's cross-site and role
 * refusals, the story workflow through the newsroom's content service (one
 * transaction with the change feed; a stale save 409; a journalist cannot
 * publish), the list, previews, and the shared list of what a body holds.
 */
import { Secret, TOTP } from 'otpauth';
import sanitizeHtml from 'sanitize-html';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { hashPassword } from '../../src/server/accounts/password.ts';
import { sanitizeBody } from '../../src/server/newsroom/sanitize.ts';
import { BODY_TAGS, emptyDoc, type StoryDoc } from '../../src/lib/desk-story.ts';
import { checkLink, createDeskUser, issueLink, useLink } from '../../src/server/desk/people.ts';
import { deskSessionCookie, findDeskSession, IDLE_HOURS, openDeskSession } from '../../src/server/desk/sessions.ts';
import { confirmTotp, newRecoveryCodes, spendRecoveryCode, spendTotp, startTotpSetup } from '../../src/server/desk/two-factor.ts';
import { createDeskRouter } from '../../src/server/desk/router.ts';
import { deskRoutes } from '../../src/server/desk/routes.ts';
import { checkDoc, cleanDoc } from '../../src/server/desk/document.ts';
import {
  createStory,
  listRevisions,
  moveReview,
  publishStory,
  restoreRevision,
  revisionDoc,
  saveStory,
  startTranslation,
  storyDetail,
  StoryRefused,
  unscheduleStory,
  withdrawStory,
} from '../../src/server/desk/stories.ts';
import { listStories } from '../../src/server/desk/story-list.ts';
import { signPreview, storyPreview, verifyPreview } from '../../src/server/desk/preview.ts';

const SITE = 'https://www.2m.ma';
const ORIGIN = 'https://www.2m.ma';

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  for (const lang of ['ar', 'fr'] as const) {
    await db
      .insertInto('master_tags')
      .values({ lang, translation_key: 'master-economie', name: lang === 'ar' ? 'اقتصاد' : 'Économie', route_name: 'economie', parent_id: null, position: 0 })
      .execute();
  }
  await db.insertInto('images').values({ url: '/media/x.webp', width: 1600, height: 900, mime: 'image/webp', bytes: 1, alt_ar: 'صورة', alt_fr: 'Image', credit: 'MAP', variants: '[]', color: '#808080' }).execute();
  await db.insertInto('images').values({ url: '/media/y.webp', width: 1600, height: 900, mime: 'image/webp', bytes: 1, alt_ar: '', alt_fr: 'Sans arabe', credit: null, variants: '[]', color: '#808080' }).execute();
  return db;
}

async function personIn(db: DB, role: 'journalist' | 'editor' | 'admin', name: string = role) {
  const user = await createDeskUser(db, { email: `${name}@2m.ma`, name, role, locale: 'fr', createdBy: null });
  await db.updateTable('desk_users').set({ password_hash: await hashPassword('une phrase de passe assez longue') }).where('id', '=', user.id).execute();
  return (await db.selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow());
}

const section = async (db: DB, lang: 'ar' | 'fr') => (await db.selectFrom('master_tags').select('id').where('lang', '=', lang).executeTakeFirstOrThrow()).id;

async function readyDoc(db: DB, lang: 'ar' | 'fr', title: string): Promise<StoryDoc> {
  return { ...emptyDoc(), title, summary: 'Résumé', body: '<p>Le texte.</p>', sectionId: await section(db, lang), cover: { imageId: 1, caption: '' }, tags: [{ name: 'Budget' }] };
}

describe('desk people and sign-in links', () => {
  let db: DB;
  beforeEach(async () => {
    db = await store();
  });

  it('refuses a second person with the same e-mail, whatever its case', async () => {
    await createDeskUser(db, { email: 'Nadia@2m.ma', name: 'Nadia', role: 'editor', locale: 'ar', createdBy: null });
    await expect(createDeskUser(db, { email: 'nadia@2M.ma', name: 'Nadia B', role: 'journalist', locale: 'ar', createdBy: null })).rejects.toThrow(/already exists/);
  });

  it('a link works once, within 24 hours, and a new one voids the old', async () => {
    const user = await createDeskUser(db, { email: 'a@2m.ma', name: 'Amina', role: 'admin', locale: 'fr', createdBy: null });
    const now = new Date('2026-11-25T10:00:00Z');
    const first = await issueLink(db, user.id, 'first', null, now);
    const second = await issueLink(db, user.id, 'reset', null, now);
    expect((await checkLink(db, first.token, now)).ok).toBe(false);
    expect((await checkLink(db, second.token, new Date('2026-11-26T10:00:01Z')))).toEqual({ ok: false, reason: 'expired' });
    const session = await openDeskSession(db, user.id, 'full', now);
    expect(await useLink(db, second.token, user.id, await hashPassword('une phrase de passe assez longue'), now)).toBe(true);
    expect(await useLink(db, second.token, user.id, 'x', now)).toBe(false);
    expect(await checkLink(db, second.token, now)).toEqual({ ok: false, reason: 'used' });
    // A new password ends the sessions opened before.
    const { hashSessionToken } = await import('../../src/server/accounts/tokens.ts');
    expect(await db.selectFrom('desk_sessions').select('token_hash').where('token_hash', '=', hashSessionToken(session.token)).executeTakeFirst()).toBeUndefined();
  });
});

describe('desk sessions', () => {
  it('end after 12 hours idle, and at once for a disabled person', async () => {
    const db = await store();
    const user = await personIn(db, 'editor');
    const t0 = new Date('2026-11-25T08:00:00Z');
    const { token } = await openDeskSession(db, user.id, 'full', t0);
    expect(await findDeskSession(db, token, new Date(t0.getTime() + 11 * 3600_000))).not.toBeNull();
    // Used at 11 h: idle counts from then.
    expect(await findDeskSession(db, token, new Date(t0.getTime() + 22 * 3600_000))).not.toBeNull();
    expect(await findDeskSession(db, token, new Date(t0.getTime() + (22 + IDLE_HOURS) * 3600_000 + 1000))).toBeNull();
    const again = await openDeskSession(db, user.id, 'full', t0);
    await db.updateTable('desk_users').set({ disabled_at: t0.toISOString() }).where('id', '=', user.id).execute();
    expect(await findDeskSession(db, again.token, t0)).toBeNull();
    expect(await db.selectFrom('desk_sessions').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('cookies are HttpOnly and SameSite=Strict, __Host- and Secure under https', () => {
    expect(deskSessionCookie('t', true)).toMatch(/^__Host-desk=t; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=Strict$/);
    expect(deskSessionCookie('t', false)).toMatch(/^desk_session=t; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
  });
});

describe('desk two-factor', () => {
  it('accepts a TOTP code once, refuses a wrong one, and each recovery code once', async () => {
    const db = await store();
    const user = await personIn(db, 'admin');
    const setup = await startTotpSetup(db, user);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/2M%20Desk:admin%402m\.ma\?/);
    expect(setup.qrSvg).toMatch(/^<svg/);
    const now = Date.UTC(2026, 10, 25, 10, 0, 0);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: now });
    const fresh = async () => db.selectFrom('desk_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await confirmTotp(db, await fresh(), code === '000000' ? '111111' : '000000', new Date(now))).toBe(false);
    expect(await confirmTotp(db, await fresh(), code, new Date(now))).toBe(true);
    expect((await fresh()).totp_enabled_at).not.toBeNull();
    // The same code again (a replay) is refused; the next step's is accepted.
    expect(await spendTotp(db, await fresh(), code, now + 1000)).toBe(false);
    const next = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: now + 30_000 });
    expect(await spendTotp(db, await fresh(), next, now + 30_000)).toBe(true);
    const codes = await newRecoveryCodes(db, user.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await spendRecoveryCode(db, user.id, codes[3]!.toUpperCase())).toBe(true);
    expect(await spendRecoveryCode(db, user.id, codes[3]!)).toBe(false);
    expect(await spendRecoveryCode(db, user.id, 'aaaaa-bbbbb')).toBe(false);
  });
});

// argon2 hashes (0.1 s each when the machine is idle) and a store per test: generous time on a loaded machine.
describe('the desk router', { timeout: 30_000 }, () => {
  async function setUp() {
    const db = await store();
    const handle = createDeskRouter(deskRoutes, { db: async () => db, siteUrl: SITE, trustedHops: 0 });
    return { db, handle };
  }
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-desk-csrf': 'sign-in', ...headers },
    body: JSON.stringify(body),
  });

  async function signedIn(db: DB, role: 'journalist' | 'editor' | 'admin') {
    const user = await personIn(db, role, `${role}-${Math.random()}`);
    const { token, csrf } = await openDeskSession(db, user.id, 'full');
    return { user, cookie: `__Host-desk=${token}`, csrf };
  }

  it('signs in with e-mail and password; a wrong one answers 401 in the person’s language and is audited', async () => {
    const { db, handle } = await setUp();
    await personIn(db, 'journalist', 'youssef');
    const bad = await handle(new Request(`${SITE}/api/desk/session`, json({ email: 'youssef@2m.ma', password: 'pas le bon mot de passe' }, { locale: 'fr' })), '203.0.113.9');
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { header: { message: string } }).header.message).toBe('E-mail ou mot de passe incorrect.');
    const ok = await handle(new Request(`${SITE}/api/desk/session`, json({ email: 'Youssef@2m.ma', password: 'une phrase de passe assez longue' })), '203.0.113.9');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/^__Host-desk=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; Secure; SameSite=Strict$/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const body = (await ok.json()) as { response: { step: string; csrf: string } };
    expect(body.response.step).toBe('signed-in');
    const audit = await db.selectFrom('desk_audit').select(['action', 'actor', 'address']).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['session.sign-in-refused', 'session.sign-in']);
    expect(audit[0]!.address).toBe('203.0.113.9');
  });

  it('an editor with two-factor gets the second step, and a fresh token after it', async () => {
    const { db, handle } = await setUp();
    const editor = await personIn(db, 'editor', 'karim');
    const setup = await startTotpSetup(db, editor);
    await db.updateTable('desk_users').set({ totp_enabled_at: new Date().toISOString() }).where('id', '=', editor.id).execute();
    const first = await handle(new Request(`${SITE}/api/desk/session`, json({ email: 'karim@2m.ma', password: 'une phrase de passe assez longue' })));
    const step = (await first.json()) as { response: { step: string; csrf: string } };
    expect(step.response.step).toBe('second-factor');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    // Nothing else answers at this step.
    expect((await handle(new Request(`${SITE}/api/desk/stories`, { headers: { cookie } }))).status).toBe(401);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    const second = await handle(new Request(`${SITE}/api/desk/session/second-factor`, json({ code }, { cookie, 'x-desk-csrf': step.response.csrf })));
    expect(second.status).toBe(200);
    expect(((await second.json()) as { response: { step: string } }).response.step).toBe('signed-in');
    expect(second.headers.get('set-cookie')!.split(';')[0]).not.toBe(cookie);
    // The old token opens nothing.
    expect((await handle(new Request(`${SITE}/api/desk/stories`, { headers: { cookie } }))).status).toBe(401);
  });

  it('refuses cross-site requests: another Origin, Sec-Fetch-Site, a write without the CSRF header or with a wrong one', async () => {
    const { db, handle } = await setUp();
    const { cookie, csrf } = await signedIn(db, 'editor');
    const write = (headers: Record<string, string>) => handle(new Request(`${SITE}/api/desk/stories`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, ...headers }, body: '{"lang":"ar"}' }));
    expect((await write({ origin: 'https://evil.example', 'x-desk-csrf': csrf })).status).toBe(403);
    expect((await write({ origin: ORIGIN })).status).toBe(403);
    expect((await write({ origin: ORIGIN, 'x-desk-csrf': 'guessed' })).status).toBe(403);
    expect((await write({ 'x-desk-csrf': csrf })).status).toBe(403);
    // The request's Host is never what decides: only SITE_URL's origin.
    expect((await handle(new Request('http://evil.example/api/desk/stories', { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: 'http://evil.example', 'x-desk-csrf': csrf }, body: '{"lang":"ar"}' }))).status).toBe(403);
    expect((await handle(new Request(`${SITE}/api/desk/stories`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } }))).status).toBe(403);
    const ok = await write({ origin: ORIGIN, 'x-desk-csrf': csrf });
    expect(ok.status).toBe(201);
    expect(await db.selectFrom('articles').select('id').where('status', '=', 'draft').execute()).toHaveLength(1);
  });

  it('a journalist gets 403 publishing and on the admin screens; 401 without a session', async () => {
    const { db, handle } = await setUp();
    const j = await signedIn(db, 'journalist');
    const id = await createStory(db, 'fr', j.user, { doc: await readyDoc(db, 'fr', 'Brouillon du journaliste') });
    const publish = await handle(new Request(`${SITE}/api/desk/stories/${id}/publish`, json({ rev: 1 }, { cookie: j.cookie, 'x-desk-csrf': j.csrf })));
    expect(publish.status).toBe(403);
    expect((await db.selectFrom('articles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('draft');
    for (const path of ['/api/desk/people', '/api/desk/audit', '/api/desk/tokens']) {
      expect((await handle(new Request(`${SITE}${path}`, { headers: { cookie: j.cookie } }))).status).toBe(403);
    }
    expect((await handle(new Request(`${SITE}/api/desk/stories`))).status).toBe(401);
  });

  it('disabling someone signs them out at once', async () => {
    const { db, handle } = await setUp();
    const admin = await signedIn(db, 'admin');
    const j = await signedIn(db, 'journalist');
    expect((await handle(new Request(`${SITE}/api/desk/stories`, { headers: { cookie: j.cookie } }))).status).toBe(200);
    const res = await handle(new Request(`${SITE}/api/desk/people/${j.user.id}`, { ...json({ disabled: true }, { cookie: admin.cookie, 'x-desk-csrf': admin.csrf }), method: 'PUT' }));
    expect(res.status).toBe(200);
    expect((await handle(new Request(`${SITE}/api/desk/stories`, { headers: { cookie: j.cookie } }))).status).toBe(401);
    const [entry] = await db.selectFrom('desk_audit').selectAll().where('action', '=', 'person.disable').execute();
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ disabled: true, endedSessions: 1 });
  });

  it('limits password attempts in the store (429 with Retry-After)', async () => {
    const { db, handle } = await setUp();
    await personIn(db, 'editor', 'target');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await handle(new Request(`${SITE}/api/desk/session`, json({ email: 'target@2m.ma', password: `guess number ${i}` })), '198.51.100.7');
      statuses.push(r.status);
      if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('desk stories', { timeout: 30_000 }, () => {
  let db: DB;
  let journalist: Awaited<ReturnType<typeof personIn>>;
  let editor: Awaited<ReturnType<typeof personIn>>;
  beforeEach(async () => {
    db = await store();
    journalist = await personIn(db, 'journalist', 'youssef');
    editor = await personIn(db, 'editor', 'karim');
  });

  it('a draft is invisible, is saved by rev, refuses a stale save with the stored story', async () => {
    const id = await createStory(db, 'ar', journalist);
    const doc = await readyDoc(db, 'ar', 'مشروع الميزانية');
    const saved = await saveStory(db, id, 1, doc, journalist);
    expect(saved.rev).toBe(2);
    const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    expect(row.title).toBe('مشروع الميزانية');
    const stale = await saveStory(db, id, 1, { ...doc, title: 'نسخة قديمة' }, journalist).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(StoryRefused);
    expect((stale as StoryRefused).status).toBe(409);
    expect((stale as StoryRefused).current?.doc.title).toBe('مشروع الميزانية');
    expect((await storyDetail(db, id, journalist))!.doc.title).toBe('مشروع الميزانية');
  });

  it('a journalist submits but cannot publish; an editor publishes through the content service, with the change feed', async () => {
    const id = await createStory(db, 'fr', journalist, { doc: await readyDoc(db, 'fr', 'Le budget 2027 présenté') });
    expect(await moveReview(db, id, 1, 'review', journalist)).toBe(2);
    const refused = await publishStory(db, id, 2, null, journalist, SITE).catch((e: unknown) => e);
    expect((refused as StoryRefused).status).toBe(403);
    const before = await db.selectFrom('content_changes').select('id').execute();
    const now = new Date();
    const published = await publishStory(db, id, 2, null, editor, SITE, now);
    expect(published).toMatchObject({ rev: 3, state: 'published', path: '/fr/economie/le-budget-2027-presente', version: 1 });
    const a = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(a.status).toBe('published');
    expect(a.published_at).toBe(now.toISOString());
    const changes = await db.selectFrom('content_changes').selectAll().where('id', 'not in', before.length ? before.map((b) => b.id) : [-1]).execute();
    expect(changes).toHaveLength(1);
    expect(JSON.parse(changes[0]!.paths)).toEqual(expect.arrayContaining(['/fr/economie/le-budget-2027-presente', '/fr', '/fr/economie']));
    // The draft's placeholder address was never a page: no old path to keep.
    expect(await db.selectFrom('article_old_paths').select('path').where('article_id', '=', id).execute()).toEqual([]);
    const audit = await db.selectFrom('desk_audit').select(['action', 'before_json', 'after_json']).where('item_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((x) => x.action)).toEqual(['story.create', 'story.submit', 'story.publish']);
    expect(JSON.parse(audit[2]!.after_json!)).toMatchObject({ rev: 3, state: 'published', version: 1 });
    const kinds = (await listRevisions(db, id)).map((r) => r.kind);
    expect(kinds).toEqual(['publish', 'submit', 'create']);
  });

  it('a refused publication changes nothing (one transaction): unknown section, stale rev', async () => {
    const id = await createStory(db, 'fr', editor, { doc: { ...(await readyDoc(db, 'fr', 'Sans rubrique valable')), sectionId: await section(db, 'ar') } });
    const refused = await publishStory(db, id, 1, null, editor, SITE).catch((e: unknown) => e);
    expect((refused as StoryRefused).status).toBe(422);
    const stale = await publishStory(db, id, 7, null, editor, SITE).catch((e: unknown) => e);
    expect((stale as StoryRefused).status).toBe(409);
    expect((await db.selectFrom('articles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('draft');
    expect((await db.selectFrom('desk_stories').select('rev').where('article_id', '=', id).executeTakeFirstOrThrow()).rev).toBe(1);
    expect(await db.selectFrom('content_changes').select('id').execute()).toEqual([]);
  });

  it('schedules (an embargo), unschedules, updates a published story as a new version, withdraws (gone)', async () => {
    const id = await createStory(db, 'fr', editor, { doc: await readyDoc(db, 'fr', 'Programmé pour demain') });
    const now = new Date('2026-11-25T10:00:00Z');
    const at = new Date('2026-11-25T10:02:00Z');
    const scheduled = await publishStory(db, id, 1, at, editor, SITE, now);
    expect(scheduled.state).toBe('scheduled');
    expect((await storyDetail(db, id, editor, now))!.state).toBe('scheduled');
    const due = await db.selectFrom('content_changes').select(['reason', 'due_at']).where('reason', '=', 'embargo').execute();
    expect(due).toEqual([{ reason: 'embargo', due_at: at.toISOString() }]);
    expect(await unscheduleStory(db, id, 2, editor, now)).toBe(3);
    expect((await storyDetail(db, id, editor, now))!.state).toBe('draft');
    await publishStory(db, id, 3, null, editor, SITE, now);
    const doc = (await storyDetail(db, id, editor, now))!.doc;
    const saved = await saveStory(db, id, 4, { ...doc, title: 'Titre corrigé' }, editor, now);
    expect(saved.pending).toBe(true);
    expect(saved.actions).toContain('publish');
    // The public article keeps its headline until the update is published.
    expect((await db.selectFrom('articles').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('Programmé pour demain');
    const update = await publishStory(db, id, 5, null, editor, SITE, now);
    expect(update.version).toBe(3);
    expect((await db.selectFrom('articles').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('Titre corrigé');
    expect(await withdrawStory(db, id, 6, editor, SITE, now)).toBe(7);
    const gone = await db.selectFrom('content_changes').select(['reason', 'gone']).where('reason', '=', 'withdraw').executeTakeFirstOrThrow();
    expect(JSON.parse(gone.gone)).toContain('/fr/economie/programme-pour-demain');
    expect((await storyDetail(db, id, editor, now))!.state).toBe('withdrawn');
  });

  it('restores an old revision as a new one', async () => {
    const id = await createStory(db, 'fr', editor, { doc: await readyDoc(db, 'fr', 'Premier titre') });
    await saveStory(db, id, 1, { ...(await readyDoc(db, 'fr', 'Second titre')) }, editor);
    const revisions = await listRevisions(db, id);
    expect(revisions.map((r) => r.kind)).toEqual(['save', 'create']);
    expect(await restoreRevision(db, id, 2, 1, editor)).toBe(3);
    expect((await storyDetail(db, id, editor))!.doc.title).toBe('Premier titre');
    expect((await revisionDoc(db, id, 3))!.title).toBe('Premier titre');
  });

  it('starts a translation paired with its original (one translation key), in the counterpart section', async () => {
    const id = await createStory(db, 'ar', journalist, { doc: await readyDoc(db, 'ar', 'الأصل') });
    const t = await startTranslation(db, id, journalist);
    expect(t.created).toBe(true);
    expect(await startTranslation(db, id, journalist)).toEqual({ id: t.id, created: false });
    const [a, b] = await db.selectFrom('articles').select(['lang', 'translation_key']).where('id', 'in', [id, t.id]).orderBy('lang').execute();
    expect(a!.translation_key).toBe(b!.translation_key);
    const detail = (await storyDetail(db, t.id, journalist))!;
    expect(detail.lang).toBe('fr');
    expect(detail.doc.sectionId).toBe(await section(db, 'fr'));
    expect(detail.doc.cover).toEqual({ imageId: 1, caption: '' });
    expect(detail.translation).toMatchObject({ id, lang: 'ar' });
  });

  it('lists stories by state, language, text and person, in keyset pages', async () => {
    for (let i = 0; i < 3; i++) await createStory(db, i % 2 ? 'fr' : 'ar', journalist, { doc: { ...emptyDoc(), title: `Sujet ${i}` } });
    const mine = await createStory(db, 'fr', editor, { doc: await readyDoc(db, 'fr', 'Élections municipales') });
    await publishStory(db, mine, 1, null, editor, SITE);
    expect((await listStories(db, { state: 'draft' })).total).toBe(3);
    expect((await listStories(db, { state: 'scheduled' })).total).toBe(0);
    expect((await listStories(db, { state: 'published' })).items.map((s) => s.id)).toEqual([mine]);
    expect((await listStories(db, { lang: 'fr', state: 'draft' })).total).toBe(1);
    // Text is matched on normalised words, accents folded: published ones through the search index, drafts by their own words.
    const draft = await createStory(db, 'fr', journalist, { doc: { ...emptyDoc(), title: 'Brouillon sur les élections' } });
    expect((await listStories(db, { text: 'elections' })).items.map((s) => s.id)).toEqual([draft, mine]);
    expect((await listStories(db, { text: 'élections', state: 'published' })).items.map((s) => s.id)).toEqual([mine]);
    expect((await listStories(db, { text: 'municipales', lang: 'ar' })).items).toEqual([]);
    const later = await createStory(db, 'fr', editor, { doc: await readyDoc(db, 'fr', 'Pour demain') });
    await publishStory(db, later, 1, new Date(Date.now() + 3600_000), editor, SITE);
    expect((await listStories(db, { state: 'scheduled' })).items.map((s) => [s.id, s.state])).toEqual([[later, 'scheduled']]);
    expect((await listStories(db, { owner: editor.id })).items.map((s) => s.id)).toEqual([later, mine]);
    const first = await listStories(db, {});
    expect(first).toMatchObject({ total: 6, totalCapped: false, next: null });
  });
});

describe('desk documents', () => {
  it('refuse pictures without both alternative texts, and bodies past 60,000 characters', async () => {
    const db = await store();
    const errors = await checkDoc(db, 'fr', { ...emptyDoc(), cover: { imageId: 2, caption: '' }, body: `<p>${'a'.repeat(60_001)}</p>` }, 'fr');
    expect(errors.cover).toEqual(["Ajoutez le texte alternatif arabe et français de cette image dans la médiathèque avant de l'utiliser."]);
    expect(errors.body?.[0]).toMatch(/^Le texte est trop long\u202f: 60[\s\u202f]001 caractères/);
    expect(await checkDoc(db, 'fr', { ...emptyDoc(), cover: { imageId: 1, caption: '' }, body: '<p>ok</p><figure><img src="/media/x.webp" alt="Image"></figure>' }, 'fr')).toEqual({});
  });

  it('are cleaned with the site’s sanitiser', () => {
    const clean = cleanDoc({ ...emptyDoc(), title: '<b>Titre</b>', body: '<p onclick="x()">Texte<script>alert(1)</script></p><style>p{}</style>' });
    expect(clean.title).toBe('Titre');
    expect(clean.body).toBe('<p>Texte</p>');
  });
});

describe('the body’s shared list', () => {
  it('is what the sanitiser keeps: every listed element survives it, with its listed attributes', () => {
    for (const tag of BODY_TAGS) {
      // A body's highest heading becomes <h2> (the page's <h1> is the headline): the lower levels are shown under one.
      const html = tag === 'img' ? '<img src="/media/a.webp" alt="x">' : tag === 'br' || tag === 'hr' ? `<${tag}>` : `${/^h[34]$/.test(tag) ? '<h2>Titre</h2>' : ''}<${tag} dir="rtl" lang="ar">x</${tag}>`;
      expect(sanitizeBody(html), tag).toContain(`<${tag}`);
    }
    const raw = sanitizeHtml('<p style="color:red" class="MsoNormal" dir="ltr">x</p>', { allowedTags: ['p'], allowedAttributes: { p: ['dir'] } });
    expect(sanitizeBody('<p style="color:red" class="MsoNormal" dir="ltr">x</p>')).toBe(raw);
  });
});

describe('desk previews', () => {
  it('render the working copy as the article page would, and signed links end', async () => {
    const db = await store();
    const editor = await personIn(db, 'editor');
    const id = await createStory(db, 'fr', editor, { doc: await readyDoc(db, 'fr', 'Aperçu du brouillon') });
    const view = await storyPreview(db, id);
    expect(view?.article.title).toBe('Aperçu du brouillon');
    expect(view?.article.body).toBe('<p>Le texte.</p>');
    expect(view?.article.masterTag?.routeName).toBe('economie');
    expect(view?.article.tags.map((t) => t.name)).toEqual(['Budget']);
    const now = new Date('2026-11-25T10:00:00Z');
    const { token, expiresAt } = await signPreview(db, id, now);
    expect(expiresAt).toBe('2026-11-27T10:00:00.000Z');
    expect(await verifyPreview(db, token, now)).toBe(id);
    expect(await verifyPreview(db, token, new Date('2026-11-27T10:00:01Z'))).toBeNull();
    expect(await verifyPreview(db, token.replace(/^\d+/, String(id + 1)), now)).toBeNull();
    expect(await verifyPreview(db, `${token.slice(0, -2)}xx`, now)).toBeNull();
  });
});
