import { describe, expect, it } from 'vitest';
import { parseShortLinkCode, shortLinkCode, shortLinkPath } from '../../src/lib/short-links.ts';
import { shortLinkClick } from '../../src/server/short-links/index.ts';
import { parseTrackingBody } from '../../src/server/tracking/schema.ts';

describe('short link codes', () => {
  it('are the article id in base 36, and read back', () => {
    expect(shortLinkCode(119)).toBe('3b');
    expect(shortLinkPath(100_000)).toBe('/s/255s');
    for (const id of [1, 35, 36, 119, 100_000, 2 ** 31]) expect(parseShortLinkCode(shortLinkCode(id))).toBe(id);
  });

  it('refuse anything but a canonical code', () => {
    for (const bad of ['', '0', '03b', '3B', '3b/', 'a-b', '123456789', '%33b']) expect(parseShortLinkCode(bad), bad).toBeNull();
    expect(() => shortLinkCode(0)).toThrow();
  });

  it('a followed link is a valid click event for the statistics (event 28)', () => {
    const target = { articleId: 119, lang: 'ar' as const, path: '/ar/news/x', url: 'https://www.2m.ma/ar/news/x' };
    const now = new Date();
    const fromShare = shortLinkClick(target, 'https://www.2m.ma', 'https://t.me/somechannel', now);
    const direct = shortLinkClick(target, 'https://www.2m.ma', 'javascript:alert(1)', now);
    expect(direct.pageURL).toBe('https://www.2m.ma/s/3b');
    for (const e of [fromShare, direct]) {
      const parsed = parseTrackingBody(e, now.getTime());
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    }
    expect(fromShare).toMatchObject({ eventId: 28, target: target.url, label: '3b', pageURL: 'https://t.me/somechannel' });
  });
});
