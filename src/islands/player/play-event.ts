/**
 * Play statistics, browser side (docs/product.md, Content "Video play event payload", Play logging).
 *
 * The player calls `reportPlay` once per content start (after any pre-roll).
 * It builds the payload, sends it to `/tracking/clicks.php` (sendBeacon with a
 * JSON body, else `fetch` with `keepalive`, so it survives a navigation) and
 * announces it as a `ReadVideo` analytics event. It never throws: statistics
 * must never break playback.
 */
import { AnalyticsEventNames, AnalyticsEvents, track } from '../../lib/analytics.ts';
import { isLoggedIn, userId } from '../../stores/session.ts';
import { beacon, siteFetch } from '../../lib/api-client.ts';

export interface PlayInfo {
  contentId: string;
  videoFileURL: string;
  contentType: string;
  live: boolean;
}

/** docs/product.md, Content, field for field. */
export interface PlayEventPayload {
  connexionMode: 'connecté' | 'visiteur';
  contentId: string;
  videoFileURL: string;
  contentType: string;
  eventId: 4 | 7;
  clickSource: 'resp' | 'web';
  userID: string;
  /** Unix time in whole seconds. */
  clickDate: number;
  pageURL: string;
}

/** Where play (and later click) events are posted; not language-prefixed. */
const TRACKING_ENDPOINT = '/tracking/clicks.php';

/** docs/product.md, Play logging: `resp` when the window is under 768 px wide. */
const RESPONSIVE_BELOW_PX = 768;

/** What the payload reads from the browser; injectable for tests. */
export interface PlayContext {
  loggedIn: boolean;
  userId: string;
  innerWidth: number;
  pageURL: string;
  /** Unix time in milliseconds. */
  now: number;
}

/** The endpoint's bound on URLs (src/server/tracking/schema.ts). */
const MAX_URL_CHARS = 2048;

/** A URL within the bound: over it, without its query and fragment, then cut. */
export function boundedUrl(url: string): string {
  if (url.length <= MAX_URL_CHARS) return url;
  const bare = url.replace(/[?#].*$/s, '');
  return bare.length <= MAX_URL_CHARS ? bare : bare.slice(0, MAX_URL_CHARS);
}

function browserContext(): PlayContext {
  return {
    loggedIn: isLoggedIn(),
    userId: userId(),
    innerWidth: window.innerWidth,
    pageURL: location.href,
    now: Date.now(),
  };
}

export function buildPlayPayload(info: PlayInfo, ctx: PlayContext): PlayEventPayload {
  return {
    connexionMode: ctx.loggedIn ? 'connecté' : 'visiteur',
    contentId: String(info.contentId),
    videoFileURL: boundedUrl(info.videoFileURL),
    contentType: info.contentType,
    eventId: info.live ? AnalyticsEvents.livePlay : AnalyticsEvents.videoPlay,
    clickSource: ctx.innerWidth < RESPONSIVE_BELOW_PX ? 'resp' : 'web',
    userID: ctx.userId,
    clickDate: Math.floor(ctx.now / 1000),
    pageURL: boundedUrl(ctx.pageURL),
  };
}

/** Post the payload; returns whether it was handed to the browser. */
function sendPlayEvent(payload: PlayEventPayload, endpoint: string = TRACKING_ENDPOINT): boolean {
  const body = JSON.stringify(payload);
  // beacon() is false when the browser refuses (some refuse a non-form Blob type): then fetch.
  if (beacon(endpoint, new Blob([body], { type: 'application/json' }))) return true;
  try {
    siteFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch((error: unknown) => {
      console.warn('play event not sent', error);
    });
    return true;
  } catch (error) {
    console.warn('play event not sent', error);
    return false;
  }
}

export function reportPlay(info: PlayInfo): void {
  if (typeof window === 'undefined') return;
  try {
    const payload = buildPlayPayload(info, browserContext());
    sendPlayEvent(payload);
    track(payload.eventId, { event: AnalyticsEventNames.readVideo, ...payload });
  } catch (error) {
    console.warn('play event not recorded', error);
  }
}
