/**
 * Hardening (ADR 013) over real HTTP against the built site: absolute URLs never come
 * from the Host header.
 */
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with headers fetch() will not send (Host). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const u = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Forwarded headers a client may forge (the Host itself gets 400: tests/api/security.test.ts). */
const EVIL = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443', origin: 'https://evil.example' };

describe('never trust Host', () => {
  it('a Host that is not the site\'s is refused (400) before anything is rendered', async () => {
    for (const path of ['/ads/vast?unit=/2M/video/preroll&lang=fr', '/fr', '/ads/banner?unit=/2M/web/top&sizes=728x90&lang=fr']) {
      expect((await raw(path, { ...EVIL, host: 'evil.example' })).status, path).toBe(400);
    }
  });

  it('VAST: tracking and media URLs from SITE_URL; any origin may read it, never with credentials', async () => {
    const res = await raw('/ads/vast?unit=/2M/video/preroll&lang=fr', EVIL);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<VAST');
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`${baseUrl}/ads/track?`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('display ads and their click-through redirect point at SITE_URL', async () => {
    const res = await raw('/ads/banner?unit=/2M/web/top&sizes=728x90&lang=fr', EVIL);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('evil.example');
    const { ad } = JSON.parse(res.body) as { ad: { href: string } | null };
    expect(ad).not.toBeNull();
    expect(ad!.href.startsWith(`${baseUrl}/ads/banner/click?`)).toBe(true);
    const click = await raw(new URL(ad!.href).pathname + new URL(ad!.href).search, EVIL);
    expect(click.status).toBe(302);
    expect(String(click.headers.location)).not.toContain('evil.example');
    expect(String(click.headers.location).startsWith(`${baseUrl}/fr/`)).toBe(true);
  });

  it('redirects stay on the site (relative or SITE_URL), pages link canonically to SITE_URL', async () => {
    for (const path of ['/', '/shows?x=1', '/ar/shows', '/news', '/fr/post/1']) {
      const res = await raw(path, EVIL);
      const location = res.headers.location;
      if (location) expect(String(location), path).not.toContain('evil.example');
    }
    const page = await raw('/fr', EVIL);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain(`<link rel="canonical" href="${baseUrl}/fr`);
  });
});

describe('security headers', () => {
  const ALWAYS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy'];

  it('are on every kind of answer: pages (pre-built and on demand), API, errors, assets, media, health, redirects, POSTs', async () => {
    const page = await raw('/fr');
    const asset = (/\/_astro\/[^"']+\.(?:js|css)/.exec(page.body) ?? [''])[0];
    const cases: [string, string, string?][] = [
      ['/fr', 'GET'],
      ['/fr/search-result?q=maroc', 'GET'],
      ['/api/articlesrecent', 'GET'],
      ['/api/postdetails/999999999', 'GET'],
      ['/fr/page-qui-n-existe-pas', 'GET'],
      [asset, 'GET'],
      ['/favicon.svg', 'GET'],
      ['/healthz', 'GET'],
      ['/news', 'GET'],
      ['/tracking/clicks.php', 'POST'],
      ['/api/account/login', 'POST'],
      ['/ads/vast?unit=/2M/video/preroll&lang=fr', 'GET'],
    ];
    for (const [path, method] of cases) {
      const res = await raw(path, {}, method);
      for (const name of ALWAYS) expect(res.headers[name], `${method} ${path} ${name}`).toBeTruthy();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    // Pages and scripts carry the whole policy; a JSON answer the short one that allows nothing.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const json = await raw('/api/articlesrecent');
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    // SITE_URL is http here: no HSTS (it would pin a plain-http test origin).
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('the CSP allows every inline script the pages carry, by hash, and nothing inline beyond', async () => {
    const { createHash } = await import('node:crypto');
    for (const path of ['/fr', '/ar', '/fr/guidetv', '/fr/live', '/fr/replay']) {
      const res = await raw(path);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/application\/ld\+json/.test(attrs!));
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, , text] of inline) {
        const hash = `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`;
        expect(scriptSrc, `${path}: ${text!.slice(0, 80)}`).toContain(hash);
      }
    }
  });
});

describe('cross-site requests (src/server/http/origin-check.ts)', () => {
  it('refuses a form post from another site in the visitor language, stores nothing; same-site and JSON posts pass', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: 'locale=fr' };
    const evil = await raw('/fr/contact', { ...form, origin: 'https://evil.example' }, 'POST');
    expect(evil.status).toBe(403);
    expect(evil.body).toBe('Envoi refusé\u202f: ce formulaire doit être envoyé depuis le site de 2M.');
    // No Origin at all on a form-like post that carries cookies: refused (ADR 029).
    expect((await raw('/api/set-form', { 'content-type': 'text/plain', cookie: 'locale=fr' }, 'POST')).status).toBe(403);
    // Same site: through to the form (which then checks its fields).
    expect((await raw('/fr/contact', { ...form, origin: new URL(baseUrl).origin }, 'POST')).status).not.toBe(403);
  });

  it('lets a DELETE through without body, Content-Type or Origin (a browser cannot send one cross-site without a preflight)', async () => {
    const res = await raw('/api/newsroom/live', {}, 'DELETE');
    // Reaches the newsroom API: 401 without a token, with its challenge.
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="newsroom"');
  });
});
