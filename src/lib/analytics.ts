/**
 * A tiny analytics hook for the browser: `track(eventId, data)` announces an
 * event on `window` (a `2m:analytics` CustomEvent, for whatever listens) and
 * pushes it to `window.dataLayer` when a tag manager put one there.
 *
 * Event ids (docs/product.md, Limits): 4 video play, 7 live play, 11 language switch; click
 * events (ClickEvents below) 20 and up.
 * A string `data.event` names the event for the tag manager (it replaces the
 * default `2m_event_<id>` name in dataLayer): plays send `ReadVideo` (docs/product.md, Play logging).
 */
export const ANALYTICS_EVENT = '2m:analytics';

export const AnalyticsEvents = {
  videoPlay: 4,
  livePlay: 7,
  languageSwitch: 11,
} as const;

/** Named events (docs/product.md, Play logging): a video or live play is sent as `ReadVideo`; a tracked click as `Click`. */
export const AnalyticsEventNames = {
  readVideo: 'ReadVideo',
  click: 'Click',
} as const;

/**
 * Click events (docs/product.md, Play logging), logged through /tracking/clicks.php by
 * src/lib/click-tracking.ts and announced here as `Click` events. Ids start
 * at 20, apart from the play (4, 7) and language-switch (11) ids. Each has a
 * `data-track` name: an element marked `data-track="breaking-news"` (or any
 * element inside it) reports its clicks as event 20.
 */
export const ClickEvents = {
  /** A headline of the breaking-news ticker. */
  breakingNews: 20,
  /** The live block of the header (narrow screens) or the live strip. */
  live: 21,
  /** The secondary navigation: Watch, Replay, JT (replay pages: La UNE, Société, Sport). */
  secondaryNav: 22,
  /** A link of the navigation bar (master tags, Programmes, Starlight). */
  navigation: 23,
  /** A link of the mega menu. */
  megaMenu: 24,
  /** A search result (search box or search page). */
  searchResult: 25,
  /** A link of the footer. */
  footer: 26,
  /** An advertising banner. */
  ad: 27,
  /** A short link /s/{code} followed (recorded by the server: src/server/short-links/). */
  shortLink: 28,
  /** The language switch: stored with the clicks, under its own analytics id (docs/product.md, Play logging: 11). */
  languageSwitch: 11,
} as const;

/** `data-track` attribute value → click event id. */
export const CLICK_TRACK_NAMES = {
  'breaking-news': ClickEvents.breakingNews,
  live: ClickEvents.live,
  'secondary-nav': ClickEvents.secondaryNav,
  nav: ClickEvents.navigation,
  'mega-menu': ClickEvents.megaMenu,
  'search-result': ClickEvents.searchResult,
  footer: ClickEvents.footer,
  ad: ClickEvents.ad,
  'short-link': ClickEvents.shortLink,
  language: ClickEvents.languageSwitch,
} as const satisfies Record<string, (typeof ClickEvents)[keyof typeof ClickEvents]>;

export type ClickTrackName = keyof typeof CLICK_TRACK_NAMES;
export type ClickEventId = (typeof ClickEvents)[keyof typeof ClickEvents];

/** Every click event id (what /tracking/clicks.php accepts as a click). */
export const CLICK_EVENT_IDS: readonly ClickEventId[] = Object.values(ClickEvents);

export interface AnalyticsDetail {
  eventId: number;
  data: Record<string, unknown>;
  /** Unix time in milliseconds. */
  at: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
  interface WindowEventMap {
    '2m:analytics': CustomEvent<AnalyticsDetail>;
  }
}

export function track(eventId: number, data: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  const detail: AnalyticsDetail = { eventId, data, at: Date.now() };
  try {
    window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail }));
    if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: `2m_event_${eventId}`, eventId, ...data });
  } catch {
    // Analytics must never break the page.
  }
}
