/**
 * The static pages in the desk (docs/desk.md "Pages"): each language's
 * title and body of the `navigationlinks` pages, for editors and admins (a
 * journalist gets 403). The body is written in the desk's editor; a shared
 * working copy per page and language (drafts.ts), previewed through the
 * page's own components (/desk/pages/preview/{lang}/{page}), then published:
 * the page's row and its change-feed record in one transaction (the page
 * and the sitemap rendered again within seconds), audited.
 *
 *  - GET  /api/desk/pages                          every page in both languages
 *  - GET  /api/desk/pages/{lang}/{page}            its working copy (else the published text)
 *  - PUT  /api/desk/pages/{lang}/{page}            save the working copy (rev: 409 when stale)
 *  - POST /api/desk/pages/{lang}/{page}/publish    publish it
 */
import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from '../../i18n/locales.ts';
import { STATIC_PAGE_KEYS } from '../db/schema.ts';
import { recordContentChange } from '../content/changes.ts';
import { bodyText, countText, STORY_LIMITS } from '../../lib/desk-story.ts';
import { route } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { sanitizeBody } from '../newsroom/sanitize.ts';
import { isStaticPageKey } from '../pages/navigationlinks.ts';
import { deskAudit } from './audit.ts';
import { deleteDraft, readDraft, saveDraft } from './drafts.ts';
import { readInput } from './input.ts';
import { CURATORS } from './roles.ts';
import { personOf, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';

/** A page's working copy. */
interface PageDoc {
  title: string;
  body: string;
}

const PAGE_TITLE = 200;
/** 1 MB: a page's body, as a story's. */
const PAGE_BODY = 1024 * 1024;

const docSchema = z.object({ title: z.string().max(PAGE_TITLE), body: z.string().max(STORY_LIMITS.bodyText * 8) });
const parseDoc = (json: string): PageDoc => docSchema.parse(JSON.parse(json));
const draftKey = (lang: Locale, page: string) => `${lang}:${page}`;

const pagePaths = (lang: Locale, page: string): string[] => [route('navigationlinks-page', lang, { page }), `/${lang}/sitemap.xml`];

/** The working copy of a page (else its published text, rev 0), with its state. */
export async function pageWorkspace(ctx: Pick<DeskContext, 'db'>, lang: Locale, page: string) {
  const [draft, row] = await Promise.all([
    readDraft(ctx.db, 'page', draftKey(lang, page), parseDoc),
    ctx.db.selectFrom('static_pages').selectAll().where('lang', '=', lang).where('page', '=', page).executeTakeFirst(),
  ]);
  const published = row ? { title: row.title, body: row.body_html } : null;
  const doc = draft?.doc ?? published ?? { title: '', body: '' };
  return {
    lang,
    page,
    doc,
    rev: draft?.rev ?? 0,
    pending: draft !== null && (draft.doc.title !== published?.title || draft.doc.body !== published?.body),
    publishedAt: row?.updated_at ?? null,
    path: route('navigationlinks-page', lang, { page }),
    updatedAt: draft?.updatedAt ?? null,
    updatedBy: draft?.updatedBy ?? null,
  };
}

function params(ctx: DeskContext): { lang: Locale; page: string } | null {
  const { lang, page } = ctx.params;
  return isLocale(lang) && page && isStaticPageKey(page) ? { lang, page } : null;
}

/** The checks a page's text gets before it is saved or published, per field in the person's language. */
function checkDoc(doc: PageDoc, locale: Locale, publishing: boolean): Record<string, string[]> {
  const o = { locale };
  const errors: Record<string, string[]> = {};
  if (publishing && !doc.title.trim()) errors.title = [m.desk_err_field_required({}, o)];
  const text = bodyText(doc.body);
  if (text.length > STORY_LIMITS.bodyText) errors.body = [m.desk_err_body_long({ count: countText(text.length, locale), max: countText(STORY_LIMITS.bodyText, locale) }, o)];
  if (publishing && !text.trim()) errors.body = [m.desk_err_field_required({}, o)];
  return errors;
}

const pageDoc = {
  type: 'object',
  required: ['lang', 'page', 'doc', 'rev', 'pending', 'path'],
  properties: {
    lang: { enum: LOCALES },
    page: { type: 'string' },
    doc: { type: 'object', required: ['title', 'body'], properties: { title: { type: 'string' }, body: { type: 'string' } } },
    rev: { type: 'integer' },
    pending: { type: 'boolean' },
    publishedAt: { type: ['string', 'null'] },
    path: { type: 'string' },
    updatedAt: { type: ['string', 'null'] },
    updatedBy: { type: ['string', 'null'] },
  },
};
const STALE = 'The working copy changed since that rev: nothing changed; the answer’s response is the stored one';

function pageRoute(method: DeskRoute['method'], tail: string, doc: DeskRoute['doc'], run: (ctx: DeskContext, lang: Locale, page: string) => Promise<DeskOutcome>): DeskRoute {
  return {
    method,
    path: `/api/desk/pages/{lang}/{page}${tail}`,
    access: 'signed-in',
    roles: CURATORS,
    doc: { ...doc, codes: { ...doc.codes, '404': 'Not a static page (ar or fr, one of the navigationlinks keys)' } },
    async handler(ctx) {
      const p = params(ctx);
      return p ? run(ctx, p.lang, p.page) : { status: 404 };
    },
  };
}

const stale = async (ctx: DeskContext, lang: Locale, page: string): Promise<DeskOutcome> => ({ status: 409, message: m.desk_err_409({}, { locale: ctx.locale }), detail: await pageWorkspace(ctx, lang, page) });

export const pageRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/pages',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'The static pages, in both languages: title, last publication, unpublished changes',
      response: {
        type: 'array',
        items: { type: 'object', required: ['page', 'lang', 'title', 'publishedAt', 'pending'], properties: { page: { type: 'string' }, lang: { enum: LOCALES }, title: { type: 'string' }, publishedAt: { type: ['string', 'null'] }, pending: { type: 'boolean' } } },
      },
      codes: { '200': 'The pages' },
    },
    async handler(ctx) {
      const [rows, drafts] = await Promise.all([
        ctx.db.selectFrom('static_pages').select(['lang', 'page', 'title', 'updated_at']).execute(),
        ctx.db.selectFrom('desk_drafts').select('key').where('kind', '=', 'page').execute(),
      ]);
      const items = STATIC_PAGE_KEYS.flatMap((page) =>
        LOCALES.map((lang) => {
          const row = rows.find((r) => r.lang === lang && r.page === page);
          return { page, lang, title: row?.title ?? '', publishedAt: row?.updated_at ?? null, pending: drafts.some((d) => d.key === draftKey(lang, page)) };
        }),
      );
      return { status: 200, response: items };
    },
  },
  pageRoute('GET', '', { summary: 'A static page’s working copy (else its published text)', response: pageDoc, codes: { '200': 'The page' } }, async (ctx, lang, page) => ({
    status: 200,
    response: await pageWorkspace(ctx, lang, page),
  })),
  pageRoute(
    'PUT',
    '',
    {
      summary: 'Save a static page’s working copy: the rev it started from, its title and body',
      body: { 'application/json': { type: 'object', required: ['rev', 'doc'], properties: { rev: { type: 'integer' }, doc: { type: 'object', required: ['title', 'body'], properties: { title: { type: 'string' }, body: { type: 'string' } } } } } },
      response: pageDoc,
      codes: { '200': 'Saved', '409': STALE, '422': 'Too long; nothing changed' },
    },
    async (ctx, lang, page) => {
      const input = await readInput(ctx, z.object({ rev: z.number().int().min(0), doc: docSchema }), PAGE_BODY);
      if (!input.ok) return input.outcome;
      const errors = checkDoc(input.value.doc, ctx.locale, false);
      if (Object.keys(errors).length) return { status: 422, errors };
      const person = personOf(ctx);
      const saved = await ctx.db.transaction().execute(async (trx) => {
        const next = await saveDraft(trx, 'page', draftKey(lang, page), input.value.rev, input.value.doc, person.id);
        if (next !== null) await deskAudit(trx, { user: person, address: ctx.address, action: 'page.save', itemType: 'page', itemId: draftKey(lang, page), before: { rev: input.value.rev }, after: { rev: next } });
        return next;
      });
      return saved === null ? stale(ctx, lang, page) : { status: 200, response: await pageWorkspace(ctx, lang, page) };
    },
  ),
  pageRoute(
    'POST',
    '/publish',
    {
      summary: 'Publish the working copy: the page shows it within seconds',
      body: { 'application/json': { type: 'object', required: ['rev'], properties: { rev: { type: 'integer' } } } },
      response: pageDoc,
      codes: { '200': 'Published', '409': STALE, '422': 'A title and a body are needed; nothing changed' },
    },
    async (ctx, lang, page) => {
      const input = await readInput(ctx, z.object({ rev: z.number().int().min(0) }));
      if (!input.ok) return input.outcome;
      const ws = await pageWorkspace(ctx, lang, page);
      if (ws.rev !== input.value.rev) return stale(ctx, lang, page);
      const errors = checkDoc(ws.doc, ctx.locale, true);
      if (Object.keys(errors).length) return { status: 422, errors };
      const person = personOf(ctx);
      const now = new Date().toISOString();
      const values = { title: ws.doc.title.trim(), body_html: sanitizeBody(ws.doc.body), updated_at: now };
      const done = await ctx.db.transaction().execute(async (trx) => {
        const draft = await trx.selectFrom('desk_drafts').select('rev').where('kind', '=', 'page').where('key', '=', draftKey(lang, page)).executeTakeFirst();
        if ((draft?.rev ?? 0) !== input.value.rev) return false;
        const existing = await trx.selectFrom('static_pages').select(['id', 'title']).where('lang', '=', lang).where('page', '=', page).executeTakeFirst();
        if (existing) await trx.updateTable('static_pages').set(values).where('id', '=', existing.id).execute();
        else await trx.insertInto('static_pages').values({ lang, page, ...values }).execute();
        await deleteDraft(trx, 'page', draftKey(lang, page));
        await recordContentChange(trx, { paths: pagePaths(lang, page), reason: 'page' });
        await deskAudit(trx, { user: person, address: ctx.address, action: 'page.publish', itemType: 'page', itemId: draftKey(lang, page), summary: values.title, before: { title: existing?.title ?? null }, after: { title: values.title } });
        return true;
      });
      return done ? { status: 200, response: await pageWorkspace(ctx, lang, page) } : stale(ctx, lang, page);
    },
  ),
];
