/**
 * The desk's stories (docs/desk.md "Stories", "Workflow"), endpoints of the
 * desk router (every one needs a full session; the roles' rights are
 * stories.ts's `allowedActions`: a journalist gets 403 publishing):
 *
 *  - GET  /api/desk/stories                           the list (filters, keyset pages)
 *  - POST /api/desk/stories                           a new draft
 *  - GET  /api/desk/stories/{id}                      the story, its state, what the person may do
 *  - PUT  /api/desk/stories/{id}                      save the working copy (rev: 409 when stale)
 *  - POST /api/desk/stories/{id}/submit | unsubmit    to review and back
 *  - POST /api/desk/stories/{id}/publish              now, or at `at` (scheduled)
 *  - POST /api/desk/stories/{id}/unschedule           a scheduled story back to draft
 *  - POST /api/desk/stories/{id}/withdraw             410 on its pages
 *  - GET  /api/desk/stories/{id}/revisions            its history
 *  - GET  /api/desk/stories/{id}/revisions/{number}   one revision's document
 *  - POST /api/desk/stories/{id}/restore              an old revision as the working copy
 *  - POST /api/desk/stories/{id}/translation          the other language's version (made when missing)
 *  - POST /api/desk/stories/{id}/presence             I have it open; who else has
 *  - DELETE /api/desk/stories/{id}/presence           I closed it
 *  - POST /api/desk/stories/{id}/preview-link         a signed preview link (48 h)
 *  - GET  /api/desk/sections | tags | authors | videos  what the editor's fields offer
 */
import { z } from 'zod';
import { LOCALES, toLocale, type Locale } from '../../i18n/locales.ts';
import { getConfig } from '../config.ts';
import { episodePath, jtPath, webVideoPath } from '../../lib/paths.ts';
import { STORY_STATES, type StoryDoc } from '../../lib/desk-story.ts';
import * as m from '../../paraglide/messages.js';
import { checkDoc, cleanDoc, slugOf, storyDocSchema } from './document.ts';
import { deskInstant, idParam, readInput, zodErrors, likePattern } from './input.ts';
import { sharedPreviewPath } from './paths.ts';
import { signPreview } from './preview.ts';
import { personOf, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';
import { listStories, validCursor, type StoryFilter } from './story-list.ts';
import {
  createStory,
  leave,
  listRevisions,
  moveReview,
  presence,
  publishStory,
  restoreRevision,
  revisionDoc,
  saveStory,
  startTranslation,
  storyDetail,
  StoryRefused,
  unscheduleStory,
  withdrawStory,
  articleExists,
} from './stories.ts';

/** 1 MB: a story's largest body (500,000 characters of HTML, Arabic: two bytes each) in JSON. */
const STORY_BODY = 1024 * 1024;

const storyRef = { $ref: '#/components/schemas/DeskStory' };
const revBody = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  'application/json': { type: 'object', required: ['rev', ...required], properties: { rev: { type: 'integer', description: 'The rev the change starts from' }, ...extra } },
});
const revAnswer = { type: 'object', required: ['rev'], properties: { rev: { type: 'integer' } } };
const STALE = 'The story changed since that rev: nothing changed; the answer’s response is the story as stored';

async function refusal<T>(ctx: DeskContext, work: () => Promise<T>, ok: (value: T) => DeskOutcome): Promise<DeskOutcome> {
  try {
    return ok(await work());
  } catch (error) {
    if (!(error instanceof StoryRefused)) throw error;
    if (error.status === 409) return { status: 409, message: m.desk_err_stale({}, { locale: ctx.locale }), detail: error.current ?? null };
    return { status: error.status, ...(error.errors ? { errors: error.errors } : {}) };
  }
}

const storyId = (ctx: DeskContext) => idParam(ctx.params.id);

async function revOf(ctx: DeskContext): Promise<{ ok: true; rev: number } | { ok: false; outcome: DeskOutcome }> {
  const input = await readInput(ctx, z.object({ rev: z.number().int().positive() }));
  return input.ok ? { ok: true, rev: input.value.rev } : input;
}

/** A simple transition route: POST …/{id}/{verb} with { rev }. */
function transition(verb: 'submit' | 'unsubmit' | 'unschedule' | 'withdraw', summary: string, run: (ctx: DeskContext, id: number, rev: number) => Promise<number>): DeskRoute {
  return {
    method: 'POST',
    path: `/api/desk/stories/{id}/${verb}`,
    access: 'signed-in',
    doc: { summary, body: revBody(), response: revAnswer, codes: { '200': 'Done', '404': 'Unknown story', '409': STALE } },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null) return { status: 404 };
      const rev = await revOf(ctx);
      if (!rev.ok) return rev.outcome;
      return refusal(ctx, () => run(ctx, id, rev.rev), (next) => ({ status: 200, response: { rev: next } }));
    },
  };
}

const filterSchema = z.object({
  lang: z.enum(LOCALES).optional(),
  state: z.enum(STORY_STATES as [string, ...string[]]).optional(),
  section: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  author: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  mine: z.enum(['1']).optional(),
  q: z.string().max(200).optional(),
  after: z.string().refine(validCursor).optional(),
});

const lookupLang = (ctx: DeskContext): Locale => toLocale(ctx.url.searchParams.get('lang'));

export const storyRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/stories',
    access: 'signed-in',
    doc: {
      summary: 'The stories, newest change first, 50 a page',
      query: {
        lang: { description: 'ar or fr' },
        state: { description: STORY_STATES.join(', ') },
        section: { description: 'A section (master tag) id; its counterpart in the other language counts too' },
        author: { description: 'An author (byline) id' },
        mine: { description: '1: only my stories' },
        q: { description: 'Words of the headline, summary or tags' },
        after: { description: 'The previous page’s next' },
      },
      response: {
        type: 'object',
        required: ['items', 'next', 'total', 'totalCapped'],
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'lang', 'title', 'state', 'updatedAt'],
              properties: {
                id: { type: 'integer' },
                lang: { enum: LOCALES },
                title: { type: 'string' },
                state: { enum: STORY_STATES },
                section: { type: ['string', 'null'] },
                author: { type: ['string', 'null'] },
                owner: { type: ['string', 'null'] },
                pending: { type: 'boolean' },
                updatedAt: { type: 'string' },
                publishedAt: { type: 'string' },
              },
            },
          },
          next: { type: ['string', 'null'], description: 'Pass as after for the next page' },
          total: { type: 'integer', description: 'How many stories match, counted up to 1,000' },
          totalCapped: { type: 'boolean', description: 'More than 1,000 match' },
        },
      },
      codes: { '200': 'A page', '422': 'A malformed filter' },
    },
    async handler(ctx) {
      const parsed = filterSchema.safeParse(Object.fromEntries(ctx.url.searchParams));
      if (!parsed.success) return { status: 422, errors: zodErrors(parsed.error, ctx.locale) };
      const f = parsed.data;
      const filter: StoryFilter = {
        lang: f.lang,
        state: f.state as StoryFilter['state'],
        section: f.section,
        author: f.author,
        owner: f.mine ? personOf(ctx).id : undefined,
        text: f.q,
        after: f.after,
      };
      return { status: 200, response: await listStories(ctx.db, filter) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/stories',
    access: 'signed-in',
    doc: {
      summary: 'A new draft',
      body: { 'application/json': { type: 'object', required: ['lang'], properties: { lang: { enum: LOCALES } } } },
      response: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      codes: { '201': 'Made', '422': 'No language' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, z.object({ lang: z.enum(LOCALES) }));
      if (!input.ok) return input.outcome;
      return { status: 201, response: { id: await createStory(ctx.db, input.value.lang, personOf(ctx)) } };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/stories/{id}',
    access: 'signed-in',
    doc: { summary: 'A story: its working copy, state, rev, public page, translation, and what I may do', response: storyRef, codes: { '200': 'The story', '404': 'Unknown story' } },
    async handler(ctx) {
      const id = storyId(ctx);
      const story = id === null ? null : await storyDetail(ctx.db, id, personOf(ctx));
      return story ? { status: 200, response: story } : { status: 404 };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/stories/{id}',
    access: 'signed-in',
    doc: {
      summary: 'Save the working copy (autosave): the rev it started from, the whole document',
      body: revBody({ doc: { $ref: '#/components/schemas/DeskStoryDoc' } }, ['doc']),
      response: {
        type: 'object',
        required: ['rev', 'slug', 'revision', 'pending', 'actions'],
        properties: {
          rev: { type: 'integer' },
          slug: { type: 'string' },
          revision: { type: 'integer', description: 'The revision that holds it (autosaves by one person within minutes share one)' },
          pending: { type: 'boolean' },
          actions: { type: 'array', items: { type: 'string' } },
        },
      },
      codes: { '200': 'Saved', '404': 'Unknown story', '409': STALE, '413': 'Over 1 MB', '422': 'A field is refused (a 60,000-character body at most, pictures with both alternative texts…); nothing changed' },
    },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, z.object({ rev: z.number().int().positive(), doc: storyDocSchema }), STORY_BODY);
      if (!input.ok) return input.outcome;
      const article = await ctx.db.selectFrom('articles').select('lang').where('id', '=', id).executeTakeFirst();
      if (!article) return { status: 404 };
      const doc: StoryDoc = cleanDoc(input.value.doc);
      const errors = await checkDoc(ctx.db, article.lang, doc, ctx.locale);
      if (Object.keys(errors).length) return { status: 422, errors };
      return refusal(ctx, () => saveStory(ctx.db, id, input.value.rev, doc, personOf(ctx)), (r) => ({ status: 200, response: { ...r, slug: slugOf(doc) } }));
    },
  },
  transition('submit', 'Submit a draft for review', (ctx, id, rev) => moveReview(ctx.db, id, rev, 'review', personOf(ctx))),
  transition('unsubmit', 'Take a story back from review to draft', (ctx, id, rev) => moveReview(ctx.db, id, rev, 'draft', personOf(ctx))),
  transition('unschedule', 'A scheduled story back to draft', (ctx, id, rev) => unscheduleStory(ctx.db, id, rev, personOf(ctx))),
  transition('withdraw', 'Withdraw a published story: 410 at its addresses, gone from every list, feed and search', (ctx, id, rev) =>
    withdrawStory(ctx.db, id, rev, personOf(ctx), getConfig().SITE_URL),
  ),
  {
    method: 'POST',
    path: '/api/desk/stories/{id}/publish',
    access: 'signed-in',
    doc: {
      summary: 'Publish the working copy now, or schedule it (at: a time ahead; embargo), through the newsroom’s content service',
      body: revBody({ at: { type: 'string', description: 'When it goes online (absent or past: now): an ISO 8601 instant, or Casablanca wall-clock time YYYY-MM-DDTHH:MM' } }),
      response: {
        type: 'object',
        required: ['rev', 'path', 'url', 'version', 'publishedAt', 'state'],
        properties: { rev: { type: 'integer' }, path: { type: 'string' }, url: { type: 'string' }, version: { type: 'integer' }, publishedAt: { type: 'string' }, state: { enum: ['published', 'scheduled'] } },
      },
      codes: { '200': 'Published or scheduled', '404': 'Unknown story', '409': STALE, '422': 'Not ready (a headline, a section, a body are needed)' },
    },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, z.object({ rev: z.number().int().positive(), at: deskInstant.optional() }));
      if (!input.ok) return input.outcome;
      if (!(await articleExists(ctx.db, id))) return { status: 404 };
      const at = input.value.at ? new Date(input.value.at) : null;
      return refusal(ctx, () => publishStory(ctx.db, id, input.value.rev, at, personOf(ctx), getConfig().SITE_URL), (r) => ({
        status: 200,
        response: { ...r, url: new URL(r.path, getConfig().SITE_URL).href },
      }));
    },
  },
  {
    method: 'GET',
    path: '/api/desk/stories/{id}/revisions',
    access: 'signed-in',
    doc: {
      summary: 'The story’s revisions, newest first',
      response: {
        type: 'array',
        items: { type: 'object', required: ['number', 'kind', 'rev', 'at'], properties: { number: { type: 'integer' }, kind: { type: 'string' }, rev: { type: 'integer' }, by: { type: ['string', 'null'] }, at: { type: 'string' } } },
      },
      codes: { '200': 'The revisions', '404': 'Unknown story' },
    },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null || !(await articleExists(ctx.db, id))) return { status: 404 };
      return { status: 200, response: await listRevisions(ctx.db, id) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/stories/{id}/revisions/{number}',
    access: 'signed-in',
    doc: { summary: 'One revision’s document', response: { $ref: '#/components/schemas/DeskStoryDoc' }, codes: { '200': 'The document', '404': 'Unknown story or revision' } },
    async handler(ctx) {
      const id = storyId(ctx);
      const number = idParam(ctx.params.number);
      const doc = id === null || number === null ? null : await revisionDoc(ctx.db, id, number);
      return doc ? { status: 200, response: doc } : { status: 404 };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/stories/{id}/restore',
    access: 'signed-in',
    doc: { summary: 'Make an old revision the working copy (a new revision)', body: revBody({ number: { type: 'integer' } }, ['number']), response: revAnswer, codes: { '200': 'Restored', '404': 'Unknown story or revision', '409': STALE } },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, z.object({ rev: z.number().int().positive(), number: z.number().int().positive() }));
      if (!input.ok) return input.outcome;
      return refusal(ctx, () => restoreRevision(ctx.db, id, input.value.rev, input.value.number, personOf(ctx)), (rev) => ({ status: 200, response: { rev } }));
    },
  },
  {
    method: 'POST',
    path: '/api/desk/stories/{id}/translation',
    access: 'signed-in',
    doc: {
      summary: 'The other language’s version: the existing one, or a new draft paired with this story (as ninjs altids pair them)',
      response: { type: 'object', required: ['id', 'created'], properties: { id: { type: 'integer' }, created: { type: 'boolean' } } },
      codes: { '200': 'It exists', '201': 'Made', '404': 'Unknown story' },
    },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null) return { status: 404 };
      return refusal(ctx, () => startTranslation(ctx.db, id, personOf(ctx)), (r) => ({ status: r.created ? 201 : 200, response: r }));
    },
  },
  {
    method: 'POST',
    path: '/api/desk/stories/{id}/presence',
    access: 'signed-in',
    doc: {
      summary: 'I have this story open (every 10 s); who else has',
      response: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
      codes: { '200': 'The others', '404': 'Unknown story' },
    },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null || !(await articleExists(ctx.db, id))) return { status: 404 };
      return { status: 200, response: await presence(ctx.db, id, personOf(ctx)) };
    },
  },
  {
    method: 'DELETE',
    path: '/api/desk/stories/{id}/presence',
    access: 'signed-in',
    doc: { summary: 'I closed this story', response: { type: 'null' }, codes: { '200': 'Gone', '404': 'Unknown story' } },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null) return { status: 404 };
      await leave(ctx.db, id, personOf(ctx).id);
      return { status: 200, response: null };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/stories/{id}/preview-link',
    access: 'signed-in',
    doc: {
      summary: 'A signed preview link (48 h) for a colleague without an account',
      response: { type: 'object', required: ['url', 'expiresAt'], properties: { url: { type: 'string' }, expiresAt: { type: 'string' } } },
      codes: { '200': 'The link', '404': 'Unknown story' },
    },
    async handler(ctx) {
      const id = storyId(ctx);
      if (id === null || !(await articleExists(ctx.db, id))) return { status: 404 };
      const { token, expiresAt } = await signPreview(ctx.db, id);
      await ctx.audit({ action: 'story.preview-link', itemType: 'story', itemId: id, after: { expiresAt } });
      return { status: 200, response: { url: new URL(sharedPreviewPath(token), ctx.siteUrl).href, expiresAt } };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/sections',
    access: 'signed-in',
    doc: {
      summary: 'The sections (master tags) of a language',
      query: { lang: { description: 'ar (default) or fr' } },
      response: { type: 'array', items: { type: 'object', required: ['id', 'name', 'route'], properties: { id: { type: 'integer' }, name: { type: 'string' }, route: { type: 'string' }, parent: { type: ['string', 'null'] } } } },
      codes: { '200': 'The sections' },
    },
    async handler(ctx) {
      const rows = await ctx.db
        .selectFrom('master_tags as m')
        .leftJoin('master_tags as p', 'p.id', 'm.parent_id')
        .select(['m.id', 'm.name', 'm.route_name', 'p.name as parent'])
        .where('m.lang', '=', lookupLang(ctx))
        .orderBy('m.position')
        .orderBy('m.id')
        .execute();
      return { status: 200, response: rows.map((r) => ({ id: r.id, name: r.name, route: r.route_name, parent: r.parent })) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/tags',
    access: 'signed-in',
    doc: {
      summary: 'Tags of a language whose name holds the words typed (autocomplete)',
      query: { lang: { description: 'ar (default) or fr' }, q: { description: 'The words typed' } },
      response: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
      codes: { '200': 'Up to 10 tags' },
    },
    async handler(ctx) {
      const q = ctx.url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
      if (!q) return { status: 200, response: [] };
      const rows = await ctx.db
        .selectFrom('tags')
        .select(['id', 'name'])
        .where('lang', '=', lookupLang(ctx))
        .where('name', 'like', likePattern(q))
        .orderBy('name')
        .limit(10)
        .execute();
      return { status: 200, response: rows };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/authors',
    access: 'signed-in',
    doc: {
      summary: 'Authors whose name holds the words typed (bylines, and the list’s author filter)',
      query: { q: { description: 'The words typed' } },
      response: { type: 'array', items: { type: 'object', required: ['id', 'nameAr', 'nameFr'], properties: { id: { type: 'integer' }, nameAr: { type: 'string' }, nameFr: { type: 'string' } } } },
      codes: { '200': 'Up to 10 authors' },
    },
    async handler(ctx) {
      const q = ctx.url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
      if (!q) return { status: 200, response: [] };
      const rows = await ctx.db
        .selectFrom('authors')
        .select(['id', 'name_ar', 'name_fr'])
        .where((eb) => eb.or([eb('name_ar', 'like', likePattern(q)), eb('name_fr', 'like', likePattern(q))]))
        .orderBy('id')
        .limit(10)
        .execute();
      return { status: 200, response: rows.map((r) => ({ id: r.id, nameAr: r.name_ar, nameFr: r.name_fr })) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/videos',
    access: 'signed-in',
    doc: {
      summary: 'Replays (episodes, news bulletins, web videos) whose title holds the words typed, or the one of a video id: a story’s related video, a replay in its text',
      query: { q: { description: 'The words typed' }, id: { description: 'A video id' }, lang: { description: 'The language of the titles and pages (ar default, fr)' } },
      response: {
        type: 'array',
        items: {
          type: 'object',
          required: ['videoId', 'title', 'kind', 'durationS', 'path', 'poster'],
          properties: {
            videoId: { type: 'integer' },
            title: { type: 'string' },
            kind: { enum: ['episode', 'jt', 'webvideo'] },
            durationS: { type: 'integer' },
            path: { type: 'string', description: 'The replay’s page in that language' },
            poster: { type: ['string', 'null'] },
          },
        },
      },
      codes: { '200': 'Up to 10 replays' },
    },
    async handler(ctx) {
      const lang = lookupLang(ctx);
      const id = idParam(ctx.url.searchParams.get('id') ?? undefined);
      const words = ctx.url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
      if (id === null && !words) return { status: 200, response: [] };
      const title = lang === 'ar' ? 'title_ar' : 'title_fr';
      const out: { videoId: number; title: string; kind: 'episode' | 'jt' | 'webvideo'; durationS: number; path: string; poster: string | null }[] = [];
      for (const kind of ['episode', 'jt', 'webvideo'] as const) {
        if (out.length >= 10) break;
        const table = kind === 'episode' ? 'episodes' : kind === 'jt' ? 'jt_bulletins' : 'web_videos';
        // The three tables have the same columns for this (title_ar/title_fr, video_id, thumbnail_image_id, published_at).
        let q = ctx.db
          .selectFrom(`${table} as r` as 'episodes as r')
          .innerJoin('videos', 'videos.id', 'r.video_id')
          .leftJoin('images', 'images.id', 'r.thumbnail_image_id')
          .select([`r.${title} as title`, 'r.id as id', 'videos.id as videoId', 'videos.duration_s as durationS', 'images.url as poster']);
        q = q.where('r.retired_at', 'is', null);
        q = id !== null ? q.where('videos.id', '=', id) : q.where(`r.${title}`, 'like', likePattern(words));
        const rows = await q.orderBy('r.published_at', 'desc').limit(10 - out.length).execute();
        const editions = kind === 'jt' && rows.length ? await ctx.db.selectFrom('jt_bulletins').select(['id', 'edition']).where('id', 'in', rows.map((r) => r.id)).execute() : [];
        for (const r of rows) {
          const path = kind === 'episode' ? episodePath(lang, r.id) : kind === 'jt' ? jtPath(lang, editions.find((e) => e.id === r.id)?.edition ?? 'ar', r.id) : webVideoPath(lang, r.id);
          out.push({ videoId: r.videoId, title: r.title, kind, durationS: r.durationS, path, poster: r.poster });
        }
      }
      return { status: 200, response: out };
    },
  },
];
