/**
 * The desk's front page of each language (docs/desk.md "Front page", ADR
 * 040), for editors and admins (a journalist gets 403): one shared working
 * copy per language (drafts.ts), arranged by drag and drop or the keyboard,
 * stories pinned or unpinned (from the story list or by search), previewed
 * through the home page's own render path (/desk/front/preview/{lang}),
 * then published now or at a time through the content service the
 * newsroom API uses (src/server/newsroom/front-page.ts). Every change is in
 * the audit log.
 *
 *  - GET  /api/desk/front/{lang}                      the working copy, its stories, the history
 *  - PUT  /api/desk/front/{lang}                      save the working copy (rev: 409 when stale)
 *  - POST /api/desk/front/{lang}/pin | unpin          a story on or off the working copy
 *  - POST /api/desk/front/{lang}/publish              now, or at `at`; `head`: the version it starts from
 *  - GET  /api/desk/front/{lang}/versions/{number}    one version's layout
 *  - POST /api/desk/front/{lang}/restore              an old version as the working copy
 *  - POST /api/desk/front/{lang}/versions/{number}/cancel  call a scheduled version off
 */
import { z } from 'zod';
import { isLocale, type Locale } from '../../i18n/locales.ts';
import { liveFrontVersion, liveLayout, parseLayout } from '../content/home.ts';
import { FRONT_LIMITS, layoutIds, type FrontLayout, type FrontWorkspace } from '../../lib/front-page.ts';
import * as m from '../../paraglide/messages.js';
import {
  cancelScheduledFront,
  frontPageHead,
  frontVersion,
  listFrontVersions,
  problemText,
  publishFrontPage,
  resolveFrontInput,
  storiesOf,
  storyRefusal,
} from '../newsroom/front-page.ts';
import { deskAudit } from './audit.ts';
import { deleteDraft, readDraft, saveDraft } from './drafts.ts';
import { deskInstant, idParam, readInput } from './input.ts';
import { CURATORS } from './roles.ts';
import { personOf, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';


const id = z.number().int().positive().max(2_147_483_647);
const layoutSchema = z.object({
  slider: z.array(id).max(FRONT_LIMITS.slider),
  une: z
    .array(z.object({ title: z.string().max(FRONT_LIMITS.title).nullable(), masterTagId: id.nullable(), items: z.array(id).max(FRONT_LIMITS.blockItems) }))
    .max(FRONT_LIMITS.blocks),
  hot: z.array(id).max(FRONT_LIMITS.hot),
});

const sameLayout = (a: FrontLayout, b: FrontLayout) => JSON.stringify(a) === JSON.stringify(b);

const langOf = (ctx: DeskContext): Locale | null => (isLocale(ctx.params.lang) ? ctx.params.lang : null);

/** The working copy of a language (else the live layout, rev 0), with what the screen shows beside it. */
async function frontWorkspace(ctx: DeskContext, lang: Locale): Promise<FrontWorkspace> {
  const now = new Date();
  const [draft, live, head, versions, sections] = await Promise.all([
    readDraft(ctx.db, 'front', lang, parseLayout),
    liveFrontVersion(ctx.db, lang, now),
    frontPageHead(ctx.db, lang),
    listFrontVersions(ctx.db, lang, now),
    ctx.db.selectFrom('master_tags').select(['id', 'name']).where('lang', '=', lang).where('parent_id', 'is', null).orderBy('position').orderBy('id').execute(),
  ]);
  const liveL = live ? parseLayout(live.layout) : { slider: [], une: [], hot: [] };
  const layout = draft?.doc ?? liveL;
  return {
    lang,
    layout,
    rev: draft?.rev ?? 0,
    pending: draft !== null && !sameLayout(draft.doc, liveL),
    live: live?.number ?? null,
    head,
    stories: await storiesOf(ctx.db, layoutIds(layout), now),
    sections,
    versions,
    updatedAt: draft?.updatedAt ?? null,
    updatedBy: draft?.updatedBy ?? null,
  };
}

/** A stale working copy: 409, with the stored one for the screen. */
async function staleDraft(ctx: DeskContext, lang: Locale): Promise<DeskOutcome> {
  return { status: 409, message: m.front_err_draft_stale({}, { locale: ctx.locale }), detail: await frontWorkspace(ctx, lang) };
}

const workspaceRef = { $ref: '#/components/schemas/DeskFrontPage' };
const layoutDoc = {
  type: 'object',
  required: ['slider', 'une', 'hot'],
  properties: {
    slider: { type: 'array', items: { type: 'integer' } },
    une: {
      type: 'array',
      items: { type: 'object', required: ['title', 'masterTagId', 'items'], properties: { title: { type: ['string', 'null'] }, masterTagId: { type: ['integer', 'null'] }, items: { type: 'array', items: { type: 'integer' } } } },
    },
    hot: { type: 'array', items: { type: 'integer' } },
  },
};
const STALE = 'The working copy changed since that rev: nothing changed; the answer’s response is the stored one';

/** A route of one language's front page, for curators only. */
function frontRoute(method: DeskRoute['method'], tail: string, doc: DeskRoute['doc'], run: (ctx: DeskContext, lang: Locale) => Promise<DeskOutcome>): DeskRoute {
  return {
    method,
    path: `/api/desk/front/{lang}${tail}`,
    access: 'signed-in',
    roles: CURATORS,
    doc: { ...doc, codes: { ...doc.codes, '404': 'The language is not ar or fr' } },
    async handler(ctx) {
      const lang = langOf(ctx);
      return lang ? run(ctx, lang) : { status: 404 };
    },
  };
}

async function saveAndAnswer(ctx: DeskContext, lang: Locale, rev: number, layout: FrontLayout, action: string, extra: Record<string, unknown>): Promise<DeskOutcome> {
  const person = personOf(ctx);
  const next = await ctx.db.transaction().execute(async (trx) => {
    const saved = await saveDraft(trx, 'front', lang, rev, layout, person.id);
    if (saved !== null) await deskAudit(trx, { user: person, address: ctx.address, action, itemType: 'front', itemId: lang, before: { rev }, after: { rev: saved, ...extra } });
    return saved;
  });
  if (next === null) return staleDraft(ctx, lang);
  return { status: 200, response: await frontWorkspace(ctx, lang) };
}

const pinSchema = z.object({
  rev: z.number().int().min(0),
  article: id,
  list: z.enum(['slider', 'une', 'hot']),
  /** La UNE's block (default the first; a new one when there is none). */
  block: z.number().int().min(0).max(FRONT_LIMITS.blocks - 1).optional(),
});

export const frontRoutes: DeskRoute[] = [
  frontRoute('GET', '', { summary: 'A language’s front page: the working copy (else the live version), its stories, the sections, the history', response: workspaceRef, codes: { '200': 'The front page' } }, async (ctx, lang) => ({
    status: 200,
    response: await frontWorkspace(ctx, lang),
  })),
  frontRoute(
    'PUT',
    '',
    {
      summary: 'Save the working copy (each move): the rev it started from, the whole layout',
      body: { 'application/json': { type: 'object', required: ['rev', 'layout'], properties: { rev: { type: 'integer' }, layout: layoutDoc } } },
      response: workspaceRef,
      codes: { '200': 'Saved', '409': STALE, '422': 'Over a limit (12 slides, 16 blocks of 6, 12 hot topics)' },
    },
    async (ctx, lang) => {
      const input = await readInput(ctx, z.object({ rev: z.number().int().min(0), layout: layoutSchema }));
      if (!input.ok) return input.outcome;
      return saveAndAnswer(ctx, lang, input.value.rev, input.value.layout, 'front.save', {});
    },
  ),
  frontRoute(
    'POST',
    '/pin',
    {
      summary: 'Pin a story: at the head of the slider, a La UNE block or the hot topics of the working copy',
      body: { 'application/json': { type: 'object', required: ['rev', 'article', 'list'], properties: { rev: { type: 'integer' }, article: { type: 'integer' }, list: { enum: ['slider', 'une', 'hot'] }, block: { type: 'integer' } } } },
      response: workspaceRef,
      codes: { '200': 'Pinned', '409': STALE, '422': 'Refused: another language’s story, withdrawn, not published, already placed, or the list is full; nothing changed' },
    },
    async (ctx, lang) => {
      const input = await readInput(ctx, pinSchema);
      if (!input.ok) return input.outcome;
      const { rev, article, list, block } = input.value;
      const o = { locale: ctx.locale };
      const row = await ctx.db.selectFrom('articles').select(['id', 'lang', 'status', 'published_at', 'ninjs_uri', 'title']).where('id', '=', article).executeTakeFirst();
      if (!row) return { status: 422, errors: { article: [m.front_err_unknown_story({}, o)] } };
      const refused = storyRefusal(row, lang, new Date());
      if (refused) return { status: 422, errors: { article: [problemText(refused, ctx.locale)] } };
      const draft = await readDraft(ctx.db, 'front', lang, parseLayout);
      if ((draft?.rev ?? 0) !== rev) return staleDraft(ctx, lang);
      const layout = draft?.doc ?? (await liveLayout(ctx.db, lang));
      if (layoutIds(layout).includes(article)) return { status: 422, errors: { article: [m.front_err_twice({}, o)] } };
      if (list === 'une') {
        if (layout.une.length === 0) layout.une.push({ title: null, masterTagId: row && (await sectionOf(ctx, article)), items: [] });
        const b = layout.une[Math.min(block ?? 0, layout.une.length - 1)]!;
        if (b.items.length >= FRONT_LIMITS.blockItems) return { status: 422, errors: { block: [m.front_err_full({ max: String(FRONT_LIMITS.blockItems) }, o)] } };
        b.items.unshift(article);
      } else {
        if (layout[list].length >= FRONT_LIMITS[list]) return { status: 422, errors: { list: [m.front_err_full({ max: String(FRONT_LIMITS[list]) }, o)] } };
        layout[list].unshift(article);
      }
      return saveAndAnswer(ctx, lang, rev, layout, 'front.pin', { article, list, title: row.title });
    },
  ),
  frontRoute(
    'POST',
    '/unpin',
    {
      summary: 'Take a story off the working copy',
      body: { 'application/json': { type: 'object', required: ['rev', 'article'], properties: { rev: { type: 'integer' }, article: { type: 'integer' } } } },
      response: workspaceRef,
      codes: { '200': 'Unpinned (or it was not there)', '409': STALE },
    },
    async (ctx, lang) => {
      const input = await readInput(ctx, z.object({ rev: z.number().int().min(0), article: id }));
      if (!input.ok) return input.outcome;
      const { rev, article } = input.value;
      const draft = await readDraft(ctx.db, 'front', lang, parseLayout);
      if ((draft?.rev ?? 0) !== rev) return staleDraft(ctx, lang);
      const l = draft?.doc ?? (await liveLayout(ctx.db, lang));
      const without = (ids: number[]) => ids.filter((x) => x !== article);
      const layout = { slider: without(l.slider), une: l.une.map((b) => ({ ...b, items: without(b.items) })), hot: without(l.hot) };
      return saveAndAnswer(ctx, lang, rev, layout, 'front.unpin', { article });
    },
  ),
  frontRoute(
    'POST',
    '/publish',
    {
      summary: 'Publish the layout as the next version, now or at `at` (scheduled), through the newsroom’s content service',
      body: {
        'application/json': {
          type: 'object',
          required: ['rev', 'head', 'layout'],
          properties: { rev: { type: 'integer', description: 'The working copy’s rev' }, head: { type: 'integer', description: 'The newest version the screen showed' }, layout: layoutDoc, at: { type: 'string', description: 'An ISO 8601 instant, or Casablanca wall-clock time YYYY-MM-DDTHH:MM' } },
        },
      },
      response: workspaceRef,
      codes: {
        '200': 'Published or scheduled; the working copy is the new version',
        '409': 'Another version was published since `head`, or the working copy changed: nothing changed',
        '422': 'A story is refused (errors per field: une.1.items.3), or the time is past; nothing changed',
      },
    },
    async (ctx, lang) => {
      const input = await readInput(ctx, z.object({ rev: z.number().int().min(0), head: z.number().int().min(0), layout: layoutSchema, at: deskInstant.optional() }));
      if (!input.ok) return input.outcome;
      const { rev, head, layout, at: atText } = input.value;
      const now = new Date();
      const at = atText ? new Date(atText) : now;
      if (at.getTime() < now.getTime() - 60_000) return { status: 422, errors: { at: [m.front_err_past({}, { locale: ctx.locale })] } };
      const input2 = { slider: layout.slider, une: layout.une.map((b) => ({ title: b.title, masterTag: b.masterTagId, items: b.items })), hot: layout.hot };
      const resolved = await resolveFrontInput(ctx.db, lang, input2, at, (p) => problemText(p, ctx.locale));
      if (!resolved.ok) return { status: 422, errors: resolved.errors };
      const person = personOf(ctx);
      const live = await liveFrontVersion(ctx.db, lang, now);
      let staleCopy = false;
      const result = await publishFrontPage(ctx.db, lang, resolved.layout, {
        at,
        ifHead: head,
        userId: person.id,
        actor: `${person.name} <${person.email}>`,
        now,
        async inTransaction(trx, version) {
          const draft = await trx.selectFrom('desk_drafts').select('rev').where('kind', '=', 'front').where('key', '=', lang).executeTakeFirst();
          if ((draft?.rev ?? 0) !== rev) {
            staleCopy = true;
            throw new Error('stale working copy');
          }
          await deleteDraft(trx, 'front', lang);
          await deskAudit(trx, {
            user: person,
            address: ctx.address,
            action: version.kind === 'schedule' ? 'front.schedule' : 'front.publish',
            itemType: 'front',
            itemId: lang,
            summary: `${lang} #${version.number}`,
            before: { version: live?.number ?? null },
            after: { version: version.number, effectiveAt: version.effective_at, stories: layoutIds(resolved.layout).length },
          });
        },
      }).catch((error: unknown) => {
        if (staleCopy) return null;
        throw error;
      });
      if (result === null) return staleDraft(ctx, lang);
      if (result.kind === 'stale') return { status: 409, message: m.front_err_stale({}, { locale: ctx.locale }), detail: await frontWorkspace(ctx, lang) };
      return { status: 200, response: await frontWorkspace(ctx, lang) };
    },
  ),
  frontRoute(
    'GET',
    '/versions/{number}',
    {
      summary: 'One version’s layout and its stories',
      response: { type: 'object', required: ['number', 'layout', 'stories'], properties: { number: { type: 'integer' }, effectiveAt: { type: 'string' }, layout: layoutDoc, stories: { type: 'object' } } },
      codes: { '200': 'The version' },
    },
    async (ctx, lang) => {
      const number = idParam(ctx.params.number);
      const v = number === null ? undefined : await frontVersion(ctx.db, lang, number);
      if (!v) return { status: 404 };
      const layout = parseLayout(v.layout);
      return { status: 200, response: { number: v.number, effectiveAt: v.effective_at, layout, stories: await storiesOf(ctx.db, layoutIds(layout)) } };
    },
  ),
  frontRoute(
    'POST',
    '/restore',
    {
      summary: 'Make an old version the working copy (publish it to put it online)',
      body: { 'application/json': { type: 'object', required: ['rev', 'number'], properties: { rev: { type: 'integer' }, number: { type: 'integer' } } } },
      response: workspaceRef,
      codes: { '200': 'Restored as the working copy', '409': STALE },
    },
    async (ctx, lang) => {
      const input = await readInput(ctx, z.object({ rev: z.number().int().min(0), number: id }));
      if (!input.ok) return input.outcome;
      const v = await frontVersion(ctx.db, lang, input.value.number);
      if (!v) return { status: 404 };
      return saveAndAnswer(ctx, lang, input.value.rev, parseLayout(v.layout), 'front.restore', { restoredFrom: v.number });
    },
  ),
  frontRoute(
    'POST',
    '/versions/{number}/cancel',
    { summary: 'Call off a scheduled version before its time', response: workspaceRef, codes: { '200': 'Called off', '409': 'Not scheduled ahead (already online, or called off)' } },
    async (ctx, lang) => {
      const number = idParam(ctx.params.number);
      if (number === null || !(await frontVersion(ctx.db, lang, number))) return { status: 404 };
      const person = personOf(ctx);
      const done = await cancelScheduledFront(ctx.db, lang, number, new Date(), (trx) =>
        deskAudit(trx, { user: person, address: ctx.address, action: 'front.cancel', itemType: 'front', itemId: lang, summary: `${lang} #${number}`, after: { canceled: number } }),
      );
      return done ? { status: 200, response: await frontWorkspace(ctx, lang) } : { status: 409 };
    },
  ),
];

/** The section of an article (for the first La UNE block made by a pin). */
async function sectionOf(ctx: DeskContext, article: number): Promise<number | null> {
  const row = await ctx.db.selectFrom('articles').select('master_tag_id').where('id', '=', article).executeTakeFirst();
  return row?.master_tag_id ?? null;
}
