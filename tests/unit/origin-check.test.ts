/** The cross-site form post guard that replaces Astro's checkOrigin (src/server/http/origin-check.ts, ADR 025, ADR 029). */
import { describe, expect, it } from 'vitest';
import { isCrossSiteFormPost } from '../../src/server/http/origin-check.ts';

const SITE = 'https://www.2m.ma';
// The request as the render worker builds it: whatever URL, the comparison is with SITE_URL's origin.
const req = (method: string, headers: Record<string, string> = {}) => new Request('http://127.0.0.1:4321/api/x', { method, headers });

describe('isCrossSiteFormPost', () => {
  it("refuses a form POST whose Origin is not SITE_URL's (scheme, host and port), with or without cookies", () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type, origin: 'https://evil.example' }), SITE)).toBe(true);
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type, origin: 'https://evil.example', cookie: 'sid=x' }), SITE)).toBe(true);
      // A cookie without Origin (an old browser, a forged request) is refused too.
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type, cookie: '__Host-sid=x' }), SITE)).toBe(true);
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type, origin: SITE, cookie: '__Host-sid=x' }), SITE)).toBe(false);
    }
    expect(isCrossSiteFormPost(req('POST', { cookie: 'locale=fr' }), SITE)).toBe(true);
  });

  it('on https, the browser\'s https Origin is the site; the same host over http or on another port is not', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: 'locale=ar' };
    expect(isCrossSiteFormPost(req('POST', { ...form, origin: 'https://www.2m.ma' }), SITE)).toBe(false);
    expect(isCrossSiteFormPost(req('POST', { ...form, origin: 'http://www.2m.ma' }), SITE)).toBe(true);
    expect(isCrossSiteFormPost(req('POST', { ...form, origin: 'https://www.2m.ma:8443' }), SITE)).toBe(true);
    expect(isCrossSiteFormPost(req('POST', { ...form, origin: 'http://127.0.0.1:4321' }), SITE)).toBe(true);
    // The http site of the tests: its own origin.
    expect(isCrossSiteFormPost(req('POST', { ...form, origin: 'http://127.0.0.1:4321' }), 'http://127.0.0.1:4321')).toBe(false);
  });

  it('lets through what carries no credential a forgery could borrow: no cookie and no Origin (curl, bearer clients, one-click unsubscribe)', () => {
    expect(isCrossSiteFormPost(req('POST'), SITE)).toBe(false);
    expect(isCrossSiteFormPost(req('POST', { authorization: 'Bearer t0ken' }), SITE)).toBe(false);
    expect(isCrossSiteFormPost(req('POST', { 'content-type': 'application/x-www-form-urlencoded' }), SITE)).toBe(false);
  });

  it('lets through what needs a CORS preflight: JSON posts, PUT, PATCH, DELETE (with or without type)', () => {
    expect(isCrossSiteFormPost(req('POST', { 'content-type': 'application/json', origin: 'https://evil.example', cookie: 'sid=x' }), SITE)).toBe(false);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSiteFormPost(req(method, { cookie: 'sid=x' }), SITE)).toBe(false);
      expect(isCrossSiteFormPost(req(method, { 'content-type': 'text/plain', origin: 'https://evil.example', cookie: 'sid=x' }), SITE)).toBe(false);
    }
    expect(isCrossSiteFormPost(req('GET', { cookie: 'sid=x' }), SITE)).toBe(false);
  });
});
