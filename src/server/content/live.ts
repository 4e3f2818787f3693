/** The live section (live strip, live page) and the embeddable live player. */
import { getConfig } from '../config.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ImageShape } from '../api/shapes.ts';
import { loadImages } from './images.ts';
import { route } from '../../lib/routes.ts';
import { inBothLanguages } from '../api/messages.ts';
import * as m from '../../paraglide/messages.js';

/** The built-in live channel's playlist (served by the live-channel module). */
export const BUILTIN_LIVE_URL = '/live/2m/index.m3u8';

export const LIVE_TITLE: Record<Locale, string> = inBothLanguages(m.polish_live_title);

export interface LiveSection {
  /** url[0] is the live address; the rest are the other active channels. */
  url: string[];
  title: string;
  poster: ImageShape | null;
}

/**
 * The live address, in this order (docs/product.md, Video API):
 *  1. the stream the newsroom set (`POST /api/newsroom/live`: the main
 *     channel's `stream_url`), with its title;
 *  2. LIVE_STREAM_URL, the deployment's configured stream;
 *  3. the built-in channel.
 * The main channel is the first active one; other active channels with
 * their own stream follow.
 */
export async function liveSection(
  db: DB,
  lang: Locale,
  liveStreamUrl: string | undefined = getConfig().LIVE_STREAM_URL,
): Promise<LiveSection> {
  const channels = await db
    .selectFrom('live_channels')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const main = channels[0];
  const first = main?.stream_url ?? liveStreamUrl ?? BUILTIN_LIVE_URL;
  const others = channels.slice(1).flatMap((c) => (c.stream_url ? [c.stream_url] : []));
  const image = await loadImages(db, [main?.poster_image_id], lang);
  const newsroomTitle = main ? (lang === 'ar' ? main.live_title_ar : main.live_title_fr) : null;
  return {
    url: [...new Set([first, ...others])],
    title: newsroomTitle || (main ? (lang === 'ar' ? main.name_ar : main.name_fr) : LIVE_TITLE[lang]),
    poster: image(main?.poster_image_id),
  };
}

export interface LiveIframe {
  title: string;
  src: string;
  width: number;
  height: number;
  allow: string;
}

/** The embeddable live player for partners' pages. */
export function liveIframe(lang: Locale, siteUrl: string = getConfig().SITE_URL): LiveIframe {
  return {
    title: LIVE_TITLE[lang],
    src: `${siteUrl.replace(/\/+$/, '')}${route('live-embed', lang)}`,
    width: 640,
    height: 360,
    allow: 'autoplay; fullscreen; picture-in-picture',
  };
}
