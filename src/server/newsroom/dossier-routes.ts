/**
 * Dossiers through the newsroom API (docs/newsroom.md "Dossiers"), for a
 * CMS: list, read, make, change (its stories in order: article ids or ninjs
 * uris of its language), retire. Through the content service the desk uses
 * (dossiers.ts); a bad field → 422 per field, and nothing changes.
 */
import { isLocale, LOCALES } from '../../i18n/locales.ts';
import { fieldErrors } from '../broadcast/breaking.ts';
import { readJson } from '../http/body.ts';
import { dossierInputSchema, findStoredDossier, listStoredDossiers, retireDossier, saveDossier } from './dossiers.ts';
import { englishProblem } from './home-routes.ts';
import type { NewsroomContext, NewsroomOutcome, NewsroomRoute } from './router.ts';

/** 512 KB: a dossier's text (60,000 characters of HTML, Arabic: two bytes each, with its markup) and 200 references. */
const MAX_DOSSIER_JSON_BYTES = 512 * 1024;

const idOf = (ctx: NewsroomContext): number | null => (/^[1-9][0-9]{0,9}$/.test(ctx.params.id ?? '') && Number(ctx.params.id) <= 2_147_483_647 ? Number(ctx.params.id) : null);

const dossier = {
  type: 'object',
  required: ['id', 'lang', 'title', 'description', 'body', 'stories', 'path', 'retiredAt'],
  properties: {
    id: { type: 'integer' },
    lang: { enum: LOCALES },
    title: { type: 'string' },
    description: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML' },
    coverImageId: { type: ['integer', 'null'] },
    stories: { type: 'array', items: { type: 'integer' }, description: 'Article ids, in the dossier’s order' },
    path: { type: 'string', description: 'Its page' },
    retiredAt: { type: ['string', 'null'] },
    updatedAt: { type: ['string', 'null'] },
    translationOf: { type: ['integer', 'null'], description: 'The same dossier in the other language' },
  },
};
const dossierBody = {
  'application/json': {
    type: 'object',
    required: ['title'],
    properties: {
      lang: { enum: LOCALES, description: 'Required to make one; a dossier keeps its language' },
      title: { type: 'string', maxLength: 200 },
      description: { type: 'string', maxLength: 1000 },
      body: { type: 'string', description: 'HTML (sanitised like an article’s body; 60,000 characters of text)' },
      coverImageId: { type: ['integer', 'null'], description: 'An uploaded picture (POST /api/newsroom/media)' },
      stories: { type: 'array', maxItems: 200, items: { oneOf: [{ type: 'integer' }, { type: 'string' }] }, description: 'Article ids or ninjs uris of its language, in order; a story leaves its previous dossier' },
      translationOf: { type: ['integer', 'null'], description: 'Pairs it with that dossier of the other language (a twin that one had in this language is unpaired); null unpairs it; absent keeps it' },
    },
  },
};

async function readDossier(ctx: NewsroomContext) {
  const body = await readJson(ctx.request, MAX_DOSSIER_JSON_BYTES);
  if (!body.ok) return { ok: false as const, outcome: { status: body.status, problem: body.problem } };
  const input = dossierInputSchema.safeParse(body.value);
  if (!input.success) return { ok: false as const, outcome: { status: 422, errors: fieldErrors(input.error) } };
  const lang = (body.value as { lang?: unknown }).lang;
  return { ok: true as const, input: input.data, lang: isLocale(lang) ? lang : null };
}

const list: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/dossiers',
  action: 'dossier.list',
  doc: {
    summary: 'A language’s dossiers (retired ones last)',
    query: { lang: { description: 'ar or fr', required: true } },
    response: { type: 'array', items: { type: 'object', required: ['id', 'title', 'path', 'storyCount'], properties: { id: { type: 'integer' }, title: { type: 'string' }, path: { type: 'string' }, storyCount: { type: 'integer' }, retiredAt: { type: ['string', 'null'] } } } },
    codes: { '200': 'The dossiers', '422': 'No language' },
  },
  async handler(ctx) {
    const lang = ctx.url.searchParams.get('lang');
    if (lang !== 'ar' && lang !== 'fr') return { status: 422, errors: { lang: ['ar or fr'] } };
    return { status: 200, response: await listStoredDossiers(ctx.db, lang) };
  },
};

const create: NewsroomRoute = {
  method: 'POST',
  path: '/api/newsroom/dossiers',
  action: 'dossier.create',
  doc: {
    summary: 'Make a dossier: its page (/{lang}/dossier-special?id=N) and its place in the list and the sitemap, within seconds',
    body: dossierBody,
    response: dossier,
    codes: { '201': 'Made', '400': 'Malformed JSON', '413': 'Over 512 KB', '415': 'Not JSON', '422': 'A field is refused (stories.3: another language’s, withdrawn or unknown); nothing changed' },
  },
  async handler(ctx): Promise<NewsroomOutcome> {
    const read = await readDossier(ctx);
    if (!read.ok) return read.outcome;
    if (!read.lang) return { status: 422, errors: { lang: ['ar or fr is required'] } };
    const r = await saveDossier(ctx.db, null, read.lang, read.input, { text: englishProblem });
    if (r.kind === 'invalid') return { status: 422, errors: r.errors };
    if (r.kind === 'not-found') return { status: 404 };
    return { status: 201, response: r.dossier, item: `dossier:${r.dossier.id}` };
  },
};

const one: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/dossiers/{id}',
  action: 'dossier.get',
  doc: { summary: 'A dossier, with its stories in order', response: dossier, codes: { '200': 'The dossier', '404': 'Unknown dossier' } },
  async handler(ctx) {
    const id = idOf(ctx);
    const found = id === null ? null : await findStoredDossier(ctx.db, id);
    return found ? { status: 200, response: found, item: `dossier:${found.id}` } : { status: 404 };
  },
};

const update: NewsroomRoute = {
  method: 'PUT',
  path: '/api/newsroom/dossiers/{id}',
  action: 'dossier.update',
  doc: {
    summary: 'Change a dossier (the whole of it: title, description, text, cover, its stories in order)',
    body: dossierBody,
    response: dossier,
    codes: { '200': 'Changed', '400': 'Malformed JSON', '404': 'Unknown dossier', '413': 'Over 512 KB', '415': 'Not JSON', '422': 'A field is refused; nothing changed' },
  },
  async handler(ctx) {
    const id = idOf(ctx);
    const found = id === null ? null : await findStoredDossier(ctx.db, id);
    if (!found) return { status: 404 };
    const read = await readDossier(ctx);
    if (!read.ok) return read.outcome;
    if (read.lang && read.lang !== found.lang) return { status: 422, errors: { lang: [`this dossier is in ${found.lang}`] } };
    const r = await saveDossier(ctx.db, found.id, found.lang, read.input, { text: englishProblem });
    if (r.kind === 'invalid') return { status: 422, errors: r.errors, item: `dossier:${found.id}` };
    if (r.kind === 'not-found') return { status: 404 };
    return { status: 200, response: r.dossier, item: `dossier:${found.id}` };
  },
};

const retire: NewsroomRoute = {
  method: 'DELETE',
  path: '/api/newsroom/dossiers/{id}',
  action: 'dossier.retire',
  doc: { summary: 'Retire a dossier: its page answers 410, it leaves the list and the sitemap, its stories leave it', response: dossier, codes: { '200': 'Retired (or it was)', '404': 'Unknown dossier' } },
  async handler(ctx) {
    const id = idOf(ctx);
    const done = id === null ? null : await retireDossier(ctx.db, id);
    return done ? { status: 200, response: done, item: `dossier:${done.id}` } : { status: 404 };
  },
};

export const dossierRoutes: NewsroomRoute[] = [list, create, one, update, retire];
