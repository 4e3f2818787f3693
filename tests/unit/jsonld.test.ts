/** schema.org JSON-LD builders (src/lib/jsonld.ts). */
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  breadcrumbLd,
  broadcastListLd,
  episodeLd,
  isoDuration,
  ldLanguage,
  ldScript,
  newsArticleLd,
  organizationLd,
  seriesLd,
  videoObjectLd,
} from '../../src/lib/jsonld.ts';
import type { ImageShape } from '../../src/server/api/shapes.ts';

const SITE = 'https://www.2m.ma';
const img: ImageShape = {
  url: '/media/images/1/640.jpg',
  width: 1280,
  height: 720,
  alt: 'Casablanca',
  srcset: '/media/images/1/320.jpg 320w',
  color: '#123456',
};

describe('isoDuration', () => {
  it.each([
    [0, 'PT0S'],
    [45, 'PT45S'],
    [60, 'PT1M'],
    [61, 'PT1M1S'],
    [3600, 'PT1H'],
    [3723, 'PT1H2M3S'],
    [7260, 'PT2H1M'],
    [-5, 'PT0S'],
    [89.6, 'PT1M30S'],
  ])('%s s → %s', (s, iso) => expect(isoDuration(s)).toBe(iso));
});

describe('absoluteUrl', () => {
  it('resolves paths and keeps absolute URLs', () => {
    expect(absoluteUrl(SITE, '/ar/news/x')).toBe('https://www.2m.ma/ar/news/x');
    expect(absoluteUrl(`${SITE}/`, '/fr')).toBe('https://www.2m.ma/fr');
    expect(absoluteUrl(SITE, 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
  });
});

describe('newsArticleLd', () => {
  const base = {
    siteUrl: SITE,
    url: '/fr/societe/un-titre',
    headline: 'Un titre',
    description: 'Un sous-titre',
    image: img,
    datePublished: '2025-03-01T10:00:00Z',
    dateModified: new Date('2025-03-01T12:30:00Z'),
    author: { name: 'Salma B.' },
    section: 'Société',
    inLanguage: 'fr-FR' as const,
    keywords: ['Casablanca', 'Transport'],
  };

  it('builds a NewsArticle with absolute URLs and a publisher', () => {
    const ld = newsArticleLd(base);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('NewsArticle');
    expect(ld['url']).toBe('https://www.2m.ma/fr/societe/un-titre');
    expect(ld['mainEntityOfPage']).toEqual({ '@type': 'WebPage', '@id': 'https://www.2m.ma/fr/societe/un-titre' });
    expect(ld['datePublished']).toBe('2025-03-01T10:00:00.000Z');
    expect(ld['dateModified']).toBe('2025-03-01T12:30:00.000Z');
    expect(ld['author']).toEqual({ '@type': 'Person', name: 'Salma B.' });
    expect(ld['articleSection']).toBe('Société');
    expect(ld['keywords']).toBe('Casablanca, Transport');
    expect(ld['inLanguage']).toBe('fr-FR');
    const images = ld['image'] as { url: string; width: number }[];
    expect(images[0]?.url).toBe('https://www.2m.ma/media/images/1/640.jpg');
    expect(images[0]?.width).toBe(1280);
    const pub = ld['publisher'] as { '@type': string; name: string; logo: { url: string } };
    expect(pub['@type']).toBe('NewsMediaOrganization');
    expect(pub.name).toBe('2M');
    expect(pub.logo.url).toMatch(/^https:\/\/www\.2m\.ma\//);
  });

  it('works without image, author, section, keywords; uses the page origin without siteUrl', () => {
    const ld = newsArticleLd({
      ...base,
      siteUrl: undefined,
      url: 'https://example.org/ar/news/x',
      image: null,
      author: null,
      section: null,
      keywords: [],
      inLanguage: 'ar-MA',
    });
    expect(ld['image']).toBeUndefined();
    expect(ld['articleSection']).toBeUndefined();
    expect(ld['keywords']).toBeUndefined();
    expect((ld['author'] as { '@type': string })['@type']).toBe('Organization');
    expect((ld['publisher'] as { url: string }).url).toBe('https://example.org/');
  });

  it('shortens very long headlines to 110 characters', () => {
    const ld = newsArticleLd({ ...base, headline: 'x'.repeat(200) });
    expect((ld['headline'] as string).length).toBe(110);
  });
});

describe('videoObjectLd', () => {
  it('builds a VideoObject with an ISO duration and absolute thumbnail', () => {
    const ld = videoObjectLd({
      siteUrl: SITE,
      url: '/ar/replay/single/12',
      name: 'Episode 12',
      description: '',
      thumbnail: img,
      uploadDate: '2025-01-02T20:00:00Z',
      durationSeconds: 1530,
      contentUrl: '/media/video/12/index.m3u8',
      inLanguage: 'ar-MA',
    });
    expect(ld['@type']).toBe('VideoObject');
    expect(ld['duration']).toBe('PT25M30S');
    expect(ld['description']).toBe('Episode 12');
    expect(ld['thumbnailUrl']).toEqual(['https://www.2m.ma/media/images/1/640.jpg']);
    expect(ld['contentUrl']).toBe('https://www.2m.ma/media/video/12/index.m3u8');
    expect(ld['embedUrl']).toBeUndefined();
    expect(ld['url']).toBe('https://www.2m.ma/ar/replay/single/12');
  });
});

describe('live, guide and programme JSON-LD', () => {
  it('a live VideoObject carries its BroadcastEvent in publication, a thumbnail and no duration', () => {
    const ld = videoObjectLd({
      siteUrl: SITE,
      url: '/fr/live',
      name: '2M - JT Soir',
      description: 'Le direct',
      thumbnail: null,
      uploadDate: '2025-01-02T20:00:00Z',
      durationSeconds: 0,
      embedUrl: '/fr/live/embed',
      inLanguage: 'fr-FR',
      publication: { startDate: '2025-01-02T20:00:00Z', endDate: '2025-01-02T20:45:00Z', isLiveBroadcast: true },
    });
    expect(ld['publication']).toEqual({ '@type': 'BroadcastEvent', isLiveBroadcast: true, startDate: '2025-01-02T20:00:00.000Z', endDate: '2025-01-02T20:45:00.000Z' });
    expect(ld['thumbnailUrl']).toEqual(['https://www.2m.ma/og-default.png']);
    expect(ld['duration']).toBeUndefined();
    expect(ld['embedUrl']).toBe('https://www.2m.ma/fr/live/embed');
  });

  it('the guide is an ItemList of BroadcastEvent on the 2M BroadcastService', () => {
    const ld = broadcastListLd({
      siteUrl: SITE,
      url: '/fr/guidetv',
      name: 'Guide TV',
      channelName: '2M Maroc',
      inLanguage: 'fr-FR',
      entries: [
        { name: 'JT', startDate: '2025-01-02T20:00:00Z', endDate: '2025-01-02T20:45:00Z', isLive: true, programme: null },
        { name: 'Série', startDate: '2025-01-02T20:45:00Z', endDate: '2025-01-02T21:30:00Z', isLive: false, programme: { name: 'Série', url: '/fr/replay/4' } },
      ],
    });
    const items = ld['itemListElement'] as { position: number; item: Record<string, unknown> }[];
    expect(items.map((i) => i.position)).toEqual([1, 2]);
    expect(items[0]!.item).toMatchObject({ '@type': 'BroadcastEvent', isLiveBroadcast: true, publishedOn: { '@type': 'BroadcastService', name: '2M Maroc' } });
    expect(items[1]!.item['workPerformed']).toEqual({ '@type': 'TVSeries', name: 'Série', url: 'https://www.2m.ma/fr/replay/4' });
    // The channel in full once, then by its @id.
    expect(items[1]!.item['publishedOn']).toEqual({ '@id': (items[0]!.item['publishedOn'] as Record<string, unknown>)['@id'] });
  });

  it('a programme is a TVSeries with its episodes (a film a Movie), an episode a TVEpisode of it', () => {
    const base = { siteUrl: SITE, url: '/fr/replay/4', name: 'Série', description: '', image: img, inLanguage: 'fr-FR' as const };
    const series = seriesLd({ ...base, kind: 'serie', episodes: [{ name: 'Épisode 1', url: '/fr/replay/single/9', season: 1, datePublished: '2025-01-02T20:00:00Z' }] });
    expect(series).toMatchObject({ '@type': 'TVSeries', numberOfEpisodes: 1, description: 'Série' });
    expect((series['episode'] as Record<string, unknown>[])[0]).toMatchObject({ '@type': 'TVEpisode', url: 'https://www.2m.ma/fr/replay/single/9', partOfSeason: { seasonNumber: 1 } });
    expect(seriesLd({ ...base, kind: 'film', episodes: [] })['@type']).toBe('Movie');
    const ep = episodeLd({ ...base, url: '/fr/replay/single/9', name: 'Épisode 1', datePublished: '2025-01-02T20:00:00Z', season: 1, number: 1, series: { name: 'Série', url: '/fr/replay/4' } });
    expect(ep).toMatchObject({ '@type': 'TVEpisode', episodeNumber: 1, partOfSeries: { '@id': 'https://www.2m.ma/fr/replay/4#programme' } });
    expect(ep['partOfSeries'] as { '@id': string }).toMatchObject({ '@id': `${series['url'] as string}#programme` });
  });
});

describe('organizationLd and breadcrumbLd', () => {
  it('describes 2M', () => {
    const ld = organizationLd(SITE);
    expect(ld['@type']).toBe('NewsMediaOrganization');
    expect(ld['name']).toBe('2M');
    expect(ld['alternateName']).toContain('دوزيم');
    expect(ld['url']).toBe('https://www.2m.ma/');
    expect((ld['sameAs'] as string[]).length).toBeGreaterThanOrEqual(4);
    expect((ld['logo'] as { url: string }).url).toBe('https://www.2m.ma/favicon.svg');
  });

  it('numbers crumbs from 1 with absolute items', () => {
    const ld = breadcrumbLd(SITE, [
      { name: 'الرئيسية', path: '/ar' },
      { name: 'مجتمع', path: '/ar/societe' },
    ]);
    expect(ld['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: 'https://www.2m.ma/ar' },
      { '@type': 'ListItem', position: 2, name: 'مجتمع', item: 'https://www.2m.ma/ar/societe' },
    ]);
  });
});

describe('ldScript and ldLanguage', () => {
  it('cannot close the script element', () => {
    const s = ldScript(organizationLd(SITE) && { '@type': 'Thing', name: '</script><b>' });
    expect(s).not.toContain('</script>');
    expect(JSON.parse(s)).toEqual({ '@type': 'Thing', name: '</script><b>' });
  });
  it('maps locales', () => {
    expect(ldLanguage('ar')).toBe('ar-MA');
    expect(ldLanguage('fr')).toBe('fr-FR');
  });
});
