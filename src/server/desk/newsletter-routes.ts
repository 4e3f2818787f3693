/**
 * The newsletter in the desk (docs/desk.md "Newsletter", ADR 042),
 * endpoints of the desk router, for editors and admins (a journalist gets
 * 403):
 *
 *  - GET  /api/desk/newsletter                  editions (newest first, with progress), daily settings, subscribers
 *  - GET  /api/desk/newsletter/default?lang=    the default stories of an edition: that language's front page
 *  - POST /api/desk/newsletter                  a new draft edition (at least one story, each a published story of its language)
 *  - GET  /api/desk/newsletter/{id}             one edition with its progress and delivery counts
 *  - PUT  /api/desk/newsletter/{id}             change a draft or scheduled edition
 *  - GET  /api/desk/newsletter/{id}/preview     the mail as HTML, or as plain text (?format=text)
 *  - POST /api/desk/newsletter/{id}/test        the mail sent to oneself
 *  - POST /api/desk/newsletter/{id}/send        sent now, or at `at` (a time ahead: scheduled)
 *  - POST /api/desk/newsletter/{id}/cancel      a draft or scheduled edition cancelled
 *  - PUT  /api/desk/newsletter/daily/{lang}     the language's daily edition: on or off, its time in Casablanca
 *
 * Every change is in the audit log.
 */
import { z } from 'zod';
import type { DeskRole } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { getConfig } from '../config.ts';
import { deliver, getMailer } from '../mail/index.ts';
import {
  checkStories,
  confirmedCount,
  dailySettings,
  defaultStoryIds,
  editionInput,
  editionMail,
  editionStories,
  findEdition,
  insertEdition,
  listEditions,
  moveEdition,
  previewUnsubscribeUrl,
  saveDaily,
  storyIdsOf,
  summaryOf,
  updateEdition,
  type EditionProblem,
} from '../newsletter/editions.ts';
import * as m from '../../paraglide/messages.js';
import { deskInstant, idParam, readInput } from './input.ts';
import { personOf, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';

const SENDERS: readonly DeskRole[] = ['editor', 'admin'];

const progress = {
  type: 'object',
  required: ['recipients', 'queued', 'delivered', 'failed', 'waiting'],
  properties: {
    recipients: { type: 'integer', description: 'Subscribers it goes to: those queued and the confirmed ones not reached yet' },
    queued: { type: 'integer' },
    delivered: { type: 'integer', description: 'Accepted by the mail server' },
    failed: { type: 'integer', description: 'Given up after the mail queue’s attempts' },
    waiting: { type: 'integer', description: 'Queued, not sent yet' },
  },
};
const edition = {
  type: 'object',
  required: ['id', 'lang', 'subject', 'intro', 'storyIds', 'state', 'scheduledAt', 'daily', 'createdAt', 'startedAt', 'finishedAt', 'progress'],
  properties: {
    id: { type: 'integer' },
    lang: { enum: LOCALES },
    subject: { type: 'string' },
    intro: { type: 'string' },
    storyIds: { type: 'array', items: { type: 'integer' } },
    state: { enum: ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] },
    scheduledAt: { type: ['string', 'null'] },
    daily: { type: 'boolean' },
    createdAt: { type: 'string' },
    startedAt: { type: ['string', 'null'] },
    finishedAt: { type: ['string', 'null'] },
    progress,
  },
};
const editionBody = {
  'application/json': {
    type: 'object',
    required: ['lang', 'subject', 'storyIds'],
    properties: {
      lang: { enum: LOCALES },
      subject: { type: 'string', maxLength: 200 },
      intro: { type: 'string', maxLength: 2000 },
      storyIds: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'integer' } },
    },
  },
};

function problemMessage(p: EditionProblem, locale: Locale): string {
  const o = { locale };
  if (p.problem === 'duplicate') return m.desk_nl_err_duplicate({}, o);
  if (p.problem === 'other-language') return m.desk_nl_err_language({}, o);
  return m.desk_nl_err_unpublished({}, o);
}

/** The edition's input, checked (no story: its own message; each story a published one of the language); a refusal otherwise. */
async function readEdition(ctx: DeskContext) {
  const input = await readInput(ctx, editionInput);
  if (!input.ok) {
    const errors = input.outcome.errors;
    if (errors?.storyIds) errors.storyIds = [m.desk_nl_err_no_stories({}, { locale: ctx.locale })];
    return input;
  }
  const problems = await checkStories(ctx.db, input.value.lang, input.value.storyIds);
  if (problems.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const p of problems) (errors[p.field] ??= []).push(problemMessage(p, ctx.locale));
    return { ok: false as const, outcome: { status: 422, errors, message: m.desk_nl_err_stories({}, { locale: ctx.locale }) } satisfies DeskOutcome };
  }
  return input;
}

async function target(ctx: DeskContext) {
  const id = idParam(ctx.params.id);
  return id === null ? undefined : findEdition(ctx.db, id);
}

const frozen = (ctx: DeskContext): DeskOutcome => ({ status: 409, message: m.desk_nl_err_started({}, { locale: ctx.locale }) });

export const newsletterRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/newsletter',
    access: 'signed-in',
    roles: SENDERS,
    doc: {
      summary: 'Newsletter editions (newest first, 50), the daily editions’ settings and the confirmed subscribers per language',
      response: {
        type: 'object',
        required: ['editions', 'daily', 'subscribers'],
        properties: {
          editions: { type: 'array', items: edition },
          daily: { type: 'array', items: { type: 'object', required: ['lang', 'enabled', 'time', 'lastDay'], properties: { lang: { enum: LOCALES }, enabled: { type: 'boolean' }, time: { type: 'string' }, lastDay: { type: ['string', 'null'] } } } },
          subscribers: { type: 'object', required: ['ar', 'fr'], properties: { ar: { type: 'integer' }, fr: { type: 'integer' } } },
        },
      },
      codes: { '200': 'The newsletter' },
    },
    async handler(ctx) {
      const [editions, daily, ar, fr] = await Promise.all([listEditions(ctx.db), dailySettings(ctx.db), confirmedCount(ctx.db, 'ar'), confirmedCount(ctx.db, 'fr')]);
      return { status: 200, response: { editions, daily, subscribers: { ar, fr } } };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/newsletter/default',
    access: 'signed-in',
    roles: SENDERS,
    doc: {
      summary: 'The default stories of a new edition: the language’s front page (else its latest stories)',
      query: { lang: { description: 'ar or fr', required: true } },
      response: { type: 'object', required: ['storyIds', 'stories'], properties: { storyIds: { type: 'array', items: { type: 'integer' } }, stories: { type: 'array', items: { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' } } } } } },
      codes: { '200': 'The stories', '422': 'No language' },
    },
    async handler(ctx) {
      const lang = ctx.url.searchParams.get('lang');
      if (lang !== 'ar' && lang !== 'fr') return { status: 422, errors: { lang: [m.desk_err_field_invalid({}, { locale: ctx.locale })] } };
      const storyIds = await defaultStoryIds(ctx.db, lang);
      const stories = await storyTitles(ctx, lang, storyIds);
      return { status: 200, response: { storyIds, stories } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/newsletter',
    access: 'signed-in',
    roles: SENDERS,
    doc: { summary: 'A new draft edition', body: editionBody, response: edition, codes: { '201': 'Made', '422': 'No story, or a story that is not a published one of the language' } },
    async handler(ctx) {
      const input = await readEdition(ctx);
      if (!input.ok) return input.outcome;
      const made = await insertEdition(ctx.db, { ...input.value, createdBy: personOf(ctx).id }, new Date());
      await ctx.audit({ action: 'newsletter.create', itemType: 'newsletter', itemId: made.id, summary: made.subject, after: { lang: made.lang, stories: input.value.storyIds } });
      return { status: 201, response: await summaryOf(ctx.db, made) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/newsletter/{id}',
    access: 'signed-in',
    roles: SENDERS,
    doc: { summary: 'One edition, with its progress and delivery counts', response: edition, codes: { '200': 'The edition', '404': 'Unknown edition' } },
    async handler(ctx) {
      const e = await target(ctx);
      return e ? { status: 200, response: await summaryOf(ctx.db, e) } : { status: 404 };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/newsletter/{id}',
    access: 'signed-in',
    roles: SENDERS,
    doc: { summary: 'Change a draft or scheduled edition', body: editionBody, response: edition, codes: { '200': 'Saved', '404': 'Unknown edition', '409': 'It has started sending, or was cancelled', '422': 'No story, or a story that is not a published one of the language' } },
    async handler(ctx) {
      const before = await target(ctx);
      if (!before) return { status: 404 };
      const input = await readEdition(ctx);
      if (!input.ok) return input.outcome;
      if (!(await updateEdition(ctx.db, before.id, input.value, new Date()))) return frozen(ctx);
      await ctx.audit({ action: 'newsletter.update', itemType: 'newsletter', itemId: before.id, summary: input.value.subject, before: { subject: before.subject, stories: storyIdsOf(before) }, after: { subject: input.value.subject, stories: input.value.storyIds } });
      return { status: 200, response: await summaryOf(ctx.db, (await findEdition(ctx.db, before.id))!) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/newsletter/{id}/preview',
    access: 'signed-in',
    roles: SENDERS,
    doc: {
      summary: 'The edition’s mail as its subscribers get it: HTML, or plain text with ?format=text',
      query: { format: { description: 'html (default) or text' } },
      raw: ['text/html', 'text/plain'],
      codes: { '200': 'The mail', '404': 'Unknown edition' },
    },
    async handler(ctx) {
      const e = await target(ctx);
      if (!e) return { status: 404 };
      const siteUrl = getConfig().SITE_URL;
      const mail = editionMail(e, await editionStories(ctx.db, siteUrl, e.lang, storyIdsOf(e)), { siteUrl, to: personOf(ctx).email, unsubscribeUrl: previewUnsubscribeUrl(siteUrl, e.lang) });
      return ctx.url.searchParams.get('format') === 'text' ? { status: 200, raw: { type: 'text/plain', body: mail.text } } : { status: 200, raw: { type: 'text/html', body: mail.html } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/newsletter/{id}/test',
    access: 'signed-in',
    roles: SENDERS,
    doc: { summary: 'Send the edition’s mail to oneself (its unsubscribe link leads to the newsletter page)', response: { type: 'object', required: ['to'], properties: { to: { type: 'string' } } }, codes: { '200': 'Queued', '404': 'Unknown edition' } },
    async handler(ctx) {
      const e = await target(ctx);
      if (!e) return { status: 404 };
      const me = personOf(ctx);
      const siteUrl = getConfig().SITE_URL;
      const stories = await editionStories(ctx.db, siteUrl, e.lang, storyIdsOf(e));
      const mail = editionMail({ ...e, subject: m.desk_nl_test_subject({ subject: e.subject }, { locale: e.lang }) }, stories, { siteUrl, to: me.email, unsubscribeUrl: previewUnsubscribeUrl(siteUrl, e.lang), kind: 'newsletter-test' });
      const queued = await deliver(ctx.db, getMailer(), mail, { table: 'desk_users', id: me.id });
      if (queued.id === null) return { status: 500 };
      await ctx.audit({ action: 'newsletter.test', itemType: 'newsletter', itemId: e.id, summary: me.email });
      return { status: 200, response: { to: me.email } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/newsletter/{id}/send',
    access: 'signed-in',
    roles: SENDERS,
    doc: {
      summary: 'Send the edition to the language’s confirmed subscribers now, or schedule it (at: a time ahead)',
      body: { 'application/json': { type: 'object', properties: { at: { type: 'string', description: 'An ISO 8601 instant, or Casablanca wall-clock time YYYY-MM-DDTHH:MM' } } } },
      response: edition,
      codes: { '200': 'Sending, or scheduled', '404': 'Unknown edition', '409': 'It has started sending, or was cancelled', '422': 'A time in the past, or a story withdrawn since' },
    },
    async handler(ctx) {
      const e = await target(ctx);
      if (!e) return { status: 404 };
      const input = await readInput(ctx, z.object({ at: deskInstant.optional() }));
      if (!input.ok) return input.outcome;
      const now = new Date();
      const at = input.value.at ? new Date(input.value.at) : null;
      if (at && at.getTime() <= now.getTime()) return { status: 422, errors: { at: [m.desk_nl_err_past({}, { locale: ctx.locale })] }, message: m.desk_nl_err_past({}, { locale: ctx.locale }) };
      const problems = await checkStories(ctx.db, e.lang, storyIdsOf(e));
      if (problems.length > 0) return { status: 422, message: m.desk_nl_err_stories({}, { locale: ctx.locale }) };
      const moved = at
        ? await moveEdition(ctx.db, e.id, ['draft', 'scheduled'], 'scheduled', now, { scheduledAt: at.toISOString(), sentBy: personOf(ctx).id })
        : await moveEdition(ctx.db, e.id, ['draft', 'scheduled'], 'sending', now, { scheduledAt: null, sentBy: personOf(ctx).id });
      if (!moved) return frozen(ctx);
      const recipients = await confirmedCount(ctx.db, e.lang);
      await ctx.audit({ action: at ? 'newsletter.schedule' : 'newsletter.send', itemType: 'newsletter', itemId: e.id, summary: e.subject, before: { state: e.state }, after: { state: at ? 'scheduled' : 'sending', at: at?.toISOString() ?? null, recipients } });
      return { status: 200, response: await summaryOf(ctx.db, (await findEdition(ctx.db, e.id))!) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/newsletter/{id}/cancel',
    access: 'signed-in',
    roles: SENDERS,
    doc: { summary: 'Cancel a draft or scheduled edition', response: edition, codes: { '200': 'Cancelled', '404': 'Unknown edition', '409': 'It has started sending' } },
    async handler(ctx) {
      const e = await target(ctx);
      if (!e) return { status: 404 };
      if (!(await moveEdition(ctx.db, e.id, ['draft', 'scheduled'], 'cancelled', new Date()))) return frozen(ctx);
      await ctx.audit({ action: 'newsletter.cancel', itemType: 'newsletter', itemId: e.id, summary: e.subject, before: { state: e.state }, after: { state: 'cancelled' } });
      return { status: 200, response: await summaryOf(ctx.db, (await findEdition(ctx.db, e.id))!) };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/newsletter/daily/{lang}',
    access: 'signed-in',
    roles: SENDERS,
    doc: {
      summary: 'The language’s daily edition (its front page, at a time in Casablanca): on or off',
      body: { 'application/json': { type: 'object', required: ['enabled', 'time'], properties: { enabled: { type: 'boolean' }, time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } } } },
      response: { type: 'object', required: ['lang', 'enabled', 'time'], properties: { lang: { enum: LOCALES }, enabled: { type: 'boolean' }, time: { type: 'string' } } },
      codes: { '200': 'Saved', '404': 'Unknown language', '422': 'Not a time' },
    },
    async handler(ctx) {
      const lang = ctx.params.lang;
      if (lang !== 'ar' && lang !== 'fr') return { status: 404 };
      const input = await readInput(ctx, z.object({ enabled: z.boolean(), time: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/) }));
      if (!input.ok) return input.outcome;
      const before = (await dailySettings(ctx.db)).find((d) => d.lang === lang);
      await saveDaily(ctx.db, lang, input.value.enabled, input.value.time, personOf(ctx).id, new Date());
      await ctx.audit({ action: 'newsletter.daily', itemType: 'newsletter-daily', itemId: lang, before: before && { enabled: before.enabled, time: before.time }, after: input.value });
      return { status: 200, response: { lang, ...input.value } };
    },
  },
];

async function storyTitles(ctx: DeskContext, lang: Locale, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db.selectFrom('articles').select(['id', 'title']).where('lang', '=', lang).where('id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.id, r.title]));
  return ids.flatMap((id) => (byId.has(id) ? [{ id, title: byId.get(id)! }] : []));
}
