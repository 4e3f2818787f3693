/**
 * The API contract, checked over HTTP against the built server (see
 * global-setup.ts): every route of the registry answers its sample in both
 * languages with the envelope and its declared payload, public caching for
 * GETs, 404 for an unknown item and 400 for a malformed request. A route that
 * gives no sample (or, with path parameters, no unknown/malformed sample)
 * fails, so no path escapes the contract.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { testStore } from '../support/test-store.ts';
import { envelopeSchema, errorEnvelopeSchema, type RouteDef, type Sample } from '../../src/server/api/define.ts';
import { apiRoutes } from '../../src/server/api/routes/index.ts';
import { broadcastOpenApiPaths, NEWSROOM_SECURITY } from '../../src/server/broadcast/openapi.ts';
import { newsroomRoutes } from '../../src/server/newsroom/routes.ts';
import { OpenApiChecker } from '../support/openapi-validator.ts';

const baseUrl = inject('baseUrl');
const LOCALES = ['ar', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

const store = testStore();
/** The served OpenAPI document: every answer below must match it too. */
let checker: OpenApiChecker;
beforeAll(async () => {
  checker = new OpenApiChecker((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as ConstructorParameters<typeof OpenApiChecker>[0]);
});

/* ---- helpers ---- */

const routeName = (route: RouteDef) => `${route.method} ${route.path}`;
/** The route's path in the OpenAPI document (the dispatcher answers with or without a trailing slash). */
const docPath = (route: RouteDef) => route.path.replace(/(.)\/$/, '$1');

function expectDocumented(route: RouteDef, a: Answer): void {
  expect(checker.check(route.method, docPath(route), a.status, a.headers.get('content-type'), a.json), describeAnswer(a)).toEqual([]);
}
const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The request URL for a route and a sample; a missing path parameter is a test failure. */
function urlFor(route: RouteDef, sample: Sample): string {
  const params = sample.params ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${routeName(route)}: the sample gives no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(sample.query ?? {}).toString();
  return `${baseUrl}${path}${query ? `?${query}` : ''}`;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  url: string;
}

async function call(url: string, init: { method?: string; locale?: Locale; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.locale) headers.locale = init.locale;
  // As a browser on the site would: Astro's origin check refuses a cross-site POST.
  if ((init.method ?? 'GET') !== 'GET') headers.origin = baseUrl;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, redirect: 'manual', ...(body ? { body } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json, url };
}

/** Parses with a schema; on failure the test fails with zod's readable report. */
function expectSchema<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    expect.fail(`${what} does not match its schema:\n${z.prettifyError(result.error)}\n\nbody: ${JSON.stringify(value).slice(0, 2000)}`);
  }
  return result.data;
}

function describeAnswer(a: Answer): string {
  return `${a.url} answered ${a.status}: ${a.text.slice(0, 500)}`;
}

function expectErrorEnvelope(a: Answer, code: number): void {
  expect(a.status, describeAnswer(a)).toBe(code);
  expect(a.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const env = expectSchema(errorEnvelopeSchema, a.json, `${a.url} (${code} envelope)`);
  expect(env.header.code).toBe(code);
  expect(env.header.message ?? '', `${a.url}: an error envelope carries a message`).not.toBe('');
}

/** Body of a POST sample, when a route declares one (write paths). */
const sampleBody = (sample: Sample): unknown => (sample as Sample & { body?: unknown }).body;

/* ---- the registry ---- */

describe('route registry', () => {
  it('is not empty', () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
  });

  it('declares each method and path once', () => {
    const keys = apiRoutes.map(routeName);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('declares params exactly for the {names} of each path', () => {
    const problems: string[] = [];
    for (const route of apiRoutes) {
      const inPath = pathParamNames(route.path).sort();
      const declared = Object.keys(route.params?.shape ?? {}).sort();
      if (JSON.stringify(inPath) !== JSON.stringify(declared)) {
        problems.push(`${routeName(route)}: path has {${inPath.join(', ')}}, params declare [${declared.join(', ')}]`);
      }
    }
    expect(problems).toEqual([]);
  });
});

for (const route of apiRoutes) {
  const hasParams = pathParamNames(route.path).length > 0 || Object.keys(route.params?.shape ?? {}).length > 0;

  describe(routeName(route), () => {
    it('gives the contract samples', () => {
      expect(route.sample, `${routeName(route)} has no sample(db)`).toBeTypeOf('function');
      if (hasParams) {
        expect(route.unknownSample, `${routeName(route)} has path parameters but no unknownSample`).toBeDefined();
        expect(route.malformedSample, `${routeName(route)} has path parameters but no malformedSample`).toBeDefined();
      }
    });

    for (const locale of LOCALES) {
      it(`answers its sample in ${locale}`, async () => {
        if (!route.sample) return expect.fail(`${routeName(route)} has no sample(db)`);
        const sample = await route.sample(store.db);
        const a = await call(urlFor(route, sample), { method: route.method, locale, body: sampleBody(sample) });
        expect(a.status, describeAnswer(a)).not.toBe(500);
        const allowed = route.mayBeEmpty ? [200, 204] : [200];
        expect(allowed, describeAnswer(a)).toContain(a.status);

        if (route.method === 'GET') {
          const cc = a.headers.get('cache-control');
          expect(cc, `${a.url}: Cache-Control is missing`).toBeTruthy();
          expect(cc, `${a.url}: a GET answer must be cacheable by a CDN`).not.toMatch(/\b(private|no-store)\b/);
        }
        if (a.status === 204) {
          expect(a.text).toBe('');
          return;
        }
        expect(a.headers.get('content-type') ?? '').toMatch(/^application\/json/);
        const env = expectSchema(envelopeSchema(route.response), a.json, `${a.url} [${locale}]`);
        expect(env.header.status).toBe('OK');
        expect(env.header.code).toBe(200);
        expectDocumented(route, a);
      });
    }

    if (route.unknownSample) {
      const unknown = route.unknownSample;
      it('answers 404 with the ERROR envelope for an unknown item', async () => {
        for (const locale of LOCALES) {
          const a = await call(urlFor(route, unknown), { method: route.method, locale, body: sampleBody(unknown) });
          expectErrorEnvelope(a, 404);
          expectDocumented(route, a);
        }
      });
    }

    if (route.malformedSample) {
      const malformed = route.malformedSample;
      it('answers 400 with the ERROR envelope for a malformed request', async () => {
        for (const locale of LOCALES) {
          const a = await call(urlFor(route, malformed), { method: route.method, locale, body: sampleBody(malformed) });
          expectErrorEnvelope(a, 400);
          expectDocumented(route, a);
        }
      });
    }
  });
}

/* ---- the OpenAPI document ---- */

describe('/api/openapi.json', () => {
  interface Operation {
    operationId?: unknown;
    responses?: Record<string, unknown>;
  }
  let doc: { openapi?: unknown; info?: { title?: unknown; version?: unknown }; paths?: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    const a = await call(`${baseUrl}/api/openapi.json`);
    expect(a.status, describeAnswer(a)).toBe(200);
    expect(a.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    doc = a.json as typeof doc;
  });

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info?.title).toBeTypeOf('string');
    expect(doc.info?.version).toBeTypeOf('string');
    expect(doc.paths).toBeTypeOf('object');
  });

  it('lists every registry path, the newsroom ones (and the endpoints outside it: tests/unit/openapi.test.ts)', () => {
    const newsroom = [...Object.keys(broadcastOpenApiPaths()), ...newsroomRoutes.filter((r) => r.doc).map((r) => r.path)];
    expect(Object.keys(doc.paths ?? {})).toEqual(expect.arrayContaining([...new Set([...apiRoutes.map(docPath), ...newsroom])]));
  });

  it('puts every newsroom operation behind the bearer scheme', () => {
    const doc2 = doc as typeof doc & { components?: { securitySchemes?: Record<string, { scheme?: string }> } };
    expect(doc2.components?.securitySchemes?.[NEWSROOM_SECURITY]?.scheme).toBe('bearer');
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      if (!path.startsWith('/api/newsroom/')) continue;
      for (const op of Object.values(ops) as { security?: unknown }[]) expect(op.security, path).toEqual([{ [NEWSROOM_SECURITY]: [] }]);
    }
  });

  it('describes every operation with its method, a unique id and 200/404 answers (400 with parameters)', () => {
    const ids = new Set<unknown>();
    for (const route of apiRoutes) {
      const op = doc.paths?.[docPath(route)]?.[route.method.toLowerCase()];
      expect(op, `${routeName(route)} missing from the document`).toBeDefined();
      const hasParams = Boolean(route.params || route.query);
      expect(Object.keys(op?.responses ?? {}), routeName(route)).toEqual(expect.arrayContaining(hasParams ? ['200', '400', '404'] : ['200', '404']));
      expect(op?.operationId, routeName(route)).toBeTypeOf('string');
      expect(ids.has(op?.operationId), `${routeName(route)}: duplicate operationId`).toBe(false);
      ids.add(op?.operationId);
      if (route.mayBeEmpty) expect(Object.keys(op?.responses ?? {})).toContain('204');
    }
  });
});

/* ---- dispatcher behaviour ---- */

describe('dispatcher', () => {
  it('answers 404 with the ERROR envelope for an unknown /api path', async () => {
    for (const locale of LOCALES) {
      expectErrorEnvelope(await call(`${baseUrl}/api/no-such-endpoint-for-tests`, { locale }), 404);
    }
  });

  it('answers 405 with the ERROR envelope and Allow for POST on a GET path', async () => {
    const route = apiRoutes.find((r) => r.method === 'GET' && r.sample && !apiRoutes.some((o) => o !== r && o.path === r.path));
    if (!route?.sample) return expect.fail('no GET route with a sample in the registry');
    const a = await call(urlFor(route, await route.sample(store.db)), { method: 'POST', locale: 'fr' });
    expectErrorEnvelope(a, 405);
    expect(a.headers.get('allow')).toBe('GET');
  });

  it('error messages follow the locale header', async () => {
    const ar = await call(`${baseUrl}/api/no-such-endpoint-for-tests`, { locale: 'ar' });
    const fr = await call(`${baseUrl}/api/no-such-endpoint-for-tests`, { locale: 'fr' });
    const msg = (a: Answer) => (a.json as { header?: { message?: string } }).header?.message;
    expect(msg(ar)).not.toBe(msg(fr));
    expect(msg(ar)).toMatch(/\p{Script=Arabic}/u);
  });

  it('the locale header changes the language of a content answer (/api/getmastertags)', async () => {
    const route = apiRoutes.find((r) => r.path === '/api/getmastertags');
    if (!route) return expect.fail('/api/getmastertags (docs/product.md, Content API) is not in the registry yet');
    const names = async (locale: Locale): Promise<string[]> => {
      const a = await call(`${baseUrl}/api/getmastertags`, { locale });
      expect(a.status, describeAnswer(a)).toBe(200);
      const found: string[] = [];
      // Collect every `name` in the payload, whatever its exact shape.
      JSON.stringify((a.json as { response: unknown }).response, (key, value: unknown) => {
        if (key === 'name' && typeof value === 'string') found.push(value);
        return value;
      });
      return found;
    };
    const [ar, fr] = await Promise.all([names('ar'), names('fr')]);
    expect(ar.length, 'no master tag names in the Arabic answer').toBeGreaterThan(0);
    expect(fr.length, 'no master tag names in the French answer').toBeGreaterThan(0);
    expect(ar).not.toEqual(fr);
    expect(ar.some((n) => /\p{Script=Arabic}/u.test(n)), `Arabic names: ${ar.join(', ')}`).toBe(true);
    expect(fr.some((n) => /[A-Za-zÀ-ÿ]/.test(n)), `French names: ${fr.join(', ')}`).toBe(true);
  });

  it('without a locale header the answer is in Arabic', async () => {
    const a = await call(`${baseUrl}/api/no-such-endpoint-for-tests`);
    expect((a.json as { header?: { message?: string } }).header?.message).toMatch(/\p{Script=Arabic}/u);
  });
});
