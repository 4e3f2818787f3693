/**
 * The desk's endpoints in the OpenAPI document (/api/openapi.json, tag
 * `Desk`): one operation per route of the desk router's table, with the
 * desk's session cookie and, for writes, its CSRF header as security
 * schemes. One of the modules of src/server/api/openapi-modules.ts.
 */
import { LOCALES } from '../../i18n/locales.ts';
import { z } from 'zod';
import type { JsonSchema, OpenApiModule, OpenApiTools, PathItem } from '../api/openapi.ts';
import { operationId } from '../api/openapi.ts';
import { STORY_STATES } from '../../lib/desk-story.ts';
import { storyDocSchema } from './document.ts';
import { deskRoutes } from './routes.ts';
import type { DeskRoute } from './router.ts';
import { CSRF_HEADER } from './router.ts';

const SESSION = 'deskSession';
const CSRF = 'deskCsrf';

/** The desk's person, named in components (DeskPerson). */
const deskPerson = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['journalist', 'editor', 'admin']),
    locale: z.enum(LOCALES),
    twoFactor: z.boolean(),
    active: z.boolean().describe('Has chosen a password'),
    disabled: z.boolean(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'DeskPerson' });

const storyDoc = storyDocSchema.meta({ id: 'DeskStoryDoc' });

/** A story as the desk's editor reads it (stories.ts StoryDetail), named in components (DeskStory). */
const deskStory = z
  .object({
    id: z.number().int(),
    lang: z.enum(LOCALES),
    state: z.enum(STORY_STATES as [string, ...string[]]),
    rev: z.number().int().describe('The lock version: send it back with the next change'),
    doc: storyDoc,
    pending: z.boolean().describe('The working copy holds changes the public page does not show yet'),
    owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    slug: z.string(),
    live: z.object({ path: z.string(), version: z.number().int(), publishedAt: z.string() }).nullable(),
    translation: z.object({ id: z.number().int(), lang: z.enum(LOCALES), state: z.enum(STORY_STATES as [string, ...string[]]), title: z.string() }).nullable(),
    actions: z.array(z.enum(['edit', 'submit', 'unsubmit', 'publish', 'schedule', 'unschedule', 'withdraw'])).describe('What this person may do with it now'),
  })
  .meta({ id: 'DeskStory' });

const frontLayout = z.object({
  slider: z.array(z.number().int()),
  une: z.array(z.object({ title: z.string().nullable(), masterTagId: z.number().int().nullable(), items: z.array(z.number().int()) })),
  hot: z.array(z.number().int()),
});

/** A language's front page in the desk (front-routes.ts, lib/front-page.ts FrontWorkspace), named in components (DeskFrontPage). */
const deskFrontPage = z
  .object({
    lang: z.enum(LOCALES),
    layout: frontLayout,
    rev: z.number().int().describe('The working copy’s lock version (0: none saved; the live layout)'),
    pending: z.boolean().describe('The working copy differs from the live version'),
    live: z.number().int().nullable(),
    head: z.number().int().describe('The newest version: a publication starts from it'),
    stories: z.record(
      z.string(),
      z.object({
        id: z.number().int(),
        lang: z.enum(LOCALES),
        title: z.string(),
        state: z.enum(STORY_STATES as [string, ...string[]]),
        path: z.string().nullable(),
        publishedAt: z.string(),
        section: z.string().nullable(),
        uri: z.string().nullable(),
      }),
    ),
    sections: z.array(z.object({ id: z.number().int(), name: z.string() })),
    versions: z.array(
      z.object({
        number: z.number().int(),
        kind: z.enum(['publish', 'schedule', 'restore']),
        state: z.enum(['live', 'scheduled', 'past', 'canceled']),
        effectiveAt: z.string(),
        restoredFrom: z.number().int().nullable(),
        actor: z.string(),
        createdAt: z.string(),
        stories: z.number().int(),
      }),
    ),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'DeskFrontPage' });

const header = (ok: boolean): JsonSchema => ({
  type: 'object',
  required: ['status', 'code', ...(ok ? [] : ['message'])],
  properties: {
    status: { const: ok ? 'OK' : 'ERROR' },
    code: { type: 'integer' },
    message: { type: 'string', description: 'In the person’s language (else the locale header’s)' },
    ...(ok ? {} : { errors: { type: 'object', description: 'Problems per field', additionalProperties: { type: 'array', items: { type: 'string' } } } }),
  },
});

function operation(route: DeskRoute, t: OpenApiTools): JsonSchema {
  const doc = route.doc;
  const method = route.method.toLowerCase();
  const json = (description: string, schema: JsonSchema) => ({ description, content: { 'application/json': { schema } } });
  const envelope = (response: JsonSchema | undefined) => ({ type: 'object', required: ['header', 'response'], properties: { header: header(true), response: response ?? {} } });
  // A 409 carries the stored version beside the error (the desk shows both); a refusal may describe the data it carries (`refusals`).
  const error = (code: string) => ({
    type: 'object',
    required: ['header', 'response'],
    properties: { header: header(false), response: doc.refusals?.[code] ?? (code === '409' ? {} : { type: 'null' }) },
  });
  const responses: Record<string, JsonSchema> = {};
  for (const [code, description] of Object.entries(doc.codes)) {
    responses[code] =
      Number(code) < 400 && doc.raw
        ? { description, content: Object.fromEntries(doc.raw.map((type) => [type, { schema: { type: 'string' } }])) }
        : json(description, Number(code) < 400 ? envelope(doc.response) : error(code));
  }
  if (route.access !== 'public') responses['401'] = json('No session, or not at the step this needs (sign in again)', error('401'));
  responses['403'] = json(route.roles ? 'Not allowed for this role, or a cross-site request' : 'A cross-site request (Origin, Sec-Fetch-Site or X-Desk-CSRF)', error('403'));
  responses['500'] = json('Unexpected failure', error('500'));
  const write = route.method !== 'GET';
  const parameters: JsonSchema[] = [
    t.localeHeader,
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(doc.query ?? {}).map(([name, q]) => ({ name, in: 'query', required: q.required ?? false, description: q.description, schema: q.schema ?? { type: 'string' } })),
  ];
  return {
    operationId: operationId(method, route.path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: ['Desk'],
    security: route.access === 'public' ? [{}] : [write ? { [SESSION]: [], [CSRF]: [] } : { [SESSION]: [] }],
    parameters,
    ...(doc.body ? { requestBody: { required: true, content: Object.fromEntries(Object.entries(doc.body).map(([type, schema]) => [type, { schema }])) } } : {}),
    responses,
  };
}

export const deskOpenApi: OpenApiModule = {
  tag: {
    name: 'Desk',
    description:
      'The newsroom’s desk (/desk; docs/desk.md): its own people and roles, sessions with two-factor, stories, revisions, previews, media. ' +
      'Every write needs the Origin of the site and the X-Desk-CSRF header (the session’s CSRF token from GET /api/desk/session). Never cached.',
  },
  paths: (t) => {
    t.schema(deskPerson);
    t.schema(deskStory);
    t.schema(deskFrontPage);
    const paths: Record<string, PathItem> = {};
    for (const route of deskRoutes) (paths[route.path] ??= {})[route.method.toLowerCase() as 'get'] = operation(route, t);
    return paths;
  },
  securitySchemes: {
    [SESSION]: { type: 'apiKey', in: 'cookie', name: 'desk_session', description: 'The desk’s HttpOnly, SameSite=Strict session cookie (named __Host-desk when SITE_URL is https).' },
    [CSRF]: { type: 'apiKey', in: 'header', name: CSRF_HEADER, description: 'The session’s CSRF token, sent back with every write.' },
  },
};
