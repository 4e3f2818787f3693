/**
 * The OpenAPI 3.1 document, generated from the route registry's zod schemas.
 */
import { z } from 'zod';
import type { RouteDef } from './define.ts';
import { envelopeSchema, errorEnvelopeSchema } from './define.ts';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
}

function parameters(def: RouteDef): JsonSchema[] {
  const out: JsonSchema[] = [
    {
      name: 'locale',
      in: 'header',
      required: false,
      description: 'Language of the answer (ar or fr); default ar.',
      schema: { type: 'string', enum: ['ar', 'fr'] },
    },
  ];
  for (const [where, obj] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!obj) continue;
    for (const [name, field] of Object.entries(obj.shape)) {
      const fieldSchema = field as z.ZodType;
      out.push({
        name,
        in: where,
        required: where === 'path' || !fieldSchema.safeParse(undefined).success,
        schema: toSchema(fieldSchema, 'input'),
        ...(fieldSchema.description ? { description: fieldSchema.description } : {}),
      });
    }
  }
  return out;
}

export function buildOpenApi(routes: readonly RouteDef[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: toSchema(errorEnvelopeSchema, 'output') } },
  });
  for (const def of routes) {
    const op: JsonSchema = {
      operationId: `${def.method.toLowerCase()}${def.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: def.summary,
      tags: [def.group],
      parameters: parameters(def),
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: toSchema(envelopeSchema(def.response), 'output') } },
        },
        ...(def.mayBeEmpty ? { '204': { description: 'Nothing to show' } } : {}),
        '400': error('Malformed parameter'),
        '404': error('Unknown item'),
      },
    };
    (paths[def.path] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '2M site API',
      version: '1.0.0',
      description:
        'The JSON API behind the 2M site. Every answer is an envelope { header: { status, code, message? }, response }. The locale request header selects the language.',
    },
    servers: [{ url: serverUrl }],
    paths,
  };
}
