/**
 * The site with an https SITE_URL (ADR 029), as behind a TLS proxy: the
 * server runs with SITE_URL=https://www.2m.test and is asked over http on
 * its port with the Host and Origin a browser on https://www.2m.test sends
 * (X-Forwarded-For from loopback, as nginx adds it, TRUST_PROXY_HOPS=1).
 * Every form and beacon goes through; the same from another origin (or
 * over http) is refused; cookies are Secure. Then the sign-in that a
 * stranger could lock (20 wrong sign-ins from 4 addresses, the owner from
 * a fifth), and, on a server that trusts another proxy, X-Forwarded-For
 * forged straight to Node. Each server starts on an empty store, without
 * pre-building.
 */
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../../scripts/test-server.ts';

const SITE = 'https://www.2m.test';
const HOST = 'www.2m.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(base: string, target: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path: target, method: opts.method ?? 'GET', headers: { 'user-agent': BROWSER, ...opts.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const cookiesOf = (res: Raw): string[] => [res.headers['set-cookie'] ?? []].flat();
const FORM = 'application/x-www-form-urlencoded';

describe('an https SITE_URL behind a TLS proxy', () => {
  let server: RunningServer;
  /** What a browser on https://www.2m.test sends through the proxy, from visitor address `from`. */
  const browser = (from = '196.200.10.1', origin = SITE) => ({ host: HOST, origin, 'x-forwarded-for': from, cookie: 'locale=fr' });

  beforeAll(async () => {
    server = await startServer({
      dataDir: mkdtempSync(path.join(tmpdir(), '2m-test-https-')),
      port: await freePort(),
      prebuild: false,
      env: { SITE_URL: SITE, TRUST_PROXY_HOPS: '1', FORMS_RATE_PER_HOUR: '50' },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers only its own name: the port the proxy reaches it on is not one', async () => {
    expect((await send(server.baseUrl, '/fr/contact', { headers: { host: HOST } })).status).toBe(200);
    expect((await send(server.baseUrl, '/fr/contact', { headers: { host: 'www.2m.test:443' } })).status).toBe(200);
    expect((await send(server.baseUrl, '/fr/contact', { headers: { host: new URL(server.baseUrl).host } })).status).toBe(400);
    expect((await send(server.baseUrl, '/healthz')).status).toBe(200);
  });

  it('sign-up, sign-in and sign-out from the https origin: through, with a Secure __Host- session cookie', async () => {
    const email = `https-${Date.now()}@example.ma`;
    const up = await send(server.baseUrl, '/api/account/registeration', {
      method: 'POST',
      headers: { ...browser(), 'content-type': FORM, locale: 'fr' },
      body: new URLSearchParams({ date: '1990-05-17', sexe: 'F', name: 'Salma Bennani', email, password: 'une longue phrase de passe' }).toString(),
    });
    expect(up.status).toBe(201);
    expect(cookiesOf(up)[0]).toMatch(/^__Host-sid=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=Lax$/);
    const login = await send(server.baseUrl, '/api/account/login', {
      method: 'POST',
      headers: { ...browser(), 'content-type': FORM, locale: 'fr' },
      body: new URLSearchParams({ username: email, password: 'une longue phrase de passe' }).toString(),
    });
    expect(login.status).toBe(200);
    const session = cookiesOf(login)[0]!.split(';')[0]!;
    const out = await send(server.baseUrl, '/api/account/logout', { method: 'POST', headers: { ...browser(), cookie: `locale=fr; ${session}` } });
    expect(out.status).toBe(200);
    // The probe's reproduction: the wrong scheme's Origin is another site.
    const wrongScheme = await send(server.baseUrl, '/api/account/login', {
      method: 'POST',
      headers: { ...browser('196.200.10.1', `http://${HOST}`), 'content-type': FORM },
      body: 'username=x&password=y',
    });
    expect(wrongScheme.status).toBe(403);
    const right = await send(server.baseUrl, '/api/account/login', { method: 'POST', headers: { ...browser(), 'content-type': FORM }, body: 'username=x%40example.ma&password=y' });
    expect(right.status).toBe(401);
  });

  it('the newsletter and contact forms without JavaScript: through from the https origin, 403 from another', async () => {
    const newsletter = await send(server.baseUrl, '/fr/newsletter', {
      method: 'POST',
      headers: { ...browser('196.200.10.2'), 'content-type': FORM },
      body: new URLSearchParams({ email: `nl-${Date.now()}@example.ma`, lang: 'fr' }).toString(),
    });
    expect(newsletter.status).toBeLessThan(400);
    expect(newsletter.headers['content-type']).toBe('text/html; charset=utf-8');
    const contact = await send(server.baseUrl, '/fr/contact', {
      method: 'POST',
      headers: { ...browser('196.200.10.3'), 'content-type': FORM },
      body: new URLSearchParams({ name: 'Amine Alaoui', email: 'amine@example.ma', subject: 'programmes', message: 'Bonjour, une question sur la grille de ce soir.', lang: 'fr' }).toString(),
    });
    expect(contact.status).toBeLessThan(400);
    const elsewhere = await send(server.baseUrl, '/fr/contact', { method: 'POST', headers: { ...browser('196.200.10.3', 'https://evil.example'), 'content-type': FORM }, body: 'name=x' });
    expect(elsewhere.status).toBe(403);
  });

  it('text/plain tracking beacons (sendBeacon of a string) from the https origin are stored', async () => {
    const play = {
      eventId: 7,
      contentId: 'live',
      videoFileURL: '/live/index.m3u8',
      contentType: 'live',
      clickSource: 'web',
      connexionMode: 'visiteur',
      userID: `https-${Date.now()}`,
      clickDate: Math.floor(Date.now() / 1000),
      pageURL: `${SITE}/fr/live`,
    };
    const beacon = await send(server.baseUrl, '/tracking/clicks.php', {
      method: 'POST',
      headers: { ...browser('196.200.10.4'), 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(play),
    });
    expect(beacon.status).toBe(204);
    const foreign = await send(server.baseUrl, '/tracking/clicks.php', {
      method: 'POST',
      headers: { ...browser('196.200.10.4', 'http://www.2m.test'), 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(play),
    });
    expect(foreign.status).toBe(403);
  });

  it('the locale cookie is Secure where it is set, and never on an answer shared caches keep', async () => {
    const redirect = await send(server.baseUrl, '/ar/shows', { headers: { host: HOST } });
    expect(redirect.status).toBe(301);
    expect(cookiesOf(redirect)[0]).toMatch(/^locale=ar; .*; Secure$/);
    const page = await send(server.baseUrl, '/fr/contact', { headers: { host: HOST, cookie: 'locale=ar' } });
    expect(page.headers['cache-control']).toMatch(/s-maxage/);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('20 wrong sign-ins from 4 addresses lock those four, not the owner: from a fifth, the right password signs in', { timeout: 120_000 }, async () => {
    const email = `owner-${Date.now()}@example.ma`;
    const password = 'la bonne phrase de passe';
    const up = await send(server.baseUrl, '/api/account/registeration', {
      method: 'POST',
      headers: { ...browser('196.200.20.1'), 'content-type': FORM },
      body: new URLSearchParams({ date: '1985-01-02', name: 'Owner Test', email, password }).toString(),
    });
    expect(up.status).toBe(201);
    const login = (from: string, pw: string) =>
      send(server.baseUrl, '/api/account/login', { method: 'POST', headers: { ...browser(from), 'content-type': FORM }, body: new URLSearchParams({ username: email, password: pw }).toString() });
    for (let a = 1; a <= 4; a++) {
      for (let i = 0; i < 5; i++) expect((await login(`203.0.113.${a}`, `wrong ${a} ${i}`)).status).toBe(401);
      expect((await login(`203.0.113.${a}`, password)).status).toBe(429);
    }
    const started = Date.now();
    const owner = await login('198.51.100.77', password);
    expect(owner.status).toBe(200);
    expect(cookiesOf(owner)[0]).toMatch(/^__Host-sid=/);
    // Slowed down (about a second), not refused.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('X-Forwarded-For forged straight to Node, trust on', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      dataDir: mkdtempSync(path.join(tmpdir(), '2m-test-trust-')),
      port: await freePort(),
      prebuild: false,
      // Trust on, for a proxy that is not this test: the test is a visitor reaching Node directly.
      env: { TRUST_PROXY_HOPS: '1', TRUSTED_PROXIES: '192.0.2.10' },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('a new X-Forwarded-For on each newsletter POST does not reset the per-address limit (5 an hour)', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const res = await send(server.baseUrl, '/api/newsletter/add-contact', {
        method: 'POST',
        headers: { 'content-type': FORM, origin: server.baseUrl, 'x-forwarded-for': `198.51.100.${i + 1}`, locale: 'fr' },
        body: new URLSearchParams({ email: `forged-${i}-${Date.now()}@example.ma`, lang: 'fr' }).toString(),
      });
      codes.push(res.status);
    }
    expect(codes.slice(0, 5).every((c) => c < 400)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('the sign-in pair limit holds whatever X-Forwarded-For says', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const res = await send(server.baseUrl, '/api/account/login', {
        method: 'POST',
        headers: { 'content-type': FORM, origin: server.baseUrl, 'x-forwarded-for': `198.51.100.${i + 50}` },
        body: 'username=victim%40example.ma&password=guess',
      });
      codes.push(res.status);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
