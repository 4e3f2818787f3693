/**
 * The language redirect rule (docs/product.md, Languages and redirects), with
 * `talents` added, as a table of cases.
 */
import { describe, expect, it } from 'vitest';
import { decideLocaleRedirect, type RedirectDecision } from '../../src/lib/locale-redirect.ts';

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
