/**
 * A language's front page through the newsroom API (ADR 040,
 * docs/newsroom.md "Front page"), for a CMS:
 *
 *  - GET /api/newsroom/home/{lang}: the live layout (article ids, master
 *    tags by route name), the stories it names, the versions scheduled
 *    ahead; `ETag` names the newest version.
 *  - PUT /api/newsroom/home/{lang}: a new layout, each story an article id
 *    or a ninjs uri, online now or at `at`. `If-Match` with another ETag →
 *    412; a bad reference → 422 with errors per field (`une.1.items.3`),
 *    and nothing changes.
 */
import { isLocale, LOCALES, type Locale } from '../../i18n/locales.ts';
import { z } from 'zod';
import { liveFrontVersion, parseLayout } from '../content/home.ts';
import { emptyLayout, layoutIds } from '../../lib/front-page.ts';
import { fieldErrors } from '../broadcast/breaking.ts';
import { readJson } from '../http/body.ts';
import {
  frontInputSchema,
  frontPageHead,
  layoutAsInput,
  publishFrontPage,
  resolveFrontInput,
  storiesOf,
  type FrontProblem,
} from './front-page.ts';
import type { NewsroomContext, NewsroomOutcome, NewsroomRoute } from './router.ts';

/** 64 KB: a front page of a few dozen references, with room. */
const MAX_HOME_JSON_BYTES = 64 * 1024;

const etagOf = (lang: Locale, head: number) => `"home-${lang}-${head}"`;

/** Whether an If-Match header (absent: yes) names the current ETag. */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return true;
  return header.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '');
    return v === '*' || v === etag;
  });
}

/** The API's words for a refused reference (English, for machines and logs: ADR 031). */
export function englishProblem(p: FrontProblem): string {
  switch (p.code) {
    case 'unknown':
      return 'no article has this id or ninjs uri';
    case 'language':
      return `this article is in ${p.storyLang}: only stories of the same language are taken here`;
    case 'withdrawn':
      return 'this article is withdrawn';
    case 'unpublished':
      return 'this article is not published (a draft, or in review)';
    case 'later':
      return `this article goes online at ${p.publishedAt}, after the front page would`;
    case 'twice':
      return `this article is already placed at ${p.field}`;
    case 'section':
      return 'unknown master tag (section) in this language: give its route name or id';
    case 'block-title':
      return 'a block needs a title or a masterTag';
  }
}

function langParam(ctx: NewsroomContext): Locale | NewsroomOutcome {
  const lang = ctx.params.lang;
  return isLocale(lang) ? lang : { status: 404, problem: 'the language is ar or fr' };
}

async function homeState(ctx: NewsroomContext, lang: Locale) {
  const now = new Date();
  const [live, head, scheduled] = await Promise.all([
    liveFrontVersion(ctx.db, lang, now),
    frontPageHead(ctx.db, lang),
    ctx.db
      .selectFrom('front_page_versions')
      .select(['number', 'effective_at'])
      .where('lang', '=', lang)
      .where('effective_at', '>', now.toISOString())
      .where('canceled_at', 'is', null)
      .orderBy('effective_at')
      .execute(),
  ]);
  const placed = live ? parseLayout(live.layout) : emptyLayout();
  const stories = await storiesOf(ctx.db, layoutIds(placed), now);
  // What the page shows: a story withdrawn (or put back under embargo) since it was placed is left out, and a story placed twice (a store from before ADR 040) is kept where it shows, so a GET sent back as a PUT is accepted.
  // Each story once, in the page's order of precedence (slider, La UNE, hot topics: src/server/pages/home.ts).
  const seen = new Set<number>();
  const shown = (ids: number[]) => ids.filter((id) => stories[String(id)]?.state === 'published' && !seen.has(id) && seen.add(id));
  const layout = { slider: shown(placed.slider), une: placed.une.map((b) => ({ ...b, items: shown(b.items) })), hot: shown(placed.hot) };
  return {
    head,
    response: {
      lang,
      version: live?.number ?? null,
      effectiveAt: live?.effective_at ?? null,
      ...(await layoutAsInput(ctx.db, lang, layout)),
      stories: Object.fromEntries(Object.entries(stories).filter(([, s]) => s.state === 'published')),
      scheduled: scheduled.map((s) => ({ version: s.number, effectiveAt: s.effective_at })),
    },
  };
}

const ref = { oneOf: [{ type: 'integer', description: 'An article id' }, { type: 'string', description: 'A ninjs uri (or an article id as text)' }] };
const layoutProperties = {
  slider: { type: 'array', maxItems: 12, items: ref, description: 'The slider, lead first' },
  une: {
    type: 'array',
    maxItems: 16,
    description: 'La UNE’s blocks, in order',
    items: {
      type: 'object',
      required: ['items'],
      properties: {
        title: { type: ['string', 'null'], maxLength: 80, description: 'The heading (absent: the master tag’s name)' },
        masterTag: { type: ['string', 'integer', 'null'], description: 'A master tag (section) of the language, by route name or id: “see more” leads to it, and it tops a short block up' },
        items: { type: 'array', maxItems: 6, items: ref },
      },
    },
  },
  hot: { type: 'array', maxItems: 12, items: ref, description: 'The hot topics' },
};
const story = {
  type: 'object',
  required: ['id', 'lang', 'title', 'state'],
  properties: {
    id: { type: 'integer' },
    lang: { enum: LOCALES },
    title: { type: 'string' },
    state: { enum: ['draft', 'review', 'scheduled', 'published', 'withdrawn'] },
    path: { type: ['string', 'null'] },
    publishedAt: { type: 'string' },
    section: { type: ['string', 'null'] },
    uri: { type: ['string', 'null'] },
  },
};
const homeAnswer = {
  type: 'object',
  required: ['lang', 'version', 'slider', 'une', 'hot', 'stories', 'scheduled'],
  properties: {
    lang: { enum: LOCALES },
    version: { type: ['integer', 'null'], description: 'The live version (null: none yet)' },
    effectiveAt: { type: ['string', 'null'], format: 'date-time' },
    slider: { type: 'array', items: { type: 'integer' } },
    une: {
      type: 'array',
      items: {
        type: 'object',
        required: ['title', 'masterTag', 'items'],
        properties: { title: { type: ['string', 'null'] }, masterTag: { type: ['string', 'null'] }, items: { type: 'array', items: { type: 'integer' } } },
      },
    },
    hot: { type: 'array', items: { type: 'integer' } },
    stories: { type: 'object', description: 'The stories named, by id', additionalProperties: story },
    scheduled: {
      type: 'array',
      description: 'Versions scheduled ahead, soonest first',
      items: { type: 'object', required: ['version', 'effectiveAt'], properties: { version: { type: 'integer' }, effectiveAt: { type: 'string', format: 'date-time' } } },
    },
  },
};

const homeGet: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/home/{lang}',
  action: 'home.get',
  doc: {
    summary: 'A language’s front page as it leads the home page now: the slider, La UNE’s blocks, the hot topics (the stories shown: a story withdrawn since it was placed is left out)',
    description: 'The ETag header names the newest version (scheduled ones included): send it back as If-Match with a PUT.',
    response: homeAnswer,
    codes: { '200': 'The front page (ETag header)', '404': 'The language is not ar or fr' },
  },
  async handler(ctx) {
    const lang = langParam(ctx);
    if (typeof lang !== 'string') return lang;
    const state = await homeState(ctx, lang);
    return { status: 200, response: state.response, item: `home:${lang}`, headers: { etag: etagOf(lang, state.head) } };
  },
};

const putInput = frontInputSchema.extend({ at: z.iso.datetime({ offset: true }).optional() });

const homePut: NewsroomRoute = {
  method: 'PUT',
  path: '/api/newsroom/home/{lang}',
  action: 'home.set',
  doc: {
    summary: 'Publish a language’s front page (now, or at `at`): a new version, rendered and purged within seconds',
    description:
      'Every story is an article id or a ninjs uri, of the page’s language, published (by `at` when given), placed once. With If-Match, the change is made only when the front page is still that version. The whole body is checked first: one refusal and nothing changes.',
    body: { 'application/json': { type: 'object', required: ['slider', 'une', 'hot'], properties: { ...layoutProperties, at: { type: 'string', format: 'date-time', description: 'When it goes online (ahead: scheduled); absent: now' } } } },
    response: homeAnswer,
    codes: {
      '200': 'Published (or scheduled); the new ETag',
      '400': 'Malformed JSON',
      '404': 'The language is not ar or fr',
      '412': 'If-Match names another version: nothing changed; GET it again',
      '413': 'Over 64 KB',
      '415': 'Not JSON',
      '422': 'A field is refused (errors per field: une.1.items.3); nothing changed',
    },
  },
  async handler(ctx) {
    const lang = langParam(ctx);
    if (typeof lang !== 'string') return lang;
    const item = `home:${lang}`;
    const ifMatch = ctx.request.headers.get('if-match');
    const head = await frontPageHead(ctx.db, lang);
    if (!matches(ifMatch, etagOf(lang, head))) return { status: 412, problem: `the front page is at version ${head} now (ETag ${etagOf(lang, head)})`, item, headers: { etag: etagOf(lang, head) } };
    const body = await readJson(ctx.request, MAX_HOME_JSON_BYTES);
    if (!body.ok) return { status: body.status, problem: body.problem, item };
    const input = putInput.safeParse(body.value);
    if (!input.success) return { status: 422, errors: fieldErrors(input.error), item };
    const now = new Date();
    const at = input.data.at ? new Date(input.data.at) : now;
    if (at.getTime() < now.getTime() - 60_000) return { status: 422, errors: { at: ['this time is past: give a time ahead, or no time for now'] }, item };
    const resolved = await resolveFrontInput(ctx.db, lang, input.data, at, englishProblem);
    if (!resolved.ok) return { status: 422, errors: resolved.errors, item };
    const result = await publishFrontPage(ctx.db, lang, resolved.layout, {
      at,
      ifHead: ifMatch === null || ifMatch.trim() === '*' ? null : head,
      userId: null,
      actor: `token:${ctx.tokenName}`,
      now,
    });
    if (result.kind === 'stale') return { status: 412, problem: `the front page is at version ${result.head} now`, item, headers: { etag: etagOf(lang, result.head) } };
    const state = await homeState(ctx, lang);
    return { status: 200, response: state.response, item: `${item}#${result.version.number}`, headers: { etag: etagOf(lang, state.head) } };
  },
};

export const homeRoutes: NewsroomRoute[] = [homeGet, homePut];
