/**
 * Real answers of the endpoints outside the /api registry (accounts, forms,
 * push, statistics, widgets, ads, files) checked against the OpenAPI
 * document the server serves (tests/support/openapi-validator.ts): each
 * status must be declared, each media type listed, each JSON body valid
 * against its schema. The registry's answers are checked the same way in
 * contract.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { apiRoutes } from '../../src/server/api/routes/index.ts';
import { OpenApiChecker } from '../support/openapi-validator.ts';
import { typeCheckAnswers, type RecordedAnswer } from '../support/openapi-client-check.ts';

const baseUrl = inject('baseUrl');
type Doc = ConstructorParameters<typeof OpenApiChecker>[0];
let doc: Doc;
let checker: OpenApiChecker;
const store = testStore();
/** Every JSON answer received, for the generated client's type-check (last test). */
const recorded: RecordedAnswer[] = [];

beforeAll(async () => {
  doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Doc;
  checker = new OpenApiChecker(doc);
});

function record(method: string, docPath: string, status: number, body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const op = doc.paths[docPath]?.[method.toLowerCase()] as { operationId?: string } | undefined;
  if (op?.operationId) recorded.push({ operationId: op.operationId, status, body });
}

interface Call {
  method?: 'GET' | 'POST';
  /** The operation's path in the document. */
  doc: string;
  /** The real URL path (and query). */
  url: string;
  form?: Record<string, string>;
  json?: unknown;
  cookie?: string;
  locale?: 'ar' | 'fr';
}

async function answer(c: Call): Promise<{ status: number; body: unknown; res: Response }> {
  const method = c.method ?? 'GET';
  const headers: Record<string, string> = { locale: c.locale ?? 'fr' };
  if (method !== 'GET') headers.origin = baseUrl;
  if (c.cookie) headers.cookie = c.cookie;
  let body: string | undefined;
  if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(c.form).toString();
  } else if (c.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.json);
  }
  const res = await fetch(`${baseUrl}${c.url}`, { method, headers, redirect: 'manual', ...(body ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').startsWith('application/json') && text) parsed = JSON.parse(text);
  const problems = checker.check(method, c.doc, res.status, res.headers.get('content-type'), parsed);
  expect(problems, `${method} ${c.url} → ${res.status} ${text.slice(0, 300)}`).toEqual([]);
  record(method, c.doc, res.status, parsed);
  return { status: res.status, body: parsed, res };
}

const email = `openapi-${Date.now()}@example.org`;

describe('answers outside the registry match the OpenAPI document', () => {
  it('accounts: sign-up, me, sign-in, invalid fields, sign-out', async () => {
    const signup = await answer({
      method: 'POST',
      doc: '/api/account/registeration',
      url: '/api/account/registeration',
      form: { date: '1990-05-04', sexe: 'F', name: 'Salma Test', email, password: 'a long passphrase 2026' },
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = await answer({ doc: '/api/account/me', url: '/api/account/me', cookie });
    expect((me.body as { response: { email: string } }).response.email).toBe(email);
    expect((await answer({ doc: '/api/account/me', url: '/api/account/me' })).status).toBe(200);
    expect((await answer({ method: 'POST', doc: '/api/account/login', url: '/api/account/login', form: { username: email, password: 'a long passphrase 2026' } })).status).toBe(200);
    expect((await answer({ method: 'POST', doc: '/api/account/login', url: '/api/account/login', form: { username: email, password: 'wrong password!' } })).status).toBe(401);
    expect((await answer({ method: 'POST', doc: '/api/account/registeration', url: '/api/account/registeration', form: { email: 'x' } })).status).toBe(422);
    expect((await answer({ method: 'POST', doc: '/api/account/logout', url: '/api/account/logout', cookie })).status).toBe(200);
    expect((await answer({ method: 'POST', doc: '/api/account/auth-fb', url: '/api/account/auth-fb', form: { accessToken: 'abc' } })).status).toBe(503);
  });

  it('forms: newsletter and contact, accepted and refused', async () => {
    expect((await answer({ method: 'POST', doc: '/api/newsletter/add-contact', url: '/api/newsletter/add-contact', json: { email, lang: 'fr' } })).status).toBe(200);
    expect((await answer({ method: 'POST', doc: '/api/newsletter/add-contact', url: '/api/newsletter/add-contact', json: { email: 'nope' } })).status).toBe(422);
    const contact = { name: 'Salma Test', email, subject: 'news', message: 'Une question sur le JT de ce soir.', lang: 'fr' };
    expect((await answer({ method: 'POST', doc: '/api/set-form', url: '/api/set-form', json: contact })).status).toBe(200);
    expect((await answer({ method: 'POST', doc: '/api/set-form', url: '/api/set-form', json: { ...contact, subject: 'spam' } })).status).toBe(422);
  });

  it('push: key, refused subscription, unsubscribe', async () => {
    expect((await answer({ doc: '/api/push/key', url: '/api/push/key' })).status).toBe(200);
    expect((await answer({ method: 'POST', doc: '/api/push/subscribe', url: '/api/push/subscribe', json: { endpoint: 'ftp://x', keys: {} } })).status).toBe(422);
    const unsub = { endpoint: 'https://push.example.org/sub/1', keys: { auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
    expect([200, 422]).toContain((await answer({ method: 'POST', doc: '/api/push/unsubscribe', url: '/api/push/unsubscribe', json: unsub })).status);
  });

  it('statistics: a click accepted, an invalid play refused', async () => {
    const click = { eventId: 20, target: '/fr', label: 'Accueil', pageURL: `${baseUrl}/fr`, clickDate: Math.floor(Date.now() / 1000), userID: 'visitor-1' };
    expect((await answer({ method: 'POST', doc: '/tracking/clicks.php', url: '/tracking/clicks.php', json: click })).status).toBe(204);
    expect((await answer({ method: 'POST', doc: '/tracking/clicks.php', url: '/tracking/clicks.php', json: { eventId: 4 } })).status).toBe(422);
  });

  it('widgets: weather, prayer times, address, country', async () => {
    // No reachable provider in the tests: 503 (or 200 when one answers); an unknown town 404.
    expect([200, 503]).toContain((await answer({ method: 'POST', doc: '/mm-weather/get-forecast/{city}', url: '/mm-weather/get-forecast/1', form: { lang: 'fr' } })).status);
    expect((await answer({ method: 'POST', doc: '/mm-weather/get-forecast/{city}', url: '/mm-weather/get-forecast/999', form: { lang: 'fr' } })).status).toBe(404);
    expect((await answer({ doc: '/prieres/horaire-api.php', url: '/prieres/horaire-api.php?ville=58&date=2026-11-25' })).status).toBe(200);
    expect((await answer({ doc: '/prieres/horaire-api.php', url: '/prieres/horaire-api.php?ville=abc' })).status).toBe(422);
    expect((await answer({ doc: '/ip', url: '/ip/?format=json' })).status).toBe(200);
    expect((await answer({ doc: '/geo/json.gp', url: '/geo/json.gp?ip=41.248.0.1' })).status).toBe(200);
    expect((await answer({ doc: '/geo/json.gp', url: '/geo/json.gp?ip=nope' })).status).toBe(422);
  });

  it('ads and files', async () => {
    expect((await answer({ doc: '/ads/vast', url: '/ads/vast?unit=/2M/video/preroll&lang=fr' })).status).toBe(200);
    expect((await answer({ doc: '/ads/banner', url: '/ads/banner?unit=/2M/web/top&sizes=728x90&lang=fr' })).status).toBe(200);
    expect((await answer({ doc: '/ads/vast', url: '/ads/vast' })).status).toBe(422);
    for (const [doc, url] of [
      ['/sitemap.xml', '/sitemap.xml'],
      ['/{lang}/sitemap.xml', '/fr/sitemap.xml'],
      ['/news-sitemap.xml', '/news-sitemap.xml'],
      ['/{lang}/rss.xml', '/ar/rss.xml'],
      ['/robots.txt', '/robots.txt'],
      ['/api/openapi.json', '/api/openapi.json'],
      ['/live/{path}', '/live/2m/index.m3u8'],
    ] as const) {
      expect((await answer({ doc, url })).status, url).toBe(200);
    }
  });

  it('the registry: a sample answer of every GET path, in French', async () => {
    for (const route of apiRoutes) {
      if (route.method !== 'GET' || !route.sample) continue;
      const sample = await route.sample(store.db);
      const url = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(sample.params?.[n] ?? '')) + (sample.query ? `?${new URLSearchParams(sample.query)}` : '');
      await answer({ doc: route.path.replace(/(.)\/$/, '$1'), url });
    }
  });
});

describe('a client generated from the document', () => {
  it('type-checks against every answer received above (@hey-api/openapi-ts types, tsc --strict)', () => {
    expect(recorded.length).toBeGreaterThan(40);
    const { errors, checked } = typeCheckAnswers(doc, recorded);
    expect(errors).toBe('');
    expect(checked).toBe(recorded.length);
  }, 120_000);
});
