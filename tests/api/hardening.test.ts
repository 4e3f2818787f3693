/**
 * Issue 12 over real HTTP against the built site: absolute URLs never come
 * from the Host header (item 5).
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

const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' };

describe('never trust Host (item 5)', () => {
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
