/** The cross-site form post guard that replaces Astro's checkOrigin (src/server/http/origin-check.ts). */
import { describe, expect, it } from 'vitest';
import { isCrossSiteFormPost } from '../../src/server/http/origin-check.ts';

const url = new URL('https://www.2m.ma/api/x');
const req = (method: string, headers: Record<string, string> = {}) => new Request(url, { method, headers });

describe('isCrossSiteFormPost', () => {
  it('refuses a POST a form of another site could send: form types or none, Origin missing or foreign', () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type, origin: 'https://evil.example' }), url)).toBe(true);
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type }), url)).toBe(true);
      expect(isCrossSiteFormPost(req('POST', { 'content-type': type, origin: 'https://www.2m.ma' }), url)).toBe(false);
    }
    expect(isCrossSiteFormPost(req('POST'), url)).toBe(true);
  });

  it('lets through what needs a CORS preflight: JSON posts, PUT, PATCH, DELETE (with or without type)', () => {
    expect(isCrossSiteFormPost(req('POST', { 'content-type': 'application/json', origin: 'https://evil.example' }), url)).toBe(false);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSiteFormPost(req(method), url)).toBe(false);
      expect(isCrossSiteFormPost(req(method, { 'content-type': 'text/plain', origin: 'https://evil.example' }), url)).toBe(false);
    }
    expect(isCrossSiteFormPost(req('GET'), url)).toBe(false);
  });
});
