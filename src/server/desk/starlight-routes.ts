/**
 * Starlight in the desk (docs/desk.md "Starlight"), for editors and admins
 * (a journalist gets 403): the seasons, the candidates and coaches, the
 * casting videos, the casting call of each language; their texts per
 * language and their pictures from the media library (starlight.ts), each
 * change audited and on the public pages within seconds.
 *
 *  - GET  /api/desk/starlight                      seasons, people, casting videos, casting calls
 *  - POST /api/desk/starlight/seasons              open the next season
 *  - GET  /api/desk/starlight/seasons/{id}         one season
 *  - PUT  /api/desk/starlight/seasons/{id}         change it
 *  - POST /api/desk/starlight/people               add a candidate or a coach to a season
 *  - GET  /api/desk/starlight/people/{id}          one person
 *  - PUT  /api/desk/starlight/people/{id}          change them
 *  - POST /api/desk/starlight/people/{id}/retire   retire them
 *  - GET  /api/desk/starlight/videos/{id}          one Starlight video
 *  - PUT  /api/desk/starlight/videos/{id}          change its titles and thumbnail
 *  - GET  /api/desk/starlight/casting-call/{lang}  a language's casting call (/casting, /castings)
 *  - PUT  /api/desk/starlight/casting-call/{lang}  change it
 */
import { isLocale, LOCALES } from '../../i18n/locales.ts';
import type { DeskCastingCall } from '../../lib/desk-starlight.ts';
import { deskAudit } from './audit.ts';
import { idParam, readInput } from './input.ts';
import { mediaItem } from './media-routes.ts';
import { CURATORS } from './roles.ts';
import { personOf as deskPerson, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';
import {
  castingCallInputSchema,
  findCastingCall,
  findPerson,
  findSeason,
  findVideo,
  newPersonInputSchema,
  personInputSchema,
  retirePerson,
  saveCastingCall,
  savePerson,
  saveSeason,
  saveVideo,
  seasonInputSchema,
  starlightOverview,
  videoInputSchema,
  type Saved,
} from './starlight.ts';

/** A long text in the audit log: its start (an entry holds a few kilobytes of JSON). */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

const nullable = (schema: object) => ({ oneOf: [{ type: 'null' }, schema] });
const str = { type: 'string' };
const picture = { type: ['integer', 'null'], description: 'A picture of the media library with both alternative texts, or null' };

const seasonDoc = {
  type: 'object',
  required: ['id', 'number', 'year', 'titleAr', 'titleFr', 'descriptionAr', 'descriptionFr', 'coverImageId', 'cover', 'path', 'updatedAt'],
  properties: { id: { type: 'integer' }, number: { type: 'integer' }, year: { type: 'integer' }, titleAr: str, titleFr: str, descriptionAr: str, descriptionFr: str, coverImageId: picture, cover: nullable(mediaItem), path: str, updatedAt: { type: ['string', 'null'] } },
};
const personDoc = {
  type: 'object',
  required: ['id', 'seasonId', 'seasonNumber', 'role', 'nameAr', 'nameFr', 'cityAr', 'cityFr', 'bioAr', 'bioFr', 'photoImageId', 'photo', 'path', 'retiredAt', 'updatedAt'],
  properties: {
    id: { type: 'integer' },
    seasonId: { type: 'integer' },
    seasonNumber: { type: 'integer' },
    role: { enum: ['candidate', 'coach'] },
    nameAr: str,
    nameFr: str,
    cityAr: str,
    cityFr: str,
    bioAr: str,
    bioFr: str,
    photoImageId: picture,
    photo: nullable(mediaItem),
    path: str,
    retiredAt: { type: ['string', 'null'] },
    updatedAt: { type: ['string', 'null'] },
  },
};
const videoDoc = {
  type: 'object',
  required: ['id', 'seasonId', 'seasonNumber', 'kind', 'titleAr', 'titleFr', 'thumbnailImageId', 'thumbnail', 'path', 'updatedAt'],
  properties: { id: { type: 'integer' }, seasonId: { type: 'integer' }, seasonNumber: { type: 'integer' }, kind: str, titleAr: str, titleFr: str, thumbnailImageId: picture, thumbnail: nullable(mediaItem), path: str, updatedAt: { type: ['string', 'null'] } },
};
const callDoc = {
  type: 'object',
  required: ['lang', 'title', 'intro', 'steps', 'dates', 'season', 'path', 'updatedAt'],
  properties: {
    lang: { enum: LOCALES },
    title: str,
    intro: str,
    steps: str,
    dates: str,
    season: { type: 'integer', description: 'The season the call is for now: what {n} in the texts stands for' },
    path: str,
    updatedAt: { type: ['string', 'null'] },
  },
};
const body = (required: string[], properties: Record<string, object>) => ({ 'application/json': { type: 'object', required, properties } });
const personBody = { nameAr: str, nameFr: str, cityAr: str, cityFr: str, bioAr: str, bioFr: str, photoImageId: picture };
const seasonBody = { titleAr: str, titleFr: str, descriptionAr: str, descriptionFr: str, year: { type: 'integer' }, coverImageId: picture };
const REFUSED = 'A field is refused (empty, too long, markup in a plain text, a picture not in the media library or without its alternative texts); nothing changed';

/** A Starlight route: editors and admins only. */
const curated = (method: DeskRoute['method'], path: string, doc: DeskRoute['doc'], handler: DeskRoute['handler']): DeskRoute => ({ method, path: `/api/desk/starlight${path}`, access: 'signed-in', roles: CURATORS, doc, handler });

const outcome = <T>(r: Saved<T>): DeskOutcome => (r.kind === 'invalid' ? { status: 422, errors: r.errors } : r.kind === 'not-found' ? { status: 404 } : { status: r.created ? 201 : 200, response: r.item });

/** The audit entry of a change, written in its transaction. */
const audited =
  <T extends { id: number }>(ctx: DeskContext, itemType: string, action: string, summary: (item: T) => string, fields: (item: T) => object) =>
  (trx: Parameters<typeof deskAudit>[0], item: T, before: T | null) =>
    deskAudit(trx, { user: deskPerson(ctx), address: ctx.address, action, itemType, itemId: item.id, summary: summary(item), before: before ? fields(before) : null, after: fields(item) });

export const starlightRoutes: DeskRoute[] = [
  curated(
    'GET',
    '',
    {
      summary: 'Starlight’s seasons (newest first), candidates and coaches (retired ones last), casting videos (newest first) and casting calls (one per language)',
      response: {
        type: 'object',
        required: ['seasons', 'people', 'castings', 'calls'],
        properties: { seasons: { type: 'array', items: seasonDoc }, people: { type: 'array', items: personDoc }, castings: { type: 'array', items: videoDoc }, calls: { type: 'array', items: callDoc } },
      },
      codes: { '200': 'Everything' },
    },
    async (ctx) => ({ status: 200, response: await starlightOverview(ctx.db) }),
  ),
  curated(
    'POST',
    '/seasons',
    { summary: 'Open the next season (numbered after the latest): the casting call is then for the one after', body: body(['titleAr', 'titleFr', 'year'], seasonBody), response: seasonDoc, codes: { '201': 'Opened', '422': REFUSED } },
    async (ctx) => {
      const input = await readInput(ctx, seasonInputSchema);
      if (!input.ok) return input.outcome;
      return outcome(await saveSeason(ctx.db, null, input.value, ctx.locale, audited(ctx, 'starlight-season', 'starlight.season.create', (s) => s.titleFr, (s) => ({ number: s.number, titleAr: s.titleAr, titleFr: s.titleFr, coverImageId: s.coverImageId }))));
    },
  ),
  curated('GET', '/seasons/{id}', { summary: 'A season', response: seasonDoc, codes: { '200': 'The season', '404': 'Unknown season' } }, async (ctx) => {
    const id = idParam(ctx.params.id);
    const s = id === null ? null : await findSeason(ctx.db, id);
    return s ? { status: 200, response: s } : { status: 404 };
  }),
  curated(
    'PUT',
    '/seasons/{id}',
    { summary: 'Change a season: titles, descriptions, year, cover', body: body(['titleAr', 'titleFr', 'year'], seasonBody), response: seasonDoc, codes: { '200': 'Saved', '404': 'Unknown season', '422': REFUSED } },
    async (ctx) => {
      const id = idParam(ctx.params.id);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, seasonInputSchema);
      if (!input.ok) return input.outcome;
      return outcome(await saveSeason(ctx.db, id, input.value, ctx.locale, audited(ctx, 'starlight-season', 'starlight.season.save', (s) => s.titleFr, (s) => ({ titleAr: s.titleAr, titleFr: s.titleFr, year: s.year, coverImageId: s.coverImageId }))));
    },
  ),
  curated(
    'POST',
    '/people',
    {
      summary: 'Add a candidate or a coach to a season (last in its order)',
      body: body(['seasonId', 'role', 'nameAr', 'nameFr'], { seasonId: { type: 'integer' }, role: { enum: ['candidate', 'coach'] }, ...personBody }),
      response: personDoc,
      codes: { '201': 'Added', '422': REFUSED },
    },
    async (ctx) => {
      const input = await readInput(ctx, newPersonInputSchema);
      if (!input.ok) return input.outcome;
      return outcome(await savePerson(ctx.db, null, input.value, ctx.locale, audited(ctx, 'starlight-person', 'starlight.person.create', (p) => p.nameFr, (p) => ({ role: p.role, seasonId: p.seasonId, nameAr: p.nameAr, nameFr: p.nameFr, photoImageId: p.photoImageId }))));
    },
  ),
  curated('GET', '/people/{id}', { summary: 'A candidate or a coach', response: personDoc, codes: { '200': 'The person', '404': 'Unknown person' } }, async (ctx) => {
    const id = idParam(ctx.params.id);
    const p = id === null ? null : await findPerson(ctx.db, id);
    return p ? { status: 200, response: p } : { status: 404 };
  }),
  curated(
    'PUT',
    '/people/{id}',
    { summary: 'Change a candidate or a coach: names, cities, biographies, photo', body: body(['nameAr', 'nameFr'], personBody), response: personDoc, codes: { '200': 'Saved', '404': 'Unknown person', '422': REFUSED } },
    async (ctx) => {
      const id = idParam(ctx.params.id);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, personInputSchema);
      if (!input.ok) return input.outcome;
      return outcome(await savePerson(ctx.db, id, input.value, ctx.locale, audited(ctx, 'starlight-person', 'starlight.person.save', (p) => p.nameFr, (p) => ({ nameAr: p.nameAr, nameFr: p.nameFr, cityAr: p.cityAr, cityFr: p.cityFr, photoImageId: p.photoImageId }))));
    },
  ),
  curated(
    'POST',
    '/people/{id}/retire',
    { summary: 'Retire a candidate or a coach: off every public page (their page answers 404); their videos stay', response: personDoc, codes: { '200': 'Retired', '404': 'Unknown person' } },
    async (ctx) => {
      const id = idParam(ctx.params.id);
      const p = id === null ? null : await retirePerson(ctx.db, id, audited(ctx, 'starlight-person', 'starlight.person.retire', (x) => x.nameFr, (x) => ({ retiredAt: x.retiredAt })));
      return p ? { status: 200, response: p } : { status: 404 };
    },
  ),
  curated('GET', '/videos/{id}', { summary: 'A Starlight video (a casting video, in the screen)', response: videoDoc, codes: { '200': 'The video', '404': 'Unknown video' } }, async (ctx) => {
    const id = idParam(ctx.params.id);
    const v = id === null ? null : await findVideo(ctx.db, id);
    return v ? { status: 200, response: v } : { status: 404 };
  }),
  curated(
    'PUT',
    '/videos/{id}',
    { summary: 'Change a Starlight video’s titles and thumbnail', body: body(['titleAr', 'titleFr'], { titleAr: str, titleFr: str, thumbnailImageId: picture }), response: videoDoc, codes: { '200': 'Saved', '404': 'Unknown video', '422': REFUSED } },
    async (ctx) => {
      const id = idParam(ctx.params.id);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, videoInputSchema);
      if (!input.ok) return input.outcome;
      return outcome(await saveVideo(ctx.db, id, input.value, ctx.locale, audited(ctx, 'starlight-video', 'starlight.video.save', (v) => v.titleFr, (v) => ({ titleAr: v.titleAr, titleFr: v.titleFr, thumbnailImageId: v.thumbnailImageId }))));
    },
  ),
  curated('GET', '/casting-call/{lang}', { summary: 'A language’s casting call (of /casting and /castings)', response: callDoc, codes: { '200': 'The call', '404': 'Unknown language' } }, async (ctx) => {
    const lang = ctx.params.lang;
    return isLocale(lang) ? { status: 200, response: await findCastingCall(ctx.db, lang) } : { status: 404 };
  }),
  curated(
    'PUT',
    '/casting-call/{lang}',
    {
      summary: 'Change a language’s casting call: plain texts, {n} for the season’s number, an empty line between paragraphs',
      body: body(['title', 'intro'], { title: str, intro: str, steps: str, dates: str }),
      response: callDoc,
      codes: { '200': 'Saved', '404': 'Unknown language', '422': 'A text is refused (empty title or call, too long, markup); nothing changed' },
    },
    async (ctx) => {
      const lang = ctx.params.lang;
      if (!isLocale(lang)) return { status: 404 };
      const input = await readInput(ctx, castingCallInputSchema);
      if (!input.ok) return input.outcome;
      const fields = (c: DeskCastingCall) => ({ title: c.title, intro: clip(c.intro), steps: clip(c.steps), dates: clip(c.dates) });
      const item = await saveCastingCall(ctx.db, lang, input.value, (trx, saved, before) =>
        deskAudit(trx, { user: deskPerson(ctx), address: ctx.address, action: 'starlight.casting.save', itemType: 'starlight-casting-call', itemId: lang, summary: saved.title, before: before ? fields(before) : null, after: fields(saved) }),
      );
      return { status: 200, response: item };
    },
  ),
];
