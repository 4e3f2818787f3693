/**
 * The OpenAPI description of the newsroom's video and broadcast endpoints
 * (src/server/broadcast/routes.ts), merged into /api/openapi.json: request
 * bodies from the same zod schemas that check them, every operation behind
 * the newsroom's bearer scheme.
 */
import { LOCALES } from '../../i18n/locales.ts';
import type { OpenApiModule, PathItem } from '../api/openapi.ts';
import { z } from 'zod';
import { breakingListInput } from './breaking.ts';
import { liveInput } from './live.ts';
import { replayInput } from './replays.ts';

type JsonSchema = Record<string, unknown>;

/** The security scheme name of the newsroom API (a bearer token from `npm run newsroom -- token create`). */
export const NEWSROOM_SECURITY = 'newsroomBearer';

export const newsroomSecurityScheme: JsonSchema = {
  type: 'http',
  scheme: 'bearer',
  description: 'A newsroom token (npm run newsroom -- token create --name NAME), sent as Authorization: Bearer nr_…',
};

const input = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

const envelope = (response: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  required: ['header', 'response'],
  properties: {
    header: {
      type: 'object',
      required: ['status', 'code'],
      properties: {
        status: { enum: ['OK', 'ERROR'] },
        code: { type: 'integer' },
        message: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Per field (422): `programme.3.stop`, `items.0.url`…' },
      },
    },
    response,
  },
});

const json = (description: string, response: JsonSchema = {}) => ({ description, content: { 'application/json': { schema: envelope(response) } } });
const errors = {
  '401': json('No live bearer token (missing, wrong or revoked); WWW-Authenticate: Bearer; written to the audit trail'),
  '422': json('Refused, nothing changed: `header.errors` lists each field (or programme) and why, in English'),
  '429': {
    ...json('Too many failed authentications from this address (NEWSROOM_AUTH_FAILURES_PER_MIN): try again after Retry-After seconds'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  },
};
/** What every call may answer besides its own codes. */
const always = { '401': errors['401'], '429': errors['429'] };
const jsonBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: input(schema) } } });
const lang = { name: 'lang', in: 'path', required: true, schema: { enum: LOCALES } };

const breakingItem: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    url: { type: 'string' },
    articleId: { type: ['integer', 'null'] },
    position: { type: 'integer' },
    startsAt: { type: 'string' },
    endsAt: { type: ['string', 'null'] },
  },
};
const breakingList: JsonSchema = { type: 'object', properties: { lang: { enum: LOCALES }, items: { type: 'array', items: breakingItem } } };
const liveState: JsonSchema = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    source: { enum: ['newsroom', 'config', 'builtin'] },
    title: { type: 'object', properties: { ar: { type: 'string' }, fr: { type: 'string' } } },
    newsroom: { type: ['object', 'null'] },
  },
};

function op(tag: string, summary: string, rest: JsonSchema): JsonSchema {
  return { tags: [tag], summary, security: [{ [NEWSROOM_SECURITY]: [] }], ...rest };
}

/** Paths of the broadcast endpoints, in the document's `paths` shape. */
export function broadcastOpenApiPaths(): Record<string, Record<string, JsonSchema>> {
  return {
    '/api/newsroom/grid': {
      post: op('Newsroom: broadcast', "Replace the grid from the XMLTV document's first start to its last stop (whole broadcast days, 06:00–06:00 Africa/Casablanca, replace those days; at most 31 days); times read in their own offset or named zone (BST)", {
        operationId: 'newsroomGridImport',
        requestBody: {
          required: true,
          content: {
            'application/xml': {
              schema: { type: 'string', description: 'An XMLTV <tv> document (UTF-8, or ISO-8859-1 when declared); at most 5 MB, 200,000 elements, 32 deep; no internal DTD, no entity but XML’s five and character references' },
            },
          },
        },
        responses: {
          '200': json('Replaced', { type: 'object', properties: { days: { type: 'array', items: { type: 'string' } }, programmes: { type: 'integer' }, replaced: { type: 'integer' } } }),
          ...errors,
          '413': json('Over 5 MB'),
          '415': json('Not application/xml or text/xml'),
        },
      }),
    },
    '/api/newsroom/breaking/{lang}': {
      get: op('Newsroom: broadcast', "One language's breaking-news items, in ticker order", {
        operationId: 'newsroomBreakingList',
        parameters: [lang],
        responses: { '200': json('The list', breakingList), ...always },
      }),
      put: op('Newsroom: broadcast', "Replace one language's ticker: new items and items kept by id, in the order given (how a list is reordered)", {
        operationId: 'newsroomBreakingSet',
        parameters: [lang],
        requestBody: jsonBody(breakingListInput),
        responses: { '200': json('The new list', breakingList), ...errors },
      }),
      delete: op('Newsroom: broadcast', "Empty one language's ticker (no body, Content-Type or Origin needed)", {
        operationId: 'newsroomBreakingClear',
        parameters: [lang],
        responses: { '200': json('Cleared', { type: 'object', properties: { lang: { type: 'string' }, removed: { type: 'integer' } } }), ...always },
      }),
    },
    '/api/newsroom/live': {
      get: op('Newsroom: broadcast', 'What the live page plays and where it comes from: the newsroom, LIVE_STREAM_URL or the built-in channel', {
        operationId: 'newsroomLiveGet',
        responses: { '200': json('The live stream', liveState), ...always },
      }),
      put: op('Newsroom: broadcast', 'Play this stream (HLS or MP4, on this site or an allowed media origin: LIVE_STREAM_URL’s or MEDIA_ORIGINS, else 422) with this title; it wins over LIVE_STREAM_URL until cleared', {
        operationId: 'newsroomLiveSet',
        requestBody: jsonBody(liveInput),
        responses: { '200': json('Set', liveState), ...errors },
      }),
      delete: op('Newsroom: broadcast', 'Clear the newsroom stream: LIVE_STREAM_URL, else the built-in channel, plays again (no body, Content-Type or Origin needed)', {
        operationId: 'newsroomLiveClear',
        responses: { '200': json('Cleared', liveState), ...always },
      }),
    },
    '/api/newsroom/videos': {
      post: op('Newsroom: broadcast', 'Create or update a replay (episode, JT bulletin, web video) by its uri; its video and captions on this site or an allowed media origin (MEDIA_ORIGINS, else 422), a poster by URL copied into the media store', {
        operationId: 'newsroomVideoPublish',
        requestBody: jsonBody(replayInput),
        responses: {
          '201': json('Created', { type: 'object', properties: { id: { type: 'integer' }, kind: { type: 'string' }, uri: { type: 'string' }, created: { type: 'boolean' }, publishedAt: { type: 'string' }, paths: { type: 'object' } } }),
          '200': json('Updated'),
          ...errors,
        },
      }),
    },
    '/guidetv.xml': {
      get: {
        tags: ['Grid'],
        summary: 'The programme grid as XMLTV (public): broadcast days from..to, times in Africa/Casablanca; what POST /api/newsroom/grid takes back unchanged',
        operationId: 'guidetvXml',
        parameters: [
          { name: 'from', in: 'query', required: false, schema: { type: 'string', format: 'date' }, description: 'First broadcast day (default: the one in progress)' },
          { name: 'to', in: 'query', required: false, schema: { type: 'string', format: 'date' }, description: 'Last broadcast day (default: from, or 6 days after today); at most 31 days' },
        ],
        responses: {
          '200': { description: 'XMLTV', content: { 'application/xml': { schema: { type: 'string' } } } },
          '400': { description: 'Bad range', content: { 'text/plain': { schema: { type: 'string' } } } },
        },
      },
    },
  };
}

/**
 * The same paths as an OpenAPI module (`{ tag, paths }`), for a document
 * assembled from per-area modules; its operations name the bearer scheme
 * `newsroomSecurityScheme` describes.
 */
export const broadcastOpenApi: OpenApiModule = {
  tag: {
    name: 'Newsroom: broadcast',
    description: 'Replays, breaking news, the live stream and the XMLTV programme grid, published by the newsroom with a bearer token.',
  },
  paths: () => broadcastOpenApiPaths() as Record<string, PathItem>,
  securitySchemes: { [NEWSROOM_SECURITY]: newsroomSecurityScheme },
};
