/**
 * Newsletter editions and their sending job (ADR 042) on a real store:
 *
 *  - the stories of an edition are published ones of its language, once;
 *  - a batch queues each recipient's mail with its send row and the cursor
 *    in one transaction; run again over the same contacts it queues
 *    nobody twice; unsubscribed and other-language contacts get nothing;
 *  - a mail row held by a worker that died is sent again once that
 *    worker's lease lapses, with the same Message-ID;
 *  - a scheduled edition starts at its time; a daily edition is made once a
 *    day, at its time in Casablanca;
 *  - the mail: List-Unsubscribe, List-Unsubscribe-Post, the recipient's link
 *    in the HTML and the text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import { newToken } from '../../src/server/forms/tokens.ts';
import { MailWorker } from '../../src/server/mail/deliveries.ts';
import type { Mailer, OutgoingMail } from '../../src/server/mail/transport.ts';
import { fromCasablancaLocal } from '../../src/lib/desk-dates.ts';
import { checkStories, defaultStoryIds, editionMail, insertEdition, saveDaily } from '../../src/server/newsletter/editions.ts';
import { publishFrontPage } from '../../src/server/newsroom/front-page.ts';
import { makeDailyEditions, queueBatch, startDueEditions } from '../../src/server/newsletter/sender.ts';

const SITE = 'https://www.2m.ma';
let dir: string;
let db: DB;
let fr: number[] = [];
let ar: number;

async function article(over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'slug' | 'title'>) {
  const row = await db
    .insertInto('articles')
    .values({ subtitle: 'Le résumé', body_html: '<p>…</p>', status: 'published', published_at: new Date(Date.now() - 3600_000).toISOString(), updated_at: new Date(Date.now() - 3600_000).toISOString(), search_text: over.title, translation_key: over.slug, ...over })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), '2m-newsletter-'));
  db = (await openStore({ dataDir: dir })).db;
  fr = [await article({ lang: 'fr', slug: 'tramway-casablanca', title: 'Le tramway de Casablanca prolongé' }), await article({ lang: 'fr', slug: 'port-tanger', title: 'Tanger Med bat un record' })];
  ar = await article({ lang: 'ar', slug: 'tramway-ar', title: 'تمديد ترامواي الدار البيضاء' });
  await article({ lang: 'fr', slug: 'brouillon', title: 'Un brouillon', status: 'draft' });
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.deleteFrom('newsletter_sends').execute();
  await db.deleteFrom('newsletter_editions').execute();
  await db.deleteFrom('newsletter_contacts').execute();
  await db.deleteFrom('newsletter_daily').execute();
  await db.deleteFrom('mail_deliveries').execute();
});

async function contacts(n: number, lang: 'ar' | 'fr', status: 'confirmed' | 'unsubscribed' | 'pending' = 'confirmed', prefix = lang) {
  const at = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({ email: `${prefix}-${status}-${i}@exemple.ma`, lang, name: null, status, token: '', unsubscribe_token: newToken(), updated_at: at }));
  await db.insertInto('newsletter_contacts').values(rows).execute();
}

describe('stories of an edition', () => {
  it('takes published stories of its language, each once', async () => {
    const draft = (await db.selectFrom('articles').select('id').where('slug', '=', 'brouillon').executeTakeFirstOrThrow()).id;
    expect(await checkStories(db, 'fr', [fr[0]!, fr[1]!])).toEqual([]);
    expect(await checkStories(db, 'fr', [fr[0]!, ar, draft, fr[0]!, 999_999])).toEqual([
      { field: 'storyIds.1', problem: 'other-language' },
      { field: 'storyIds.2', problem: 'not-published' },
      { field: 'storyIds.3', problem: 'duplicate' },
      { field: 'storyIds.4', problem: 'not-published' },
    ]);
  });

  it('defaults to the front page, else the latest stories of the language', async () => {
    expect(await defaultStoryIds(db, 'ar')).toEqual([ar]);
    // The French front page as the desk or the newsroom API publishes it (src/server/newsroom/front-page.ts).
    await publishFrontPage(db, 'fr', { slider: [], une: [{ title: null, masterTagId: null, items: [fr[1]!] }], hot: [] }, { userId: null, actor: 'test' });
    try {
      expect(await defaultStoryIds(db, 'fr')).toEqual([fr[1]]);
    } finally {
      await db.deleteFrom('front_page_versions').where('lang', '=', 'fr').execute();
    }
  });
});

describe('the mail', () => {
  it('carries the recipient’s unsubscribe link in its headers, HTML and text', () => {
    const link = `${SITE}/fr/newsletter/unsubscribe?token=abc`;
    const mail = editionMail({ lang: 'fr', subject: 'L’essentiel', intro: 'Bonsoir <b>', }, [{ title: 'Le tramway', summary: 'Résumé', url: `${SITE}/fr/actualite/tramway`, image: `${SITE}/media/a.webp`, imageAlt: 'Une rame' }], { siteUrl: SITE, to: 'a@exemple.ma', unsubscribeUrl: link });
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('Bonsoir &lt;b&gt;');
    expect(mail.html).toContain('alt="Une rame"');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`Le tramway\nRésumé\n${SITE}/fr/actualite/tramway`);
  });
});

describe('the sending job', () => {
  const sending = async (storyIds = fr) => insertEdition(db, { lang: 'fr', subject: 'Édition', intro: '', storyIds, state: 'sending', createdBy: null }, new Date());
  const fresh = async (id: number) => db.selectFrom('newsletter_editions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues each confirmed subscriber of the language once, with its send row, in batches', async () => {
    await contacts(25, 'fr');
    await contacts(3, 'ar');
    await contacts(2, 'fr', 'unsubscribed');
    await contacts(2, 'fr', 'pending');
    const e = await sending();
    const now = new Date();
    expect(await queueBatch(db, { edition: await fresh(e.id), limit: 10, transport: 'smtp', siteUrl: SITE, now })).toEqual({ queued: 10, done: false });
    expect(await queueBatch(db, { edition: await fresh(e.id), limit: 10, transport: 'smtp', siteUrl: SITE, now })).toEqual({ queued: 10, done: false });
    // The same batch again (a cursor from before a crash): nobody is queued twice.
    expect(await queueBatch(db, { edition: { ...(await fresh(e.id)), cursor: 0 }, limit: 20, transport: 'smtp', siteUrl: SITE, now })).toEqual({ queued: 0, done: false });
    expect(await queueBatch(db, { edition: await fresh(e.id), limit: 10, transport: 'smtp', siteUrl: SITE, now })).toEqual({ queued: 5, done: false });
    expect(await queueBatch(db, { edition: await fresh(e.id), limit: 10, transport: 'smtp', siteUrl: SITE, now })).toEqual({ queued: 0, done: true });
    expect((await fresh(e.id)).state).toBe('sent');
    const mails = await db.selectFrom('mail_deliveries').select(['recipient', 'kind', 'payload']).execute();
    expect(mails).toHaveLength(25);
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(25);
    expect(mails.every((m) => m.recipient.startsWith('fr-confirmed-') && m.kind === 'newsletter-edition')).toBe(true);
    const sends = await db.selectFrom('newsletter_sends').select(['contact_id', 'delivery_id']).where('edition_id', '=', e.id).execute();
    expect(sends).toHaveLength(25);
    expect(sends.every((s) => s.delivery_id !== null)).toBe(true);
    // Each mail names its own recipient's link.
    const first = JSON.parse(mails[0]!.payload!) as OutgoingMail;
    const token = (await db.selectFrom('newsletter_contacts').select('unsubscribe_token').where('email', '=', mails[0]!.recipient).executeTakeFirstOrThrow()).unsubscribe_token!;
    expect(first.headers?.['List-Unsubscribe']).toBe(`<${SITE}/fr/newsletter/unsubscribe?token=${token}>`);
    expect(first.text).toContain('Le tramway de Casablanca prolongé');
  });

  it('a row held by a worker that died is sent again once its lease lapses, with the same Message-ID', async () => {
    await contacts(1, 'fr');
    const e = await sending();
    await queueBatch(db, { edition: await fresh(e.id), limit: 5, transport: 'smtp', siteUrl: SITE, now: new Date() });
    const ids: string[] = [];
    const recording: Mailer = { kind: 'smtp', send: async (mail) => (ids.push(mail.messageId!), { messageId: mail.messageId! }) };
    // A worker claimed the row and died: its lease is in the store, expired.
    const row = await db.selectFrom('mail_deliveries').select('id').executeTakeFirstOrThrow();
    await db.updateTable('mail_deliveries').set({ claimed_by: 'mail-worker:dead', claimed_until: new Date(Date.now() + 5 * 60_000).toISOString() }).where('id', '=', row.id).execute();
    await db.insertInto('leases').values({ name: 'mail-worker:dead', holder: 'mail-worker:dead', expires_at: Date.now() + 60_000, acquired_at: Date.now() }).execute();
    const worker = new MailWorker({ db: async () => db, mailer: () => recording });
    // Still alive: nobody takes its row.
    expect(await worker.runOnce()).toBe(0);
    await db.updateTable('leases').set({ expires_at: Date.now() - 1 }).where('name', '=', 'mail-worker:dead').execute();
    expect(await worker.runOnce()).toBe(1);
    expect((await db.selectFrom('mail_deliveries').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('sent');
    // A second attempt of the same row would carry the same Message-ID: it is made from the row.
    await db.updateTable('mail_deliveries').set({ status: 'pending', payload: JSON.stringify({ kind: 'x', lang: 'fr', to: 'a@exemple.ma', subject: 's', text: 't', html: 'h' }), claimed_by: null, claimed_until: null, next_attempt_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    expect(await worker.runOnce()).toBe(1);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    await worker.stop();
    await db.deleteFrom('leases').execute();
  });

  it('starts a scheduled edition at its time', async () => {
    const e = await insertEdition(db, { lang: 'fr', subject: 'Plus tard', intro: '', storyIds: fr, createdBy: null }, new Date());
    const at = new Date(Date.now() + 3600_000);
    await db.updateTable('newsletter_editions').set({ state: 'scheduled', scheduled_at: at.toISOString() }).where('id', '=', e.id).execute();
    expect(await startDueEditions(db, new Date(at.getTime() - 1000))).toEqual([]);
    expect(await startDueEditions(db, at)).toEqual([e.id]);
    expect((await fresh(e.id)).state).toBe('sending');
  });

  it('makes the daily edition once a day, at its time in Casablanca', async () => {
    await saveDaily(db, 'fr', true, '07:30', null, new Date());
    await saveDaily(db, 'ar', false, '07:30', null, new Date());
    const at = (local: string) => fromCasablancaLocal(local)!;
    expect(await makeDailyEditions(db, at('2026-11-28T07:29'))).toEqual([]);
    const made = await makeDailyEditions(db, at('2026-11-28T07:31'));
    expect(made).toHaveLength(1);
    const e = await fresh(made[0]!);
    expect(e).toMatchObject({ lang: 'fr', state: 'sending', daily: 1 });
    expect(e.subject).toContain('2M');
    expect(JSON.parse(e.story_ids)).toEqual(await defaultStoryIds(db, 'fr'));
    // Once a day.
    expect(await makeDailyEditions(db, at('2026-11-28T09:00'))).toEqual([]);
    expect(await makeDailyEditions(db, at('2026-11-29T07:30'))).toHaveLength(1);
  });
});
