/**
 * Video players on a page (docs/product.md, States "Video players", Limits).
 *
 * One player at a time: a player that starts calls `stopVideo(id)`, which
 * records it as the active player and fires the window event `stop-video`
 * ({ detail: { id } }); every player whose id differs pauses (and aborts its
 * pre-roll). `playVideo(id)` fires `play-video`: the player with that id
 * starts. The live strip in the navigation is a player too (id
 * `LIVE_STRIP_ID`): it pauses on `stop-video` and only plays again, muted,
 * once no other player is active (`$activePlayer` back to null, e.g. after
 * navigating away from a video page).
 *
 * Floating ("stuck") mode: a playing video that scrolls out of view floats in
 * a corner. The window events `open-floating-video`, `close-floating-video`
 * and `toggle-floating-video` (detail { id }; `openFloating` sends the
 * first) control it; `$floatingPlayer` holds the id of the floating player.
 *
 * The live address (docs/product.md, Content "news", Limits): `loadLiveAddress` waits in 500 ms
 * steps until the document is fully loaded, then reads /api/getLiveSection
 * (`response.news.url[0]`) once per page life and keeps it in `$liveAddress`.
 *
 * Browser only: nanostores are module singletons on the server; nothing here
 * is set during server rendering.
 */
import { atom } from 'nanostores';
import { siteFetch } from '../lib/api-client.ts';
import { LIVE_STRIP_POSTER_WIDTH } from '../lib/image-sizes.ts';
import { singleRenditionUrl } from '../lib/renditions.ts';

export const STOP_VIDEO = 'stop-video';
export const PLAY_VIDEO = 'play-video';
export const OPEN_FLOATING = 'open-floating-video';
export const CLOSE_FLOATING = 'close-floating-video';
export const TOGGLE_FLOATING = 'toggle-floating-video';

export type VideoEventName =
  | typeof STOP_VIDEO
  | typeof PLAY_VIDEO
  | typeof OPEN_FLOATING
  | typeof CLOSE_FLOATING
  | typeof TOGGLE_FLOATING;

interface VideoEventDetail {
  id: string;
}

/** The id of the live strip's player in the navigation bar. */
export const LIVE_STRIP_ID = 'live-strip';

/** The player that started last and is still on the page (playing or paused), or null. */
export const $activePlayer = atom<string | null>(null);
/** The player currently floating in a corner, or null. */
export const $floatingPlayer = atom<string | null>(null);
/** The live stream address (first url of /api/getLiveSection), once known. */
export const $liveAddress = atom<string | null>(null);
/** The live channel's name and poster image, from the same answer. */
export const $liveChannel = atom<{ title: string; poster: string | null } | null>(null);

function dispatch(name: VideoEventName, id: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<VideoEventDetail>(name, { detail: { id } }));
}

/** Listens to one of the player events; returns the unsubscribe function. */
export function onVideoEvent(name: VideoEventName, handler: (id: string) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: Event) => {
    const id = (event as CustomEvent<Partial<VideoEventDetail> | null>).detail?.id;
    if (typeof id === 'string') handler(id);
  };
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}

/** The player `id` starts: every other player pauses. */
export function stopVideo(id: string): void {
  $activePlayer.set(id);
  dispatch(STOP_VIDEO, id);
}

/** Asks the player `id` to start. */
export function playVideo(id: string): void {
  dispatch(PLAY_VIDEO, id);
}

/** A player leaves the page (unmounted): it is no longer active nor floating. */
export function releasePlayer(id: string): void {
  if ($activePlayer.get() === id) $activePlayer.set(null);
  if ($floatingPlayer.get() === id) $floatingPlayer.set(null);
}

export function openFloating(id: string): void {
  dispatch(OPEN_FLOATING, id);
}

/** Players report their floating state here (the events above ask for a change). */
export function setFloating(id: string, floating: boolean): void {
  if (floating) $floatingPlayer.set(id);
  else if ($floatingPlayer.get() === id) $floatingPlayer.set(null);
}

/* ---- the live address ---- */

/** docs/product.md, Limits: the live address store waits in 500 ms steps until the document is fully loaded. */
const LIVE_ADDRESS_STEP_MS = 500;
/** Give up waiting for the load event after this long (a stuck third-party request must not hide the live). */
const LIVE_ADDRESS_MAX_WAIT_MS = 15_000;

let liveAddressRequest: { locale: string; promise: Promise<string | null> } | null = null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads `response.news.url[0]` from a /api/getLiveSection answer. */
export function liveAddressOf(body: unknown): string | null {
  const news = (body as { response?: { news?: { url?: unknown } } } | null)?.response?.news;
  const first = Array.isArray(news?.url) ? (news.url as unknown[])[0] : undefined;
  return typeof first === 'string' && first.trim() ? first : null;
}

/** The channel's name and the strip's poster URL from a /api/getLiveSection answer. */
export function liveChannelOf(body: unknown): { title: string; poster: string | null } | null {
  const news = (body as { response?: { news?: { title?: unknown; poster?: { url?: unknown; srcset?: unknown } | null } } } | null)?.response
    ?.news;
  if (!news || typeof news.title !== 'string') return null;
  // The strip's size of it (as the server-rendered strip: NavBar.astro), not the full picture.
  const poster =
    news.poster && typeof news.poster.url === 'string'
      ? singleRenditionUrl({ url: news.poster.url, srcset: typeof news.poster.srcset === 'string' ? news.poster.srcset : '' }, LIVE_STRIP_POSTER_WIDTH)
      : null;
  return { title: news.title, poster };
}

async function fetchLiveAddress(locale: string): Promise<string | null> {
  for (let waited = 0; document.readyState !== 'complete' && waited < LIVE_ADDRESS_MAX_WAIT_MS; waited += LIVE_ADDRESS_STEP_MS) {
    await sleep(LIVE_ADDRESS_STEP_MS);
  }
  try {
    const res = await siteFetch('/api/getLiveSection', { headers: { locale, accept: 'application/json' } });
    if (!res.ok) throw new Error(`getLiveSection answered ${res.status}`);
    const body: unknown = await res.json();
    $liveChannel.set(liveChannelOf(body));
    return liveAddressOf(body);
  } catch (error) {
    console.warn('live address not loaded', error);
    return null;
  }
}

/**
 * The live address (and the channel's name): fetched once per page life and
 * language (the strip persists across navigations, a language switch
 * included), shared by every caller; a failure is forgotten so that a later
 * call tries again.
 */
export function loadLiveAddress(locale: string): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  if (liveAddressRequest?.locale !== locale) {
    const request = {
      locale,
      promise: fetchLiveAddress(locale).then((url) => {
        if (url) $liveAddress.set(url);
        else if (liveAddressRequest === request) liveAddressRequest = null;
        return url ?? $liveAddress.get();
      }),
    };
    liveAddressRequest = request;
  }
  return liveAddressRequest.promise;
}
