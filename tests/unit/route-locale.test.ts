/**
 * The language of a route, checked once (src/server/pages/route-locale.ts,
 * ADR 050): the middleware answers a /[lang] route for an unknown language
 * as the routes did (the 404 page, or a plain 404 for a feed), and lets
 * every other request through.
 */
import { describe, expect, it } from 'vitest';
import { routeLocale, sectionLocale, unknownLanguage } from '../../src/server/pages/route-locale.ts';

function context(routePattern: string, params: Record<string, string | undefined>) {
  const rewrites: string[] = [];
  return {
    rewrites,
    ctx: {
      routePattern,
      params,
      rewrite: async (to: unknown) => {
        rewrites.push(String(to));
        return new Response('the 404 page', { status: 404 });
      },
    },
  };
}

describe('unknownLanguage', () => {
  it('lets a known language, and every route outside /[lang], through', () => {
    expect(unknownLanguage(context('/[lang]', { lang: 'ar' }).ctx)).toBeNull();
    expect(unknownLanguage(context('/[lang]/post/[id]', { lang: 'fr', id: '12' }).ctx)).toBeNull();
    expect(unknownLanguage(context('/casting', {}).ctx)).toBeNull();
    // The desk's previews check their language themselves, after the sign-in.
    expect(unknownLanguage(context('/desk/front/preview/[lang]', { lang: 'xx' }).ctx)).toBeNull();
    expect(unknownLanguage(context('/[language]', { language: 'xx' }).ctx)).toBeNull();
  });

  it('answers a page under /[lang] for another language with the 404 page', async () => {
    for (const pattern of ['/[lang]', '/[lang]/[tag]', '/[lang]/newsletter/confirm']) {
      const { ctx, rewrites } = context(pattern, { lang: 'xx' });
      const answer = await unknownLanguage(ctx);
      expect(answer?.status).toBe(404);
      expect(rewrites).toEqual(['/404']);
    }
  });

  it('answers a feed or sitemap under /[lang] with a plain 404', async () => {
    for (const pattern of ['/[lang]/rss.xml', '/[lang]/sitemap-[page].xml', '/[lang]/posts/tag/[id]/rss.xml']) {
      const { ctx, rewrites } = context(pattern, { lang: 'en' });
      const answer = await unknownLanguage(ctx);
      expect(answer?.status).toBe(404);
      expect(await answer?.text()).toBe('Not found');
      expect(rewrites).toEqual([]);
    }
  });
});

describe('routeLocale and sectionLocale', () => {
  it('narrow the address language', () => {
    expect(routeLocale({ lang: 'fr' })).toBe('fr');
    expect(() => routeLocale({})).toThrow(/not a language/);
  });

  it('take an unprefixed section in the cookie language, Arabic without one', () => {
    const cookies = (value?: string) => ({ get: (name: string) => (name === 'locale' && value ? { value } : undefined) });
    expect(sectionLocale({ params: { lang: 'fr' }, cookies: cookies('ar') } as never)).toEqual({ locale: 'fr', byCookie: false });
    expect(sectionLocale({ params: {}, cookies: cookies('fr') } as never)).toEqual({ locale: 'fr', byCookie: true });
    expect(sectionLocale({ params: {}, cookies: cookies() } as never)).toEqual({ locale: 'ar', byCookie: true });
    expect(sectionLocale({ params: {}, cookies: cookies('en') } as never)).toEqual({ locale: 'ar', byCookie: true });
  });
});
