/**
 * The OpenAPI 3.1 document of every machine endpoint the site answers:
 * the /api route registry (generated from its zod schemas), plus the
 * endpoints outside the registry (accounts, forms, push, tracking, widgets,
 * ads, feeds, short links), each described by an `OpenApiModule` listed in
 * `openapi-modules.ts` (one line per module).
 *
 * Schemas that carry a zod id (`.meta({ id: 'VideoCard' })`) become
 * `components.schemas.VideoCard` and are referenced as
 * `#/components/schemas/VideoCard`; two different schemas under one id stop
 * the generation (a test builds the document). `redocly lint` passes with
 * its recommended rules (tests/unit/openapi.test.ts).
 */
import { LOCALES } from '../../i18n/locales.ts';
import { z } from 'zod';
import type { RouteDef } from './define.ts';
import { envelopeSchema, errorEnvelopeSchema } from './define.ts';

export type JsonSchema = Record<string, unknown>;
type Operation = JsonSchema;
/** An OpenAPI path item: operations by lower-case method. */
export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'delete' | 'head' | 'patch', Operation>> & { summary?: string };

/** Helpers a module gets to build its operations from zod schemas. */
export interface OpenApiTools {
  /** A zod schema as JSON Schema, its named parts moved to components. */
  schema(schema: z.ZodType, io?: 'input' | 'output'): JsonSchema;
  /** A JSON answer in the envelope `{ header, response }` whose `response` is `response`. */
  envelope(response: z.ZodType, description?: string, headers?: Record<string, JsonSchema>): JsonSchema;
  /** An error answer: the envelope with `status: "ERROR"`, `response: null`. */
  error(description: string, headers?: Record<string, JsonSchema>): JsonSchema;
  /** A response of another media type (XML, text, HLS…). */
  content(description: string, mediaType: string, schema?: JsonSchema, headers?: Record<string, JsonSchema>): JsonSchema;
  /** The `locale` request header (ar or fr). */
  localeHeader: JsonSchema;
  /** Operation-level security: the session cookie when present, else anonymous. */
  optionalSession: JsonSchema[];
  /** Operation-level security: the session cookie is required (401 without it). */
  session: JsonSchema[];
}

export interface OpenApiModule {
  /** OpenAPI tag of the module's operations (with its description). */
  tag: { name: string; description: string };
  paths(tools: OpenApiTools): Record<string, PathItem>;
  /** Security schemes its operations name (e.g. the newsroom's bearer token). */
  securitySchemes?: Record<string, JsonSchema>;
}

const REF_PREFIX = '#/components/schemas/';

/** Collects named schemas into `components.schemas` while converting. */
class SchemaBook {
  readonly components: Record<string, JsonSchema> = {};

  schema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
    const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    delete out.$schema;
    const defs = (out.$defs ?? {}) as Record<string, JsonSchema>;
    delete out.$defs;
    const top = typeof out.id === 'string' ? out.id : undefined;
    for (const [name, def] of Object.entries(defs)) this.add(name, rewriteRefs(def) as JsonSchema);
    const body = rewriteRefs(out) as JsonSchema;
    if (top) {
      // The schema itself is named: keep it in components and refer to it.
      delete body.id;
      this.add(top, body);
      return { $ref: REF_PREFIX + top };
    }
    return body;
  }

  private add(name: string, def: JsonSchema): void {
    const clean = { ...def };
    delete clean.id;
    const seen = this.components[name];
    if (seen && JSON.stringify(seen) !== JSON.stringify(clean)) {
      throw new Error(`OpenAPI: two different schemas are named ${name}`);
    }
    this.components[name] = clean;
  }
}

/** `#/$defs/X` (zod's local references) → `#/components/schemas/X`. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? REF_PREFIX + v.slice('#/$defs/'.length) : rewriteRefs(v);
    }
    return out;
  }
  return value;
}

function createTools(book: SchemaBook): OpenApiTools {
  const json = (description: string, schema: JsonSchema, headers?: Record<string, JsonSchema>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema } },
  });
  return {
    schema: (s, io) => book.schema(s, io),
    envelope: (response, description = 'OK', headers) => json(description, book.schema(envelopeSchema(response), 'output'), headers),
    error: (description, headers) => json(description, book.schema(errorEnvelopeSchema, 'output'), headers),
    content: (description, mediaType, schema = { type: 'string' }, headers) => ({
      description,
      ...(headers ? { headers } : {}),
      content: { [mediaType]: { schema } },
    }),
    localeHeader: {
      name: 'locale',
      in: 'header',
      required: false,
      description: 'Language of the answer and of its messages (ar or fr); default: the lang query, the locale cookie, else ar.',
      schema: { type: 'string', enum: LOCALES },
    },
    optionalSession: [{ session: [] }, {}],
    session: [{ session: [] }],
  };
}

/** operationId from method and path: GET /api/postdetails/{id} → getApiPostdetailsId. */
export function operationId(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`;
}

/** The document path of a registry route: the dispatcher answers with or without a trailing slash. */
const documentPath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

function registryParameters(def: RouteDef, tools: OpenApiTools): JsonSchema[] {
  const out: JsonSchema[] = [tools.localeHeader];
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
        schema: tools.schema(fieldSchema, 'input'),
        ...(fieldSchema.description ? { description: fieldSchema.description } : {}),
      });
    }
  }
  return out;
}

function registryPaths(routes: readonly RouteDef[], tools: OpenApiTools): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const def of routes) {
    const path = documentPath(def.path);
    const method = def.method.toLowerCase() as 'get' | 'post';
    const hasParams = Boolean(def.params || def.query);
    (paths[path] ??= {})[method] = {
      operationId: operationId(def.method, path),
      summary: def.summary,
      tags: [def.group],
      parameters: registryParameters(def, tools),
      responses: {
        '200': tools.envelope(def.response),
        ...(def.mayBeEmpty ? { '204': { description: 'Nothing to show' } } : {}),
        ...(hasParams ? { '400': tools.error('Malformed parameter') } : {}),
        '404': tools.error(hasParams ? 'Unknown item' : 'Nothing published yet'),
      },
    };
  }
  return paths;
}

export interface OpenApiInput {
  routes: readonly RouteDef[];
  /** Tag descriptions of the registry's groups. */
  registryTags?: Record<string, string>;
  modules: readonly OpenApiModule[];
  serverUrl: string;
}

export function buildOpenApi(input: OpenApiInput): JsonSchema {
  const book = new SchemaBook();
  const tools = createTools(book);
  const paths: Record<string, PathItem> = registryPaths(input.routes, tools);
  const tags = new Map<string, string>();
  const securitySchemes: Record<string, JsonSchema> = {};
  for (const def of input.routes) tags.set(def.group, input.registryTags?.[def.group] ?? `${def.group} (docs/product.md, Content API, Video API)`);
  for (const mod of input.modules) {
    tags.set(mod.tag.name, mod.tag.description);
    Object.assign(securitySchemes, mod.securitySchemes);
    for (const [path, item] of Object.entries(mod.paths(tools))) {
      const target = (paths[path] ??= {});
      for (const [method, op] of Object.entries(item)) {
        if (method in target) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is described twice`);
        (target as Record<string, unknown>)[method] = op;
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '2M site API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-2M-Proprietary' },
      description:
        'Every machine endpoint of the 2M site. JSON answers are an envelope { header: { status, code, message?, errors? }, response }; ' +
        'the locale request header (ar or fr) selects the language of the answer and of its messages. ' +
        'A malformed parameter answers 400 on /api GET paths; forms and widgets answer 422 with one message per field (never 400: docs/product.md, Errors). ' +
        'Every /api path also answers with a trailing slash (docs/product.md, Video API spells /api/watchJTDetail/).',
    },
    servers: [{ url: input.serverUrl }],
    // Nothing needs credentials; the account endpoints read the session cookie when there is one.
    security: [],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: book.components,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'The HttpOnly session cookie set by sign-in and sign-up (named __Host-sid when SITE_URL is https).',
        },
        ...securitySchemes,
      },
    },
  };
}
