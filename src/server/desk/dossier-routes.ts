/**
 * The desk's dossiers (docs/desk.md "Dossiers"), for editors and admins (a
 * journalist gets 403): list, make, change (title, description, the text in
 * the desk's editor, its stories in order), retire; through the content
 * service the newsroom API uses (src/server/newsroom/dossiers.ts), each in
 * the audit log.
 *
 *  - GET  /api/desk/dossiers?lang=       the language's dossiers
 *  - POST /api/desk/dossiers             make one ({ lang, … })
 *  - GET  /api/desk/dossiers/{id}        one, with its stories
 *  - PUT  /api/desk/dossiers/{id}        change it
 *  - POST /api/desk/dossiers/{id}/retire retire it
 */
import { z } from 'zod';
import { dossierInputSchema, findStoredDossier, listStoredDossiers, retireDossier, saveDossier, type StoredDossier } from '../newsroom/dossiers.ts';
import { problemText, storiesOf } from '../newsroom/front-page.ts';
import { deskAudit } from './audit.ts';
import { idParam, readInput } from './input.ts';
import { itemOf, mediaItem } from './media-routes.ts';
import { CURATORS } from './roles.ts';
import { personOf, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';
import { LOCALES, toLocale, type Locale } from '../../i18n/locales.ts';

/** 1 MB: a dossier's text, as a story's. */
const DOSSIER_BODY = 1024 * 1024;

/** The dossier with its stories' titles and states, and its cover as the media library shows it. */
async function detail(ctx: DeskContext, d: StoredDossier) {
  const cover = d.coverImageId === null ? undefined : await ctx.db.selectFrom('images').selectAll().where('id', '=', d.coverImageId).executeTakeFirst();
  return { ...d, storyItems: await storiesOf(ctx.db, d.stories), cover: cover ? itemOf(cover) : null };
}

const dossierDoc = {
  type: 'object',
  required: ['id', 'lang', 'title', 'description', 'body', 'stories', 'storyItems', 'path', 'retiredAt'],
  properties: {
    id: { type: 'integer' },
    lang: { enum: LOCALES },
    title: { type: 'string' },
    description: { type: 'string' },
    body: { type: 'string' },
    coverImageId: { type: ['integer', 'null'] },
    cover: { oneOf: [{ type: 'null' }, mediaItem], description: 'The cover picture, as the media library shows it' },
    stories: { type: 'array', items: { type: 'integer' } },
    storyItems: { type: 'object', description: 'The stories, by id (title, state, path…)' },
    path: { type: 'string' },
    retiredAt: { type: ['string', 'null'] },
    updatedAt: { type: ['string', 'null'] },
    translationOf: { type: ['integer', 'null'], description: 'The same dossier in the other language' },
  },
};
const inputDoc = {
  'application/json': {
    type: 'object',
    required: ['title'],
    properties: {
      lang: { enum: LOCALES },
      title: { type: 'string' },
      description: { type: 'string' },
      body: { type: 'string' },
      coverImageId: { type: ['integer', 'null'] },
      stories: { type: 'array', items: { type: 'integer' } },
      translationOf: { type: ['integer', 'null'], description: 'Pairs it with that dossier of the other language; null unpairs it' },
    },
  },
};

async function save(ctx: DeskContext, id: number | null, lang: Locale, input: z.infer<typeof dossierInputSchema>): Promise<DeskOutcome> {
  const person = personOf(ctx);
  const r = await saveDossier(ctx.db, id, lang, input, {
    text: (p) => problemText(p, ctx.locale),
    inTransaction: (trx, d, before) =>
      deskAudit(trx, {
        user: person,
        address: ctx.address,
        action: before ? 'dossier.save' : 'dossier.create',
        itemType: 'dossier',
        itemId: d.id,
        summary: d.title,
        before: before ? { title: before.title, stories: before.stories } : null,
        after: { title: d.title, stories: d.stories },
      }),
  });
  if (r.kind === 'invalid') return { status: 422, errors: r.errors };
  if (r.kind === 'not-found') return { status: 404 };
  return { status: r.created ? 201 : 200, response: await detail(ctx, r.dossier) };
}

export const dossierRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/dossiers',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'A language’s dossiers, retired ones last',
      query: { lang: { description: 'ar (default) or fr' } },
      response: { type: 'array', items: { type: 'object', required: ['id', 'title', 'storyCount', 'retiredAt'], properties: { id: { type: 'integer' }, title: { type: 'string' }, storyCount: { type: 'integer' }, retiredAt: { type: ['string', 'null'] }, path: { type: 'string' } } } },
      codes: { '200': 'The dossiers' },
    },
    handler: async (ctx) => ({ status: 200, response: await listStoredDossiers(ctx.db, toLocale(ctx.url.searchParams.get('lang'))) }),
  },
  {
    method: 'POST',
    path: '/api/desk/dossiers',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'Make a dossier (its page and its place in the list and the sitemap, within seconds)', body: inputDoc, response: dossierDoc, codes: { '201': 'Made', '422': 'A field is refused; nothing changed' } },
    async handler(ctx) {
      const input = await readInput(ctx, dossierInputSchema.extend({ lang: z.enum(LOCALES) }), DOSSIER_BODY);
      if (!input.ok) return input.outcome;
      return save(ctx, null, input.value.lang, input.value);
    },
  },
  {
    method: 'GET',
    path: '/api/desk/dossiers/{id}',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'A dossier, with its stories in order', response: dossierDoc, codes: { '200': 'The dossier', '404': 'Unknown dossier' } },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const d = id === null ? null : await findStoredDossier(ctx.db, id);
      return d ? { status: 200, response: await detail(ctx, d) } : { status: 404 };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/dossiers/{id}',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'Change a dossier: title, description, text, its stories in order', body: inputDoc, response: dossierDoc, codes: { '200': 'Saved', '404': 'Unknown dossier', '422': 'A field is refused (stories.3); nothing changed' } },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const d = id === null ? null : await findStoredDossier(ctx.db, id);
      if (!d) return { status: 404 };
      const input = await readInput(ctx, dossierInputSchema.extend({ lang: z.enum(LOCALES).optional() }), DOSSIER_BODY);
      if (!input.ok) return input.outcome;
      return save(ctx, d.id, d.lang, input.value);
    },
  },
  {
    method: 'POST',
    path: '/api/desk/dossiers/{id}/retire',
    access: 'signed-in',
    roles: CURATORS,
    doc: { summary: 'Retire a dossier: its page answers 410, it leaves the list and the sitemap', response: dossierDoc, codes: { '200': 'Retired', '404': 'Unknown dossier' } },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const person = personOf(ctx);
      const d =
        id === null
          ? null
          : await retireDossier(ctx.db, id, {
              inTransaction: (trx, dossier) => deskAudit(trx, { user: person, address: ctx.address, action: 'dossier.retire', itemType: 'dossier', itemId: dossier.id, summary: dossier.title }),
            });
      return d ? { status: 200, response: await detail(ctx, d) } : { status: 404 };
    },
  },
];
