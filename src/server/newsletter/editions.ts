/**
 * Newsletter editions (docs/desk.md "Newsletter", ADR 042): one language's
 * edition made from chosen stories (by default that language's front
 * page), previewed as HTML and plain text, tested by mail to oneself,
 * scheduled or sent at once to the language's confirmed subscribers by the
 * sending job (sender.ts).
 *
 * States: draft → scheduled (a time ahead) → sending → sent; a draft or a
 * scheduled edition can be cancelled. Only a draft or a scheduled edition
 * changes; what has started sending stays as it went out.
 */
import { z } from 'zod';
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database, EditionState, Row } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { homeSectionArticles, uneBlocks } from '../content/home.ts';
import { latestArticles, publishedArticles, toArticleCards } from '../content/articles.ts';
import { newsletterEditionMail, type EditionStory } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { route } from '../../lib/routes.ts';

/** Stories in one edition, at most. */
const MAX_EDITION_STORIES = 20;
/** Stories the default edition takes from the front page. */
const DEFAULT_STORIES = 8;

export type Edition = Row<'newsletter_editions'>;

export const editionInput = z.object({
  lang: z.enum(LOCALES),
  subject: z.string().trim().min(1).max(200),
  intro: z.string().trim().max(2000).default(''),
  storyIds: z.array(z.number().int().positive()).min(1).max(MAX_EDITION_STORIES),
});
export type EditionInput = z.infer<typeof editionInput>;

/** Why an edition is refused, per field (the desk words them in the person's language). */
export type EditionProblem = { field: string; problem: 'not-published' | 'other-language' | 'duplicate' };

/** The default stories of an edition: that language's front page (La UNE, then the slider, then the hot topics), else the latest. */
export async function defaultStoryIds(db: DB, lang: Locale): Promise<number[]> {
  const ids: number[] = [];
  const add = (id: number) => {
    if (!ids.includes(id) && ids.length < DEFAULT_STORIES) ids.push(id);
  };
  for (const block of await uneBlocks(db, lang)) for (const card of block.articles) add(card.id);
  for (const card of await homeSectionArticles(db, lang, 'slider')) add(card.id);
  for (const card of await homeSectionArticles(db, lang, 'hot')) add(card.id);
  if (ids.length === 0) for (const card of await latestArticles(db, lang, DEFAULT_STORIES)) add(card.id);
  return ids;
}

/** Each story must be a published article of the edition's language, once. */
export async function checkStories(db: DB, lang: Locale, ids: readonly number[]): Promise<EditionProblem[]> {
  const rows = ids.length
    ? await db.selectFrom('articles').select(['id', 'lang', 'status', 'published_at']).where('id', 'in', [...new Set(ids)]).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = new Date().toISOString();
  const problems: EditionProblem[] = [];
  ids.forEach((id, i) => {
    const row = byId.get(id);
    const field = `storyIds.${i}`;
    if (ids.indexOf(id) !== i) problems.push({ field, problem: 'duplicate' });
    else if (!row || row.status !== 'published' || row.published_at > now) problems.push({ field, problem: 'not-published' });
    else if (row.lang !== lang) problems.push({ field, problem: 'other-language' });
  });
  return problems;
}

/** The stories as the mail shows them, in the edition's order (a story withdrawn since is left out). */
export async function editionStories(db: DB, siteUrl: string, lang: Locale, ids: readonly number[]): Promise<EditionStory[]> {
  if (ids.length === 0) return [];
  const rows = await publishedArticles(db, lang)
    .select(['articles.id', 'articles.lang', 'articles.title', 'articles.subtitle', 'articles.slug', 'articles.cover_image_id', 'articles.master_tag_id', 'articles.video_id', 'articles.published_at', 'articles.updated_at'])
    .where('articles.id', 'in', [...ids])
    .execute();
  const cards = new Map((await toArticleCards(db, rows, lang)).map((c) => [c.id, c]));
  const abs = (p: string) => new URL(p, siteUrl).href;
  return ids.flatMap((id) => {
    const card = cards.get(id);
    if (!card) return [];
    return [{ title: card.title, summary: card.subtitle, url: abs(card.path), image: card.cover ? abs(card.cover.url) : undefined, imageAlt: card.cover?.alt }];
  });
}

export const storyIdsOf = (edition: Pick<Edition, 'story_ids'>): number[] => JSON.parse(edition.story_ids) as number[];

/** The edition's mail to one address, with its unsubscribe link. */
export function editionMail(edition: Pick<Edition, 'lang' | 'subject' | 'intro'>, stories: readonly EditionStory[], opts: { siteUrl: string; to: string; unsubscribeUrl: string; kind?: string }): OutgoingMail {
  return newsletterEditionMail({ siteUrl: opts.siteUrl, lang: edition.lang, to: opts.to, subject: edition.subject, intro: edition.intro, stories, unsubscribeUrl: opts.unsubscribeUrl, ...(opts.kind ? { kind: opts.kind } : {}) });
}

/** Where a preview or a test mail's unsubscribe link leads: the newsletter page (an editor is no subscriber). */
export function previewUnsubscribeUrl(siteUrl: string, lang: Locale): string {
  return new URL(route('newsletter', lang), siteUrl).href;
}

interface EditionProgress {
  /** Confirmed subscribers of the language not reached yet, plus those queued. */
  recipients: number;
  queued: number;
  delivered: number;
  failed: number;
  waiting: number;
}

/** Confirmed subscribers of a language. */
export async function confirmedCount(db: DB, lang: Locale, afterId = 0): Promise<number> {
  const r = await db
    .selectFrom('newsletter_contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lang', '=', lang)
    .where('status', '=', 'confirmed')
    .where('id', '>', afterId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** How far an edition went: recipients queued, delivered by the mail queue, failed, still waiting. */
async function editionProgress(db: DB, edition: Pick<Edition, 'id' | 'lang' | 'state' | 'cursor'>): Promise<EditionProgress> {
  const rows = await db
    .selectFrom('newsletter_sends')
    .leftJoin('mail_deliveries', 'mail_deliveries.id', 'newsletter_sends.delivery_id')
    .select(['mail_deliveries.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('newsletter_sends.edition_id', '=', edition.id)
    .groupBy('mail_deliveries.status')
    .execute();
  let queued = 0;
  let delivered = 0;
  let failed = 0;
  for (const r of rows) {
    const n = Number(r.n);
    queued += n;
    if (r.status === 'sent') delivered += n;
    else if (r.status === 'failed') failed += n;
  }
  const ahead = edition.state === 'sending' || edition.state === 'scheduled' || edition.state === 'draft' ? await confirmedCount(db, edition.lang, edition.cursor) : 0;
  return { recipients: queued + ahead, queued, delivered, failed, waiting: queued - delivered - failed };
}

export interface EditionSummary {
  id: number;
  lang: Locale;
  subject: string;
  intro: string;
  storyIds: number[];
  state: EditionState;
  scheduledAt: string | null;
  daily: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: EditionProgress;
}

export async function summaryOf(db: DB, e: Edition): Promise<EditionSummary> {
  return {
    id: e.id,
    lang: e.lang,
    subject: e.subject,
    intro: e.intro,
    storyIds: storyIdsOf(e),
    state: e.state,
    scheduledAt: e.scheduled_at,
    daily: e.daily === 1,
    createdAt: e.created_at,
    startedAt: e.started_at,
    finishedAt: e.finished_at,
    progress: await editionProgress(db, e),
  };
}

/** A new edition (a draft, or already sending for the daily one). */
export async function insertEdition(
  db: DB | Transaction<Database>,
  input: EditionInput & { state?: EditionState; daily?: boolean; createdBy: number | null },
  now: Date,
): Promise<Edition> {
  const at = now.toISOString();
  return db
    .insertInto('newsletter_editions')
    .values({
      lang: input.lang,
      subject: input.subject,
      intro: input.intro,
      story_ids: JSON.stringify(input.storyIds),
      state: input.state ?? 'draft',
      daily: input.daily ? 1 : 0,
      created_by: input.createdBy,
      created_at: at,
      updated_at: at,
      ...(input.state === 'sending' ? { started_at: at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findEdition(db: DB, id: number): Promise<Edition | undefined> {
  return db.selectFrom('newsletter_editions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a draft or scheduled edition (one conditional update: false when it started sending meanwhile). */
export async function updateEdition(db: DB, id: number, input: EditionInput, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('newsletter_editions')
    .set({ lang: input.lang, subject: input.subject, intro: input.intro, story_ids: JSON.stringify(input.storyIds), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', 'in', ['draft', 'scheduled'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves an edition from one of `from` to `to` (one conditional update); false when it was in another state. */
export async function moveEdition(db: DB, id: number, from: readonly EditionState[], to: EditionState, now: Date, extra: { scheduledAt?: string | null; sentBy?: number } = {}): Promise<boolean> {
  const at = now.toISOString();
  const r = await db
    .updateTable('newsletter_editions')
    .set({
      state: to,
      updated_at: at,
      ...(extra.scheduledAt !== undefined ? { scheduled_at: extra.scheduledAt } : {}),
      ...(extra.sentBy !== undefined ? { sent_by: extra.sentBy } : {}),
      ...(to === 'sending' ? { started_at: at } : {}),
    })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function listEditions(db: DB, limit = 50): Promise<EditionSummary[]> {
  const rows = await db.selectFrom('newsletter_editions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return Promise.all(rows.map((r) => summaryOf(db, r)));
}

/** Each language's daily edition setting. */
export interface DailySetting {
  lang: Locale;
  enabled: boolean;
  time: string;
  lastDay: string | null;
}

export async function dailySettings(db: DB): Promise<DailySetting[]> {
  const rows = await db.selectFrom('newsletter_daily').selectAll().execute();
  return LOCALES.map((lang) => {
    const r = rows.find((x) => x.lang === lang);
    return { lang, enabled: r?.enabled === 1, time: r?.time ?? '07:00', lastDay: r?.last_day ?? null };
  });
}

export async function saveDaily(db: DB, lang: Locale, enabled: boolean, time: string, by: number | null, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('newsletter_daily')
    .values({ lang, enabled: enabled ? 1 : 0, time, last_day: null, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('lang').doUpdateSet({ enabled: enabled ? 1 : 0, time, updated_by: by, updated_at: at }))
    .execute();
}
