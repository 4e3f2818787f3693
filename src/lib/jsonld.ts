/**
 * schema.org JSON-LD builders (docs/product.md, Common behaviour: search engines and sharing). Pure
 * functions returning plain objects: the caller serialises them into
 * `<script type="application/ld+json">` (see `ldScript`). Every URL in the
 * output is absolute, resolved against the `siteUrl` passed in (normally
 * `getConfig().SITE_URL`), so the functions stay pure and testable.
 */
import type { ImageShape } from '../server/api/shapes.ts';
import { LOCALE_CONFIG, type LanguageTag, type Locale } from '../i18n/locales.ts';

export type LdObject = { '@context'?: string; '@type': string } & Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The broadcaster's official profiles (Organization.sameAs). */
export const SAME_AS: readonly string[] = [
  'https://www.facebook.com/2MMaroc',
  'https://x.com/2MInteractive',
  'https://www.instagram.com/2mmaroc/',
  'https://www.youtube.com/@2MMAROC',
];

/** Site-relative path of the logo used by publisher / organization. */
const LOGO_PATH = '/favicon.svg';

/** Resolve a path or URL against the site origin; absolute URLs pass through. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
  } catch {
    return pathOrUrl;
  }
}

/**
 * The origin the builders resolve against: the explicit `siteUrl` if given,
 * else the origin of the (absolute) page URL.
 */
function baseOf(siteUrl: string | undefined, pageUrl: string): string {
  if (siteUrl) return siteUrl;
  try {
    return new URL(pageUrl).origin;
  } catch {
    return '';
  }
}

/** Whole seconds → ISO 8601 duration ("PT1H2M3S", "PT45S", "PT0S"). */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  let out = 'PT';
  if (h) out += `${h}H`;
  if (m) out += `${m}M`;
  if (sec || (!h && !m)) out += `${sec}S`;
  return out;
}

/** Normalise a date (Date or ISO-ish string) to a full ISO 8601 string. */
function isoDate(d: string | Date): string {
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? String(d) : date.toISOString();
}

function imageObject(siteUrl: string, img: ImageShape): LdObject {
  const o: LdObject = {
    '@type': 'ImageObject',
    url: absoluteUrl(siteUrl, img.url),
    width: img.width,
    height: img.height,
  };
  if (img.alt) o['caption'] = img.alt;
  return o;
}

function logo(siteUrl: string): LdObject {
  return { '@type': 'ImageObject', url: absoluteUrl(siteUrl, LOGO_PATH), width: 64, height: 64 };
}

/** The publisher block: 2M as a NewsMediaOrganization (short form). */
function publisher(siteUrl: string): LdObject {
  return {
    '@type': 'NewsMediaOrganization',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: '2M',
    url: absoluteUrl(siteUrl, '/'),
    logo: logo(siteUrl),
  };
}

/** 2M as a NewsMediaOrganization: rendered once on every page by the layout. */
export function organizationLd(siteUrl: string): LdObject {
  return {
    '@context': CONTEXT,
    '@type': 'NewsMediaOrganization',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: '2M',
    alternateName: ['دوزيم', '2M Maroc', 'Deuxième chaîne'],
    url: absoluteUrl(siteUrl, '/'),
    logo: logo(siteUrl),
    sameAs: [...SAME_AS],
  };
}

export interface NewsArticleInput {
  /** Site origin (getConfig().SITE_URL). Optional when `url` is absolute. */
  siteUrl?: string | undefined;
  /** Path or absolute URL of the article page. */
  url: string;
  headline: string;
  description: string;
  image: ImageShape | null;
  datePublished: string | Date;
  dateModified: string | Date;
  author: { name: string } | null;
  /** Section name (the master tag), e.g. "Société". */
  section: string | null;
  inLanguage: LanguageTag;
  keywords: readonly string[];
  /** The article's video, when it has one (NewsArticle.video). */
  video?: Omit<VideoObjectInput, 'siteUrl' | 'url' | 'inLanguage'> | null | undefined;
}

export function newsArticleLd(a: NewsArticleInput): LdObject {
  const site = baseOf(a.siteUrl, a.url);
  const url = absoluteUrl(site, a.url);
  const o: LdObject = {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    // Google truncates headlines past 110 characters.
    headline: a.headline.length > 110 ? `${a.headline.slice(0, 109)}…` : a.headline,
    description: a.description,
    datePublished: isoDate(a.datePublished),
    dateModified: isoDate(a.dateModified),
    inLanguage: a.inLanguage,
    author: a.author
      ? { '@type': 'Person', name: a.author.name }
      : { '@type': 'Organization', name: '2M', url: absoluteUrl(site, '/') },
    publisher: publisher(site),
    isAccessibleForFree: true,
  };
  if (a.image) o['image'] = [imageObject(site, a.image)];
  if (a.section) o['articleSection'] = a.section;
  if (a.keywords.length) o['keywords'] = a.keywords.join(', ');
  if (a.video) {
    const video = videoObjectLd({ ...a.video, siteUrl: site, url: a.url, inLanguage: a.inLanguage });
    delete video['@context'];
    o['video'] = video;
  }
  return o;
}

export interface VideoObjectInput {
  /** Site origin (getConfig().SITE_URL). Optional when `url` is absolute. */
  siteUrl?: string | undefined;
  /** Path or absolute URL of the page showing the video. */
  url: string;
  name: string;
  description: string;
  thumbnail: ImageShape | null;
  uploadDate: string | Date;
  durationSeconds: number;
  contentUrl?: string | undefined;
  embedUrl?: string | undefined;
  inLanguage: LanguageTag;
  /** A live stream: its broadcast (Google's LIVE badge reads VideoObject.publication). */
  publication?: { startDate: string | Date; endDate: string | Date; isLiveBroadcast: boolean } | undefined;
}

/** Stand-in thumbnail (Google requires thumbnailUrl on every VideoObject). */
const DEFAULT_THUMBNAIL_PATH = '/og-default.png';

export function videoObjectLd(v: VideoObjectInput): LdObject {
  const site = baseOf(v.siteUrl, v.url);
  const o: LdObject = {
    '@context': CONTEXT,
    '@type': 'VideoObject',
    url: absoluteUrl(site, v.url),
    name: v.name,
    // Google requires a non-empty description.
    description: v.description || v.name,
    uploadDate: isoDate(v.uploadDate),
    thumbnailUrl: [absoluteUrl(site, v.thumbnail?.url ?? DEFAULT_THUMBNAIL_PATH)],
    inLanguage: v.inLanguage,
    publisher: publisher(site),
  };
  // A live stream has no duration.
  if (v.durationSeconds > 0) o['duration'] = isoDuration(v.durationSeconds);
  if (v.contentUrl) o['contentUrl'] = absoluteUrl(site, v.contentUrl);
  if (v.embedUrl) o['embedUrl'] = absoluteUrl(site, v.embedUrl);
  if (v.publication) {
    o['publication'] = {
      '@type': 'BroadcastEvent',
      isLiveBroadcast: v.publication.isLiveBroadcast,
      startDate: isoDate(v.publication.startDate),
      endDate: isoDate(v.publication.endDate),
    };
  }
  return o;
}

/** The 2M channel as a BroadcastService. */
function broadcastService(site: string, channelName: string): LdObject {
  return {
    '@type': 'BroadcastService',
    '@id': `${absoluteUrl(site, '/')}#broadcast-service`,
    name: channelName || '2M Maroc',
    broadcastDisplayName: '2M',
    broadcaster: publisher(site),
    url: absoluteUrl(site, '/'),
  };
}

export interface ScheduleEntry {
  name: string;
  startDate: string | Date;
  endDate: string | Date;
  isLive: boolean;
  /** The programme's page (path or URL), when it has one. */
  programme?: { name: string; url: string } | null | undefined;
}

/** The TV guide: its broadcasts as an ItemList of BroadcastEvent, in order. */
export function broadcastListLd(b: { siteUrl: string; url: string; name: string; channelName: string; inLanguage: LanguageTag; entries: readonly ScheduleEntry[] }): LdObject {
  const service = broadcastService(b.siteUrl, b.channelName);
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: b.name,
    url: absoluteUrl(b.siteUrl, b.url),
    numberOfItems: b.entries.length,
    itemListElement: b.entries.map((e, i) => {
      const event: LdObject = {
        '@type': 'BroadcastEvent',
        name: e.name,
        startDate: isoDate(e.startDate),
        endDate: isoDate(e.endDate),
        isLiveBroadcast: e.isLive,
        inLanguage: b.inLanguage,
        // The channel in full once, then by its @id (the guide's HTML budget).
        publishedOn: i === 0 ? service : { '@id': service['@id'] },
      };
      if (e.programme) event['workPerformed'] = { '@type': 'TVSeries', name: e.programme.name, url: absoluteUrl(b.siteUrl, e.programme.url) };
      return { '@type': 'ListItem', position: i + 1, item: event };
    }),
  };
}

export interface SeriesInput {
  siteUrl: string;
  url: string;
  /** emission and serie: TVSeries; film: Movie. */
  kind: 'emission' | 'serie' | 'film';
  name: string;
  description: string;
  image: ImageShape | null;
  inLanguage: LanguageTag;
  episodes: readonly { name: string; url: string; season: number; datePublished: string | Date }[];
}

/** A programme page: TVSeries with its episodes (TVEpisode), or a Movie. */
export function seriesLd(p: SeriesInput): LdObject {
  const url = absoluteUrl(p.siteUrl, p.url);
  const o: LdObject = {
    '@context': CONTEXT,
    '@type': p.kind === 'film' ? 'Movie' : 'TVSeries',
    '@id': `${url}#programme`,
    name: p.name,
    url,
    description: p.description || p.name,
    inLanguage: p.inLanguage,
    image: absoluteUrl(p.siteUrl, p.image?.url ?? DEFAULT_THUMBNAIL_PATH),
    productionCompany: publisher(p.siteUrl),
  };
  if (p.kind !== 'film') {
    o['numberOfEpisodes'] = p.episodes.length;
    o['episode'] = p.episodes.map((e) => ({
      '@type': 'TVEpisode',
      name: e.name,
      url: absoluteUrl(p.siteUrl, e.url),
      partOfSeason: { '@type': 'TVSeason', seasonNumber: e.season },
      partOfSeries: { '@id': o['@id'] },
      datePublished: isoDate(e.datePublished),
    }));
  }
  return o;
}

export interface EpisodeInput {
  siteUrl: string;
  url: string;
  name: string;
  description: string;
  datePublished: string | Date;
  season: number;
  number: number;
  image: ImageShape | null;
  inLanguage: LanguageTag;
  series: { name: string; url: string };
}

/** An episode page: TVEpisode, part of its TVSeries and season. */
export function episodeLd(e: EpisodeInput): LdObject {
  const seriesUrl = absoluteUrl(e.siteUrl, e.series.url);
  return {
    '@context': CONTEXT,
    '@type': 'TVEpisode',
    name: e.name,
    url: absoluteUrl(e.siteUrl, e.url),
    description: e.description || e.name,
    datePublished: isoDate(e.datePublished),
    episodeNumber: e.number,
    inLanguage: e.inLanguage,
    image: absoluteUrl(e.siteUrl, e.image?.url ?? DEFAULT_THUMBNAIL_PATH),
    partOfSeason: { '@type': 'TVSeason', seasonNumber: e.season },
    partOfSeries: { '@type': 'TVSeries', '@id': `${seriesUrl}#programme`, name: e.series.name, url: seriesUrl },
  };
}

export interface Crumb {
  name: string;
  /** Site path (or absolute URL) of the crumb's page. */
  path: string;
}

export function breadcrumbLd(siteUrl: string, crumbs: readonly Crumb[]): LdObject {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(siteUrl, c.path),
    })),
  };
}

/** `inLanguage` value for a site locale. */
export const ldLanguage = (lang: Locale): LanguageTag => LOCALE_CONFIG[lang].bcp47;

/**
 * Serialise for `<script type="application/ld+json" set:html={ldScript(x)} />`:
 * escapes `<` so a title containing "</script>" cannot close the element.
 */
export function ldScript(data: LdObject | readonly LdObject[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
