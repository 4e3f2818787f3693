/**
 * What every page tells the site layout: its language and route (which pick
 * the layout variant, the navigation and the fixed-bar rule), and what
 * search engines and sharing need. Pages build it; SiteLayout renders it.
 */
import type { ImageShape } from '../server/api/shapes.ts';
import type { Locale } from '../i18n/locales.ts';
import type { RouteName } from '../lib/routes.ts';
import type { AdTargeting } from '../lib/ads/display.ts';

export type LayoutVariant = 'default' | 'dark' | 'schedule';

export interface Breadcrumb {
  name: string;
  path: string;
}

export interface PageMeta {
  locale: Locale;
  routeName: RouteName;
  title: string;
  description: string;
  /** Defaults: 'dark' when routeName contains "replay", else 'default'. */
  layout?: LayoutVariant;
  /** The page places the top banner itself, below its lead story (TopAd.astro; ADR 036); else the layout puts it above the page. */
  topAdInPage?: boolean;
  /** Site path of this page (canonical), e.g. /fr/post/12. */
  path: string;
  /**
   * This page in each language: the translation when it exists, else that
   * language's nearest section. Feeds hreflang and the language switch.
   */
  alternates: Partial<Record<Locale, string>>;
  /**
   * The pages that are this page in another language, for hreflang (search
   * engines must only be told of real equivalents). Default: alternates.
   */
  translations?: Partial<Record<Locale, string>>;
  image?: ImageShape | null;
  /**
   * The page's largest paint when it is a picture, and the sizes it is drawn
   * at: preloaded in its best format with fetchpriority high (LcpPreload.astro).
   * `media`: the screens where it is the largest paint (the preload's media
   * query), when not every screen.
   */
  lcpImage?: { image: ImageShape; sizes: string; media?: string } | null;
  /** OpenGraph type. */
  ogType?: 'website' | 'article' | 'video.other' | 'video.episode';
  publishedAt?: string;
  updatedAt?: string;
  breadcrumbs?: Breadcrumb[];
  /** Extra JSON-LD objects (NewsArticle, VideoObject, BroadcastEvent…). */
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
  /** RSS feeds of this page (<link rel="alternate" type="application/rss+xml">). */
  feeds?: { title: string; path: string }[];
  /** Ad targeting of the page beyond its language and route (section, tags, article id…). */
  adTargeting?: AdTargeting;
}

/** The ad targeting of a page (docs/product.md, Content): its language, its route, and what the page adds. */
export function pageAdTargeting(meta: PageMeta): AdTargeting {
  return [['lang', meta.locale], ['page', meta.routeName], ...(meta.adTargeting ?? [])];
}
