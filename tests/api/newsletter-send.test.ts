/**
 * A newsletter edition sent from the desk API to 2,000 confirmed
 * subscribers through a local SMTP server (tests/support/smtp-sink.ts),
 * the server killed with SIGKILL in the middle and started again
 * (docs/desk.md "Newsletter", ADR 042):
 *
 *  - every confirmed subscriber of the language holds exactly one copy (one
 *    Message-ID); over the wire, at most the one mail in flight at the kill
 *    came twice, with the same Message-ID;
 *  - nobody of the other language, nobody unsubscribed, got it;
 *  - each copy has List-Unsubscribe and List-Unsubscribe-Post (RFC 8058),
 *    and its link unsubscribes in one click (the page's button) and by the
 *    one-click POST;
 *  - a journalist may not make or send an edition (403); an edition with no
 *    story, and a time in the past, are refused (422) and change nothing;
 *  - the desk's counts say 2,000 delivered; the audit log has the sending.
 *
 * Its own store (seeded) and server: the shared test server has no SMTP
 * server, and its mail worker would take these mails.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, seedTempDataDir, startServer, testDatabaseUrl, type RunningServer } from '../../scripts/test-server.ts';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { newToken } from '../../src/server/forms/tokens.ts';
import { deskApi, type DeskApi } from '../support/desk-api.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

const SUBSCRIBERS = 2000;
const SUBJECT = `L'essentiel du soir ${Date.now().toString(36)}`;

let sink: SmtpSink;
let dataDir: string;
let store: Store;
let server: RunningServer | undefined;
let port: number;

const serverEnv = () => ({
  SMTP_URL: sink.url,
  NEWSROOM_EMAIL: 'redaction@2m.ma',
  MAIL_FROM: '"2M" <newsletter@2m.ma>',
  // 200 a second: 2,000 in some 10 s, long enough to kill it in the middle.
  NEWSLETTER_RATE_PER_MIN: '12000',
});

// The same port after the restart: the mails' links name it (SITE_URL).
const start = async () => {
  server = await startServer({ dataDir, port, prebuild: false, env: serverEnv() });
};

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await seedTempDataDir();
  store = await openStore({ dataDir, databaseUrl: testDatabaseUrl(dataDir) });
  const at = new Date().toISOString();
  const contact = (email: string, lang: 'ar' | 'fr', status: 'confirmed' | 'unsubscribed') => ({ email, lang, name: null, status, token: '', confirm_sent_at: at, confirmed_at: at, unsubscribe_token: newToken(), updated_at: at });
  const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => contact(`lecteur-${i}@exemple.ma`, 'fr', 'confirmed'));
  rows.push(contact('qari-1@exemple.ma', 'ar', 'confirmed'), contact('parti-1@exemple.ma', 'fr', 'unsubscribed'));
  for (let i = 0; i < rows.length; i += 200) await store.db.insertInto('newsletter_contacts').values(rows.slice(i, i + 200)).execute();
  port = await freePort();
  await start();
}, 240_000);

afterAll(async () => {
  await store?.db.destroy();
  // Stops the server, then removes its folder (and scratch database).
  await server?.stop();
  await sink?.close();
});

const editionMails = () => sink.received.filter((m) => m.headers.get('subject')?.includes(SUBJECT.slice(-8)));

it('sends one copy to each confirmed subscriber across a kill -9, with a working one-click unsubscribe', { timeout: 300_000 }, async () => {
  const api: DeskApi = await deskApi(server!.baseUrl, () => store.db);
  const editor = await api.signIn(await api.person('editor', true));
  const journalist = await api.signIn(await api.person('journalist', false));

  const stories = (await api.call<{ storyIds: number[] }>('GET', '/api/desk/newsletter/default', '/api/desk/newsletter/default?lang=fr', { session: editor })).body.response.storyIds;
  expect(stories.length).toBeGreaterThan(0);
  const body = { lang: 'fr', subject: SUBJECT, intro: 'Les titres de la soirée.', storyIds: stories };

  // A journalist may not make an edition; nothing is stored.
  expect((await api.call('POST', '/api/desk/newsletter', '/api/desk/newsletter', { session: journalist, body })).status).toBe(403);
  // No story: refused with a clear message on the field, nothing stored.
  const empty = await api.call('POST', '/api/desk/newsletter', '/api/desk/newsletter', { session: editor, body: { ...body, storyIds: [] } });
  expect(empty.status).toBe(422);
  expect(empty.body.header.errors?.storyIds).toEqual(['Choisissez au moins un article.']);
  expect(await store.db.selectFrom('newsletter_editions').select('id').execute()).toEqual([]);

  const made = await api.call<{ id: number; state: string; progress: { recipients: number } }>('POST', '/api/desk/newsletter', '/api/desk/newsletter', { session: editor, body });
  expect(made.status).toBe(201);
  const id = made.body.response.id;
  expect(made.body.response.progress.recipients).toBe(SUBSCRIBERS);
  const send = (session: typeof editor, payload: object) => api.call<{ state: string }>('POST', '/api/desk/newsletter/{id}/send', `/api/desk/newsletter/${id}/send`, { session, body: payload });

  expect((await send(journalist, {})).status).toBe(403);
  // A time in the past: refused, the edition stays a draft.
  const past = await send(editor, { at: new Date(Date.now() - 60_000).toISOString() });
  expect(past.status).toBe(422);
  expect(past.body.header.errors?.at?.[0]).toMatch(/passée/);
  expect((await store.db.selectFrom('newsletter_editions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('draft');

  const sending = await send(editor, {});
  expect(sending.status).toBe(200);
  expect(sending.body.response.state).toBe('sending');

  // In the middle: SIGKILL, no goodbye.
  await expect.poll(() => editionMails().length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(500);
  const exited = new Promise((r) => server!.child.once('exit', r));
  server!.child.kill('SIGKILL');
  await exited;
  const atKill = editionMails().length;
  expect(atKill).toBeLessThan(SUBSCRIBERS);

  await start();
  await expect
    .poll(
      async () => {
        const e = await store.db.selectFrom('newsletter_editions').select('state').where('id', '=', id).executeTakeFirstOrThrow();
        return e.state === 'sent' ? new Set(editionMails().map((m) => m.headers.get('message-id'))).size : -1;
      },
      { timeout: 180_000, interval: 500 },
    )
    .toBe(SUBSCRIBERS);

  // One copy in every mailbox; over the wire at most the mail in flight at the kill came again, as the same message.
  for (let i = 0; i < SUBSCRIBERS; i++) expect(sink.mailbox(`lecteur-${i}@exemple.ma`).filter((m) => m.headers.get('subject')?.includes(SUBJECT.slice(-8))), `lecteur-${i}`).toHaveLength(1);
  const twice = editionMails().length - SUBSCRIBERS;
  console.log(`[newsletter-send] ${atKill} copies before the kill; ${twice} came over the wire a second time`);
  expect(twice).toBeLessThanOrEqual(1);
  expect(sink.mailbox('qari-1@exemple.ma').filter((m) => m.headers.get('subject')?.includes(SUBJECT.slice(-8)))).toEqual([]);
  expect(sink.mailbox('parti-1@exemple.ma')).toEqual([]);

  const progress = await api.call<{ state: string; progress: { delivered: number; failed: number; waiting: number; recipients: number } }>('GET', '/api/desk/newsletter/{id}', `/api/desk/newsletter/${id}`, { session: await api.signIn(await api.person('editor', true)) });
  expect(progress.body.response).toMatchObject({ state: 'sent', progress: { recipients: SUBSCRIBERS, delivered: SUBSCRIBERS, failed: 0, waiting: 0 } });
  const audit = await store.db.selectFrom('desk_audit').select('action').where('item_type', '=', 'newsletter').where('item_id', '=', String(id)).execute();
  expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['newsletter.create', 'newsletter.send', 'newsletter.sent']));

  // The headers of RFC 2369 and RFC 8058, and the links.
  const first = sink.mailbox('lecteur-0@exemple.ma')[0]!;
  const second = sink.mailbox('lecteur-1@exemple.ma')[0]!;
  expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const linkOf = (mail: typeof first) => /^<(http[^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')![1]!;
  const statusOf = async (email: string) => (await store.db.selectFrom('newsletter_contacts').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;

  // A mail provider's one-click POST (RFC 8058).
  const oneClick = await fetch(linkOf(first), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  expect(oneClick.status).toBe(200);
  expect(await statusOf('lecteur-0@exemple.ma')).toBe('unsubscribed');

  // The reader: the link opens a page with one button; one click and it is done.
  const page = await fetch(linkOf(second));
  expect(page.status).toBe(200);
  expect(await statusOf('lecteur-1@exemple.ma')).toBe('confirmed');
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
  const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
  const click = await fetch(new URL(action, server!.baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server!.baseUrl }, body: `token=${token}` });
  expect(click.status).toBe(200);
  expect(await click.text()).toContain('data-newsletter-result="done"');
  expect(await statusOf('lecteur-1@exemple.ma')).toBe('unsubscribed');
  // The link appears in the mail's text too.
  expect(second.raw).toContain('newsletter/unsubscribe?token=');
});
