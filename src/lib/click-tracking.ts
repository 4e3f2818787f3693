/**
 * Click events, browser side (docs/product.md, Play logging, /tracking/clicks.php).
 *
 * One delegated listener for the whole document (installed once, when the
 * browser is idle; client navigations keep it): a click on an element
 * marked `data-track="<name>"`, or on anything inside one, is reported as
 * the click event of that name (CLICK_TRACK_NAMES, src/lib/analytics.ts):
 *
 *   { eventId, target, label, pageURL, clickDate, userID }
 *
 * `target` is where the link leads (a path for this site, else the absolute
 * URL; `data-track-target` for a control that is no link), `label` the
 * link's text (`data-track-label` or aria-label first), cut to 200
 * characters. Clicks that lead nowhere trackable (mailto:, javascript:…)
 * are not reported.
 *
 * Events wait in a small batch: sent once 10 are waiting or 2 s after the
 * first, and at once (sendBeacon) when the page is hidden or left
 * (`visibilitychange` to hidden, `pagehide`). Nothing ever blocks the
 * navigation: the listener only records, the sending is a beacon (fetch
 * with keepalive where sendBeacon refuses). A batch is split so that each
 * request stays under the endpoint's 8 KB and 20 events. Each click is also
 * announced as a `Click` analytics event (src/lib/analytics.ts).
 */
import { AnalyticsEventNames, AnalyticsEvents, CLICK_TRACK_NAMES, track, type ClickEventId, type ClickTrackName } from './analytics.ts';
import { whenIdle } from './idle.ts';
import { userId } from '../stores/session.ts';
import { beacon, siteFetch } from './api-client.ts';

const CLICK_ENDPOINT = '/tracking/clicks.php';
/** Events sent together at most (the endpoint takes 20 a request). */
export const CLICK_BATCH_MAX = 10;
/** How long the first event of a batch waits for others. */
export const CLICK_BATCH_DELAY_MS = 2000;
/** Bytes of one request (the endpoint refuses over 8 KB). */
export const CLICK_REQUEST_MAX_BYTES = 7 * 1024;
const URL_MAX_CHARS = 2048;
const LABEL_MAX_CHARS = 200;

export interface ClickEventPayload {
  eventId: ClickEventId;
  target: string;
  label: string;
  pageURL: string;
  /** Unix time in whole seconds. */
  clickDate: number;
  userID: string;
}

/** What a payload reads from the browser; injectable for tests. */
export interface ClickContext {
  /** The page's absolute URL. */
  pageURL: string;
  /** The site's origin, to write this site's links as paths. */
  origin: string;
  userId: string;
  /** Unix time in milliseconds. */
  now: number;
}

/** A URL within the endpoint's bound: over it, without its query and fragment, then cut. */
function bounded(url: string): string {
  if (url.length <= URL_MAX_CHARS) return url;
  const bare = url.replace(/[?#].*$/s, '');
  return bare.length <= URL_MAX_CHARS ? bare : bare.slice(0, URL_MAX_CHARS);
}

/**
 * Where a click leads, as the endpoint takes it: a path (with query and
 * fragment) for this site, an absolute URL elsewhere; null for what is no
 * http(s) destination.
 */
export function clickTarget(href: string, origin: string): string | null {
  if (!URL.canParse(href, origin)) return null;
  const u = new URL(href, origin);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  return bounded(u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : u.href);
}

/** The visible text, whitespace collapsed, control characters dropped, cut to 200 characters. */
export function clickLabel(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return clean.length <= LABEL_MAX_CHARS ? clean : `${clean.slice(0, LABEL_MAX_CHARS - 1)}…`;
}

function isTrackName(name: string | undefined): name is ClickTrackName {
  return name !== undefined && Object.hasOwn(CLICK_TRACK_NAMES, name);
}

/**
 * The payload for a click on `clicked` (the event's target), or null when
 * no `data-track` element holds it, its name is unknown, or it leads
 * nowhere trackable.
 */
export function clickPayload(clicked: Element, ctx: ClickContext): ClickEventPayload | null {
  const marked = clicked.closest<HTMLElement>('[data-track]');
  if (!marked) return null;
  const name = marked.dataset['track'];
  if (!isTrackName(name)) return null;
  // The link clicked: the closest one inside the marked element (or the marked element itself).
  const link = clicked.closest<HTMLElement>('a[href], area[href]');
  const source = link && marked.contains(link) ? link : marked;
  const href = source.dataset['trackTarget'] ?? marked.dataset['trackTarget'] ?? source.getAttribute('href');
  if (href === null) return null;
  const target = clickTarget(href, ctx.origin);
  if (!target) return null;
  const label = clickLabel(source.dataset['trackLabel'] ?? source.getAttribute('aria-label') ?? source.textContent);
  return {
    eventId: CLICK_TRACK_NAMES[name],
    target,
    label,
    pageURL: bounded(ctx.pageURL),
    clickDate: Math.floor(ctx.now / 1000),
    userID: ctx.userId,
  };
}

/** Splits events into request bodies of at most `maxBytes` (UTF-8) and CLICK_BATCH_MAX events. */
export function requestBodies(events: readonly ClickEventPayload[], maxBytes: number = CLICK_REQUEST_MAX_BYTES): string[] {
  const bodies: string[] = [];
  const size = (s: string) => new TextEncoder().encode(s).length;
  let current: ClickEventPayload[] = [];
  const close = () => {
    if (current.length) bodies.push(JSON.stringify(current));
    current = [];
  };
  for (const e of events) {
    const next = [...current, e];
    if (current.length && (next.length > CLICK_BATCH_MAX || size(JSON.stringify(next)) > maxBytes)) close();
    current.push(e);
  }
  close();
  // Only a single event can be over the limit on its own (not with the
  // bounded fields above): the endpoint would refuse it, it is dropped.
  return bodies.filter((body) => size(body) <= maxBytes);
}

/** Hands a JSON body to the browser for sending; never throws, never waits. */
function sendBody(body: string, endpoint: string = CLICK_ENDPOINT): boolean {
  // Some browsers refuse a non-form Blob type in sendBeacon: then fetch.
  if (beacon(endpoint, new Blob([body], { type: 'application/json' }))) return true;
  try {
    siteFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch((error: unknown) => console.warn('click events not sent', error));
    return true;
  } catch (error) {
    console.warn('click events not sent', error);
    return false;
  }
}

export interface ClickBatcherOptions {
  send?: (body: string) => unknown;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  max?: number;
  delayMs?: number;
}

/** The browser-side batch: up to `max` events or `delayMs` after the first, whichever comes first. */
export class ClickBatcher {
  private queue: ClickEventPayload[] = [];
  private timer: unknown;
  private readonly send: (body: string) => unknown;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (id: unknown) => void;
  private readonly max: number;
  private readonly delayMs: number;

  constructor(opts: ClickBatcherOptions = {}) {
    this.send = opts.send ?? sendBody;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
    this.max = opts.max ?? CLICK_BATCH_MAX;
    this.delayMs = opts.delayMs ?? CLICK_BATCH_DELAY_MS;
  }

  get size(): number {
    return this.queue.length;
  }

  add(event: ClickEventPayload): void {
    this.queue.push(event);
    if (this.queue.length >= this.max) this.flush();
    else if (this.timer === undefined) {
      this.timer = this.setTimer(() => {
        this.timer = undefined;
        this.flush();
      }, this.delayMs);
    }
  }

  /** Sends everything waiting now. */
  flush(): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    const events = this.queue;
    this.queue = [];
    for (const body of requestBodies(events)) this.send(body);
  }
}

const INSTALLED = Symbol.for('2m.clickTracking');

/**
 * Installs the document's click listener, once per page life (a second call
 * does nothing), when the browser is idle. Returns the batcher (for tests).
 */
export function installClickTracking(batcher: ClickBatcher = new ClickBatcher()): ClickBatcher | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  const w = window as unknown as Record<symbol, ClickBatcher | undefined>;
  const existing = w[INSTALLED];
  if (existing) return existing;
  w[INSTALLED] = batcher;

  const onClick = (event: MouseEvent) => {
    // Primary click (0, Enter on a link included) and middle click (1: a new tab).
    if (event.button !== 0 && event.button !== 1) return;
    const clicked = event.target as Element | null;
    if (!clicked || typeof clicked.closest !== 'function') return;
    try {
      const tracked = clickPayload(clicked, { pageURL: location.href, origin: location.origin, userId: '', now: Date.now() });
      if (!tracked) return;
      // Only a tracked click asks for the visitor id (which makes one the first time).
      const payload = { ...tracked, userID: userId() };
      batcher.add(payload);
      // The language switch announces its own analytics event (11, with from and to).
      if (payload.eventId !== AnalyticsEvents.languageSwitch) {
        track(payload.eventId, { event: AnalyticsEventNames.click, target: payload.target, label: payload.label, pageURL: payload.pageURL });
      }
    } catch (error) {
      console.warn('click not recorded', error);
    }
  };
  const listen = () => {
    // Capture: a handler that stops propagation (a client router, a menu) does not hide the click.
    document.addEventListener('click', onClick, { capture: true, passive: true });
    document.addEventListener('auxclick', onClick, { capture: true, passive: true });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') batcher.flush();
    });
    window.addEventListener('pagehide', () => batcher.flush());
  };
  whenIdle(listen, { timeout: 3000, fallbackMs: 1 });
  return batcher;
}
