/**
 * What the front server refuses before any cache or worker sees a request
 * (src/server/http/request-policy.ts, ADR 029): unknown Host, over-long
 * paths, methods a path does not answer.
 */
import { describe, expect, it } from 'vitest';
import { acceptedHosts, allowedMethods, MAX_PATH_BYTES, requestRefusal } from '../../src/server/http/request-policy.ts';

const https = acceptedHosts('https://www.2m.ma', ['2m.ma']);
const local = acceptedHosts('http://localhost:4321');

describe('Host', () => {
  it("answers SITE_URL's host (with or without its default port) and the aliases, case aside", () => {
    for (const host of ['www.2m.ma', 'WWW.2M.MA', 'www.2m.ma:443', '2m.ma', '2m.ma:443']) expect(requestRefusal('GET', '/fr', host, https), host).toBeNull();
  });

  it('refuses every other Host with 400: backslashes, paths, @, other ports, percent-encoding, none at all', () => {
    const poisons = [
      'www.2m.ma\\fr\\search?q=Diffusion+interrompue.+Regardez+sur+2m-live.example&x=',
      'www.2m.ma\\api\\getSectionUne?x=',
      'www.2m.ma/fr/search',
      'evil.example@www.2m.ma',
      'www.2m.ma@evil.example',
      'www.2m.ma:8080',
      'www.2m.ma:443@evil.example',
      'www.2m.ma%2Ffr',
      'www%2e2m.ma',
      'www.2m.ma.',
      'evil.example',
      '127.0.0.1:4321',
      '',
    ];
    for (const host of poisons) {
      const refused = requestRefusal('GET', '/ar/guidetv?day=2026-11-30', host, https);
      expect(refused?.status, host).toBe(400);
      expect(refused?.headers['Cache-Control']).toBe('no-store');
    }
    expect(requestRefusal('GET', '/ar', undefined, https)?.status).toBe(400);
  });

  it('a local SITE_URL answers to localhost, 127.0.0.1 and [::1] at its port', () => {
    for (const host of ['localhost:4321', '127.0.0.1:4321', '[::1]:4321']) expect(requestRefusal('GET', '/ar', host, local), host).toBeNull();
    expect(requestRefusal('GET', '/ar', '127.0.0.1:4322', local)?.status).toBe(400);
    expect(requestRefusal('GET', '/ar', 'localhost', local)?.status).toBe(400);
  });

  it('answers /healthz whatever the Host (load balancers ask by address)', () => {
    expect(requestRefusal('GET', '/healthz', '10.0.0.5:4321', https)).toBeNull();
    expect(requestRefusal('GET', '/healthz?x=1', undefined, https)).toBeNull();
    // Whatever the Host, not whatever the method.
    expect(requestRefusal('TRACE', '/healthz', '10.0.0.5:4321', https)?.status).toBe(405);
  });
});

describe('methods and lengths', () => {
  it('pages answer GET and HEAD, and POST only where a form posts; 405 with Allow otherwise', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const refused = requestRefusal(method, '/ar/', 'www.2m.ma', https);
      expect([refused?.status, refused?.headers['Allow']], method).toEqual([405, 'GET, HEAD']);
    }
    for (const path of ['/fr/contact', '/ar/newsletter', '/fr/newsletter/unsubscribe?token=x']) {
      expect(requestRefusal('POST', path, 'www.2m.ma', https), path).toBeNull();
      expect(requestRefusal('PUT', path, 'www.2m.ma', https)?.headers['Allow']).toBe('GET, HEAD, POST');
    }
    expect(allowedMethods('/fr/some-article')).toBe('GET, HEAD');
  });

  it('TRACE, CONNECT, PROPFIND and made-up methods get 405 everywhere, the API included', () => {
    for (const method of ['TRACE', 'CONNECT', 'PROPFIND', 'MKCOL', 'BREW']) {
      for (const path of ['/ar/', '/api/getBreakingNews', '/media/x.jpg', '/tracking/clicks.php']) {
        expect(requestRefusal(method, path, 'www.2m.ma', https)?.status, `${method} ${path}`).toBe(405);
      }
    }
  });

  it('endpoints (API, newsroom, media, tracking, ads) keep the methods their routes decide', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(requestRefusal(method, '/api/newsroom/articles/x', 'www.2m.ma', https), method).toBeNull();
      expect(requestRefusal(method, '/ads/banner/event?e=impression', 'www.2m.ma', https), method).toBeNull();
    }
    expect(requestRefusal('POST', '/fr/rss.xml', 'www.2m.ma', https)).toBeNull();
  });

  it('a path over 2,048 bytes gets 414 before any redirect; a long query alone is fine up to 8 KB', () => {
    const long = `/shows/${'a'.repeat(MAX_PATH_BYTES)}`;
    expect(requestRefusal('GET', long, 'www.2m.ma', https)?.status).toBe(414);
    expect(requestRefusal('GET', `/${'%D8%A7'.repeat(400)}`, 'www.2m.ma', https)?.status).toBe(414);
    expect(requestRefusal('GET', `/shows/${'a'.repeat(MAX_PATH_BYTES - 8)}`, 'www.2m.ma', https)).toBeNull();
    expect(requestRefusal('GET', `/fr/search?q=${'a'.repeat(4000)}`, 'www.2m.ma', https)).toBeNull();
    expect(requestRefusal('GET', `/fr/search?q=${'a'.repeat(9000)}`, 'www.2m.ma', https)?.status).toBe(414);
  });
});
