/**
 * The newsroom endpoints in the OpenAPI document (/api/openapi.json): one
 * operation per route of the table in routes.ts that has a `doc`, each with
 * the bearer security scheme: `newsroomOpenApi`, one of the modules listed
 * in src/server/api/openapi-modules.ts.
 */
import { LOCALES } from '../../i18n/locales.ts';
import type { OpenApiModule, PathItem } from '../api/openapi.ts';
import type { NewsroomRoute } from './router.ts';
import { newsroomRoutes } from './routes.ts';
import { NEWSROOM_SECURITY, newsroomSecurityScheme } from '../broadcast/openapi.ts';

type Json = Record<string, unknown>;

/** One bearer scheme for every newsroom endpoint, articles and media as well as broadcast. */
const SCHEME = NEWSROOM_SECURITY;

const envelope = (response: Json): Json => ({
  type: 'object',
  required: ['header', 'response'],
  properties: {
    header: {
      type: 'object',
      required: ['status', 'code'],
      properties: { status: { const: 'OK' }, code: { type: 'integer' }, message: { type: 'string' } },
    },
    response,
  },
});

const errorEnvelope: Json = {
  type: 'object',
  required: ['header', 'response'],
  properties: {
    header: {
      type: 'object',
      required: ['status', 'code', 'message'],
      properties: {
        status: { const: 'ERROR' },
        code: { type: 'integer' },
        message: { type: 'string', description: 'In the request’s language (locale header; default Arabic)' },
        errors: {
          type: 'object',
          description: 'Problems per field, keyed by the field’s path in the document (headlines.0.value), in English whatever the locale: they are for machines and logs (ADR 031)',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    response: { type: 'null' },
  },
};

function operation(route: NewsroomRoute): Json {
  const doc = route.doc!;
  const error = (description: string): Json => ({ description, content: { 'application/json': { schema: errorEnvelope } } });
  const responses: Json = {};
  for (const [code, description] of Object.entries(doc.codes)) {
    responses[code] =
      Number(code) < 400
        ? { description, content: { 'application/json': { schema: envelope(doc.response ?? {}) } } }
        : error(description);
  }
  responses['401'] = { ...error('No live token (missing, wrong or revoked); written to the audit trail'), headers: { 'WWW-Authenticate': { schema: { type: 'string' } } } };
  responses['429'] = {
    ...error('Too many failed authentications from this address (NEWSROOM_AUTH_FAILURES_PER_MIN): try again after Retry-After seconds'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  };
  const parameters: Json[] = [
    { name: 'locale', in: 'header', required: false, description: 'Language of the messages (ar or fr); default ar.', schema: { type: 'string', enum: LOCALES } },
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(doc.query ?? {}).map(([name, q]) => ({ name, in: 'query', required: q.required ?? false, description: q.description, schema: { type: 'string' } })),
  ];
  return {
    operationId: `newsroom${route.method[0]}${route.method.slice(1).toLowerCase()}${route.path.replace('/api/newsroom', '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: ['Newsroom'],
    security: [{ [SCHEME]: [] }],
    parameters,
    ...(doc.body
      ? { requestBody: { required: true, content: Object.fromEntries(Object.entries(doc.body).map(([type, schema]) => [type, { schema }])) } }
      : {}),
    responses,
  };
}

/** The newsroom's article and media endpoints: one operation per documented route of the table in routes.ts. */
function newsroomOpenApiPaths(routes: readonly NewsroomRoute[] = newsroomRoutes): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (!route.doc) continue;
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method.toLowerCase()]: operation(route) };
  }
  return paths;
}

/** The newsroom's OpenAPI module (src/server/api/openapi-modules.ts), behind the one bearer scheme. */
export const newsroomOpenApi: OpenApiModule = {
  tag: { name: 'Newsroom', description: 'Articles (IPTC ninjs 2.x) and pictures, published by the newsroom with a bearer token (docs/newsroom.md).' },
  paths: () => newsroomOpenApiPaths() as Record<string, PathItem>,
  securitySchemes: { [SCHEME]: newsroomSecurityScheme },
};
