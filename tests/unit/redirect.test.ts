/**
 * The language redirect rule (docs/product.md, Languages and redirects), with
 * `talents` added, as a table of cases.
 */
import { describe, expect, it } from 'vitest';
import { decideLocaleRedirect, type RedirectDecision } from '../../src/lib/locale-redirect.ts';
import { externalLocation, redirectResponse, siteLocation } from '../../src/server/http/redirect.ts';

type Case = [path: string, cookie: string | undefined, expected: RedirectDecision];

const serve = (prefix: 'ar' | 'fr' | null): RedirectDecision => ({ kind: 'serve', prefix });
const to = (location: string, status: 301 | 302, byCookie = true): RedirectDecision => ({
  kind: 'redirect',
  location,
  status,
  byCookie,
});
const skip: RedirectDecision = { kind: 'skip' };
/** /ar/shows & co. → the unprefixed section, in Arabic (the redirect sets the cookie). */
const toSection = (location: string): RedirectDecision => ({ kind: 'redirect', location, status: 301, byCookie: false, setLocale: 'ar' });

function split(path: string): { pathname: string; search: string } {
  const i = path.indexOf('?');
  return i < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, i), search: path.slice(i) };
}

describe('decideLocaleRedirect', () => {
  const cases: Case[] = [
    // Cases every reading of the rule agrees on: unprefixed → /ar.
    ['/', undefined, to('/ar', 301)],
    ['/guidetv', undefined, to('/ar/guidetv', 301)],
    ['/post/12', undefined, to('/ar/post/12', 301)],
    ['/replay/news/soir/4', undefined, to('/ar/replay/news/soir/4', 301)],
    ['/search?q=maroc', undefined, to('/ar/search?q=maroc', 301)],
    // …and /ar removed on shows, casting, castings (sub-paths too).
    ['/ar/shows', undefined, toSection('/shows')],
    ['/ar/shows/x?y=1', undefined, toSection('/shows/x?y=1')],
    ['/ar/casting', undefined, toSection('/casting')],
    ['/ar/castings', undefined, toSection('/castings')],
    ['/ar/castings/12?page=2', 'fr', toSection('/castings/12?page=2')],
    // The talents addition (reading A).
    ['/ar/talents', undefined, toSection('/talents')],
    ['/ar/talents/abc', undefined, toSection('/talents/abc')],
    ['/talents', undefined, serve(null)],
    // Unprefixed sections are served as they are, whatever the cookie.
    ['/shows', undefined, serve(null)],
    ['/shows', 'fr', serve(null)],
    ['/shows/12', undefined, serve(null)],
    ['/casting', 'ar', serve(null)],
    ['/castings', undefined, serve(null)],
    // Prefixed paths are left alone (French shows keep their prefix).
    ['/ar', undefined, serve('ar')],
    ['/ar/', undefined, serve('ar')],
    ['/fr', undefined, serve('fr')],
    ['/fr', 'ar', serve('fr')],
    ['/fr/shows', undefined, serve('fr')],
    ['/fr/talents', undefined, serve('fr')],
    ['/ar/guidetv', 'fr', serve('ar')],
    ['/ar/showsroom', undefined, serve('ar')],
    // The cookie decides (302) when it names a language.
    ['/', 'fr', to('/fr', 302)],
    ['/', 'ar', to('/ar', 302)],
    ['/guidetv', 'fr', to('/fr/guidetv', 302)],
    ['/search?q=a&page=2', 'fr', to('/fr/search?q=a&page=2', 302)],
    ['/guidetv', 'de', to('/ar/guidetv', 301)],
    ['/guidetv', '', to('/ar/guidetv', 301)],
    // Segments that merely start like a language are not prefixes.
    ['/arabic-news', undefined, to('/ar/arabic-news', 301)],
    ['/frites', undefined, to('/ar/frites', 301)],
    ['/frites', 'fr', to('/fr/frites', 302)],
    ['/ar-ma/x', undefined, to('/ar/ar-ma/x', 301)],
    ['/showsroom', undefined, to('/ar/showsroom', 301)],
    ['/talentsx', undefined, to('/ar/talentsx', 301)],
    ['/?utm_source=x', undefined, to('/ar?utm_source=x', 301)],
    // Not pages: left alone.
    ['/api/getmastertags', undefined, skip],
    ['/api', 'fr', skip],
    ['/media/images/1.webp', undefined, skip],
    ['/live/index.m3u8', undefined, skip],
    ['/_astro/client.abc.js', undefined, skip],
    ['/_server-islands/Weather', undefined, skip],
    ['/favicon.svg', undefined, skip],
    ['/fonts/x.woff2', undefined, skip],
    ['/robots.txt', undefined, skip],
    ['/sitemap.xml', undefined, skip],
    ['/ar/news/rss.xml', undefined, skip],
    ['/404', undefined, skip],
    ['/ip/?format=json', undefined, skip],
    ['/geo/json.gp?ip=1.2.3.4', undefined, skip],
    ['/prieres/horaire-api.php?ville=58', undefined, skip],
    ['/mm-weather/get-forecast/1', undefined, skip],
    ['/tracking/clicks.php', undefined, skip],
    ['/ads/vast?unit=%2F2M%2Fvideo%2Fpreroll&lang=ar', undefined, skip],
    ['/ads/track?e=impression&c=1', 'fr', skip],
  ];

  it.each(cases)('%s (cookie %s)', (path, cookie, expected) => {
    expect(decideLocaleRedirect({ ...split(path), cookieLocale: cookie })).toEqual(expected);
  });

  it('keeps the query string on every redirect', () => {
    for (const [path, cookie] of cases) {
      const d = decideLocaleRedirect({ ...split(path), cookieLocale: cookie });
      const { search } = split(path);
      if (d.kind === 'redirect' && search) expect(d.location.endsWith(search)).toBe(true);
    }
  });
});

describe('every Location: absolute on SITE_URL, percent-encoded', () => {
  const site = 'https://www.2m.ma';

  it('percent-encodes an Arabic path (a raw one cannot be sent: "Cannot convert argument to a ByteString")', () => {
    expect(() => new Response(null, { status: 301, headers: { location: '/ar/مجتمع/خبر' } })).toThrow();
    const location = siteLocation('/ar/مجتمع/خبر-عاجل?from=ترند#أعلى', site);
    expect(location).toBe(
      'https://www.2m.ma/ar/%D9%85%D8%AC%D8%AA%D9%85%D8%B9/%D8%AE%D8%A8%D8%B1-%D8%B9%D8%A7%D8%AC%D9%84?from=%D8%AA%D8%B1%D9%86%D8%AF#%D8%A3%D8%B9%D9%84%D9%89',
    );
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeURI(location)).toBe('https://www.2m.ma/ar/مجتمع/خبر-عاجل?from=ترند#أعلى');
    const res = redirectResponse('/ar/مجتمع/خبر', 301, { siteUrl: site, headers: { 'cache-control': 'no-store' } });
    expect(res.status).toBe(301);
    expect(decodeURI(res.headers.get('location')!)).toBe('https://www.2m.ma/ar/مجتمع/خبر');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps what is already encoded, and French paths as they are', () => {
    expect(siteLocation('/ar/%D9%85%D8%AC', site)).toBe('https://www.2m.ma/ar/%D9%85%D8%AC');
    expect(siteLocation('/fr/societe/le-budget-2027?page=2', `${site}/`)).toBe('https://www.2m.ma/fr/societe/le-budget-2027?page=2');
  });

  it('never leaves the site: another host, a scheme-relative or backslashed path is refused', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', 'ar/x', 'javascript:alert(1)']) {
      expect(() => siteLocation(bad, site), bad).toThrow(RangeError);
    }
  });

  it("an external address (a banner's advertiser) is made ASCII too, http(s) only", () => {
    expect(externalLocation('https://annonceur.ma/promo?ville=الدار البيضاء')).toBe(
      'https://annonceur.ma/promo?ville=%D8%A7%D9%84%D8%AF%D8%A7%D8%B1%20%D8%A7%D9%84%D8%A8%D9%8A%D8%B6%D8%A7%D8%A1',
    );
    expect(() => externalLocation('javascript:alert(1)')).toThrow(RangeError);
  });
});
