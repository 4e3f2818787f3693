/**
 * PageMeta pieces shared by the video pages: the "<title> | 2M" title,
 * breadcrumbs, alternates (the same catalogue page in the other language),
 * the VideoObject JSON-LD of a video page, and the Cache-Control header.
 */
import type { Breadcrumb } from '../../layouts/meta.ts';
import type { Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { ldLanguage, videoObjectLd, type LdObject } from '../../lib/jsonld.ts';
import type { VideoCard, VideoSource } from '../api/shapes.ts';
import { getConfig } from '../config.ts';
import * as m from '../../paraglide/messages.js';
import { capCacheControl } from '../http/cache-control.ts';
import { CACHE, bothLanguages, type CacheKind } from './video-common.ts';

/** "<title> | 2M" (دوزيم in Arabic). */
export const videoPageTitle = (title: string, locale: Locale): string => `${title} | ${m.site_name({}, { locale })}`;

/** " - page N" after the first page of a list. */
export const pageSuffix = (page: number, locale: Locale): string => (page > 1 ? ` - ${m.video_page_n({ n: page }, { locale })}` : '');

export const homeCrumb = (locale: Locale): Breadcrumb => ({ name: m.video_breadcrumb_home({}, { locale }), path: route('index', locale) });
export const replayCrumb = (locale: Locale): Breadcrumb => ({ name: m.replay_title({}, { locale }), path: route('replay-id', locale, {}) });
export const newsCrumb = (locale: Locale): Breadcrumb => ({ name: m.replay_news_title({}, { locale }), path: route('replay-news', locale) });
export const by2mCrumb = (locale: Locale): Breadcrumb => ({ name: m.replay_by2m_title({}, { locale }), path: route('replay-by2m-id', locale, {}) });
export const starlightCrumb = (locale: Locale): Breadcrumb => ({ name: m.starlight_title({}, { locale }), path: route('starlight', locale) });
export const starlightReplayCrumb = (locale: Locale): Breadcrumb => ({
  name: m.starlight_replay_title({}, { locale }),
  path: route('replay-starlight', locale),
});
export const showsCrumb = (locale: Locale): Breadcrumb => ({ name: m.shows_title({}, { locale }), path: route('shows', locale) });

/** Alternates of a catalogue page: the same page under the other prefix. */
export const alternatesOf = bothLanguages;

/** The VideoObject of a video page. */
export function videoLd(locale: Locale, path: string, video: VideoCard, source: VideoSource | null, description?: string): LdObject {
  return videoObjectLd({
    siteUrl: getConfig().SITE_URL,
    url: path,
    name: video.title,
    description: description || video.description || video.title,
    thumbnail: video.thumbnail ?? source?.poster ?? null,
    uploadDate: video.publishedAt,
    durationSeconds: source?.durationSeconds ?? video.durationSeconds,
    contentUrl: source?.url || undefined,
    inLanguage: ldLanguage(locale),
  });
}

/**
 * Sets Cache-Control by freshness. Pages whose language comes from the
 * cookie (the unprefixed /shows, /casting…) also vary on it. A page that
 * marks the programme on air names when that changes (`changesAt`, ms, from
 * its render time `now`): it is kept no longer.
 */
export function setCache(
  headers: Headers,
  kind: CacheKind,
  opts: { varyCookie?: boolean; changesAt?: number | null; now?: Date } = {},
): void {
  headers.set('Cache-Control', capCacheControl(CACHE[kind], opts.changesAt ?? null, (opts.now ?? new Date()).getTime()));
  if (opts.varyCookie) headers.append('Vary', 'Cookie');
}

/** A description cut to about 160 characters on a word boundary. */
export function metaDescription(text: string, max = 160): string {
  const t = text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
