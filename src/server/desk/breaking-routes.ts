/**
 * Breaking news in the desk (docs/desk.md "Breaking news", ADR 042),
 * endpoints of the desk router:
 *
 *  - GET  /api/desk/breaking/{lang}   the language's ticker, its push subscribers, its pushes (newest first)
 *  - PUT  /api/desk/breaking/{lang}   set the ticker (the newsroom API's rules: src/server/broadcast/breaking.ts)
 *  - POST /api/desk/push              a breaking-news push of a published story to the language's subscribers (a job)
 *  - GET  /api/desk/push/{id}         one push with its progress
 *
 * Changing the ticker and pushing are for editors and admins (a journalist
 * gets 403); everything is in the audit log.
 */
import { z } from 'zod';
import type { DeskRole } from '../db/schema.ts';
import { isLocale, LOCALES, type Locale } from '../../i18n/locales.ts';
import { getConfig } from '../config.ts';
import { BreakingInputError, breakingListInput, listBreaking, setBreaking } from '../broadcast/breaking.ts';
import { createPushJob, pushProgress, subscriberCount, type PushJob } from '../push/jobs.ts';
import * as m from '../../paraglide/messages.js';
import { idParam, readInput } from './input.ts';
import { personOf, type DeskContext, type DeskRoute } from './router.ts';

const EDITORS: readonly DeskRole[] = ['editor', 'admin'];

const tickerItem = {
  type: 'object',
  required: ['id', 'title', 'url', 'articleId', 'position', 'startsAt', 'endsAt'],
  properties: { id: { type: 'integer' }, title: { type: 'string' }, url: { type: 'string' }, articleId: { type: ['integer', 'null'] }, position: { type: 'integer' }, startsAt: { type: 'string' }, endsAt: { type: ['string', 'null'] } },
};
const pushJob = {
  type: 'object',
  required: ['id', 'lang', 'articleId', 'title', 'state', 'createdAt', 'finishedAt', 'progress'],
  properties: {
    id: { type: 'integer' },
    lang: { enum: LOCALES },
    articleId: { type: 'integer' },
    title: { type: 'string' },
    state: { enum: ['sending', 'sent'] },
    createdAt: { type: 'string' },
    finishedAt: { type: ['string', 'null'] },
    progress: {
      type: 'object',
      required: ['recipients', 'sent', 'dropped', 'failed', 'remaining'],
      properties: {
        recipients: { type: 'integer', description: 'Subscriptions of the language when it was asked for' },
        sent: { type: 'integer', description: 'Accepted by the push service' },
        dropped: { type: 'integer', description: 'Expired (404 or 410): the subscription was removed' },
        failed: { type: 'integer' },
        remaining: { type: 'integer' },
      },
    },
  },
};

async function jobOf(ctx: DeskContext, j: PushJob) {
  return { id: j.id, lang: j.lang, articleId: j.article_id, title: j.title, state: j.state, createdAt: j.created_at, finishedAt: j.finished_at, progress: await pushProgress(ctx.db, j) };
}

const langOf = (ctx: DeskContext): Locale | null => (isLocale(ctx.params.lang) ? ctx.params.lang : null);

export const breakingRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/breaking/{lang}',
    access: 'signed-in',
    doc: {
      summary: 'A language’s breaking-news ticker, its push subscribers and its pushes (newest first, 20)',
      response: {
        type: 'object',
        required: ['items', 'subscribers', 'pushes'],
        properties: { items: { type: 'array', items: tickerItem }, subscribers: { type: 'integer' }, pushes: { type: 'array', items: pushJob } },
      },
      codes: { '200': 'The ticker', '404': 'Unknown language' },
    },
    async handler(ctx) {
      const lang = langOf(ctx);
      if (!lang) return { status: 404 };
      const jobs = await ctx.db.selectFrom('push_jobs').selectAll().where('lang', '=', lang).orderBy('id', 'desc').limit(20).execute();
      return { status: 200, response: { items: await listBreaking(ctx.db, lang), subscribers: await subscriberCount(ctx.db, lang), pushes: await Promise.all(jobs.map((j) => jobOf(ctx, j))) } };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/breaking/{lang}',
    access: 'signed-in',
    roles: EDITORS,
    doc: {
      summary: 'Set a language’s ticker: new items, items kept by id, in the order given (the newsroom API’s rules)',
      body: { 'application/json': { type: 'object', required: ['items'], properties: { items: { type: 'array', maxItems: 20, items: { type: 'object' } } } } },
      response: { type: 'array', items: tickerItem },
      codes: { '200': 'Saved', '404': 'Unknown language', '422': 'An item is refused' },
    },
    async handler(ctx) {
      const lang = langOf(ctx);
      if (!lang) return { status: 404 };
      const input = await readInput(ctx, breakingListInput);
      if (!input.ok) return input.outcome;
      const before = await listBreaking(ctx.db, lang);
      try {
        const items = await setBreaking(ctx.db, lang, input.value);
        await ctx.audit({ action: 'breaking.set', itemType: 'breaking', itemId: lang, before: before.map((i) => i.title), after: items.map((i) => i.title) });
        return { status: 200, response: items };
      } catch (error) {
        if (error instanceof BreakingInputError) return { status: 422, errors: error.errors };
        throw error;
      }
    },
  },
  {
    method: 'POST',
    path: '/api/desk/push',
    access: 'signed-in',
    roles: EDITORS,
    doc: {
      summary: 'Push a published story to a language’s subscribers: a job that goes on after a restart (GET /api/desk/push/{id} for its progress)',
      body: { 'application/json': { type: 'object', required: ['articleId', 'lang'], properties: { articleId: { type: 'integer' }, lang: { enum: LOCALES } } } },
      response: pushJob,
      codes: { '201': 'Sending', '422': 'Not a published story' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, z.object({ articleId: z.number().int().positive(), lang: z.enum(LOCALES) }));
      if (!input.ok) return input.outcome;
      const job = await createPushJob(ctx.db, { ...input.value, siteUrl: getConfig().SITE_URL, createdBy: personOf(ctx).id });
      if (!job) return { status: 422, errors: { articleId: [m.desk_push_err_article({}, { locale: ctx.locale })] }, message: m.desk_push_err_article({}, { locale: ctx.locale }) };
      await ctx.audit({ action: 'push.send', itemType: 'push', itemId: job.id, summary: job.title, after: { lang: job.lang, articleId: job.article_id, recipients: job.recipients } });
      return { status: 201, response: await jobOf(ctx, job) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/push/{id}',
    access: 'signed-in',
    doc: { summary: 'One push with its progress', response: pushJob, codes: { '200': 'The push', '404': 'Unknown push' } },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const job = id === null ? undefined : await ctx.db.selectFrom('push_jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return job ? { status: 200, response: await jobOf(ctx, job) } : { status: 404 };
    },
  },
];
