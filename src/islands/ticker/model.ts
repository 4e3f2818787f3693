/**
 * The breaking-news ticker's pure parts (docs/product.md, Header, Content "Breaking news
 * response", Answers, Limits): reading the API's answer, the loop's duration, and
 * the "the last answer had headlines" hint that lets a page reserve the
 * ticker's height before it loads (no layout shift).
 */
import type { Locale } from '../../i18n/locales.ts';

interface TickerItem {
  title: string;
  url: string;
}

export interface TickerData {
  title: string;
  news: TickerItem[];
}

/** docs/product.md, Limits: one loop of the ticker takes 30 s. */
export const TICKER_LOOP_SECONDS = 30;
/**
 * The fastest the headlines may move (px a second): a list longer than
 * 30 s at this speed (about 4 headlines) takes longer per loop, so a long
 * list stays readable instead of racing past (a headline takes about 4 s
 * to cross a phone's 230 px window).
 */
export const TICKER_MAX_SPEED_PX_S = 60;
/** How often a page re-reads the breaking news (the API caches 15 s). */
export const TICKER_REFRESH_MS = 3 * 60_000;

/**
 * Seconds per loop for a list `listWidth` px wide (one copy): 30 s, or more
 * when the list is so long that 30 s would exceed the speed limit.
 */
export function tickerDuration(listWidth: number): number {
  if (!Number.isFinite(listWidth) || listWidth <= 0) return TICKER_LOOP_SECONDS;
  return Math.max(TICKER_LOOP_SECONDS, Math.ceil(listWidth / TICKER_MAX_SPEED_PX_S));
}

/** Where things are when a headline gets keyboard focus (physical px, times in ms). */
export interface RevealInput {
  /** The loop animation's current time and duration. */
  currentTime: number;
  duration: number;
  /** The translation over one loop: minus half the track's width in LTR, plus in RTL. */
  shiftPx: number;
  viewStart: number;
  viewEnd: number;
  linkStart: number;
  linkEnd: number;
}

/** Room left beside a revealed headline (px). */
const REVEAL_MARGIN_PX = 8;

/**
 * The animation time at which the focused headline is fully in view (its
 * left edge first if it is wider than the viewport), or null when it
 * already is. Within [0, duration): the loop is linear, so moving the
 * headline by d px is moving the time by d / (shiftPx / duration).
 */
export function revealTime(r: RevealInput): number | null {
  if (!(r.duration > 0) || !Number.isFinite(r.currentTime) || r.shiftPx === 0) return null;
  let d = 0;
  if (r.linkStart < r.viewStart) d = r.viewStart - r.linkStart + REVEAL_MARGIN_PX;
  else if (r.linkEnd > r.viewEnd) d = Math.max(r.viewEnd - r.linkEnd - REVEAL_MARGIN_PX, r.viewStart - r.linkStart + REVEAL_MARGIN_PX);
  if (d === 0) return null;
  const time = r.currentTime + d / (r.shiftPx / r.duration);
  return Math.min(Math.max(time, 0), r.duration - 1);
}

/**
 * The ticker's one Tab stop (a toolbar: its headlines and its pause button
 * are reached with the arrow keys): the index that `key` moves the focus
 * to from `index` among `count` items, or null for a key the ticker leaves
 * alone. The arrows follow the reading direction: in right-to-left text
 * the left arrow goes to the next headline.
 */
export function rovingIndex(key: string, index: number, count: number, rtl: boolean): number | null {
  if (count <= 0) return null;
  const next = (index + 1) % count;
  const previous = (index - 1 + count) % count;
  switch (key) {
    case 'ArrowRight':
      return rtl ? previous : next;
    case 'ArrowLeft':
      return rtl ? next : previous;
    case 'ArrowDown':
      return next;
    case 'ArrowUp':
      return previous;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A link the ticker may render: a path on this site or an http(s) URL (never javascript: and the like). */
export function safeHref(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (!u) return null;
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  if (!URL.canParse(u)) return null;
  const { protocol } = new URL(u);
  return protocol === 'http:' || protocol === 'https:' ? u : null;
}

/**
 * The ticker's content from the `response` of /api/getBreakingNews (null on
 * 204): the items with a title and a safe link; null when none is left
 * (the ticker hides). The title falls back to `fallbackTitle` ("عاجل" /
 * "Urgent").
 */
export function tickerData(response: unknown, fallbackTitle: string): TickerData | null {
  if (typeof response !== 'object' || response === null) return null;
  const { title, news } = response as { title?: unknown; news?: unknown };
  if (!Array.isArray(news)) return null;
  const items: TickerItem[] = [];
  for (const item of news as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const t = (item as { title?: unknown }).title;
    const href = safeHref((item as { url?: unknown }).url);
    if (typeof t !== 'string' || !t.trim() || !href) continue;
    items.push({ title: t.trim(), url: href });
  }
  if (items.length === 0) return null;
  return { title: typeof title === 'string' && title.trim() ? title.trim() : fallbackTitle, news: items };
}

/* ---- the layout hint ---- */

/**
 * localStorage key prefix: `2m:breaking:<lang>` holds when (ms) the last
 * answer came, positive when it had headlines, negative when it had none.
 */
export const TICKER_HINT_KEY = '2m:breaking:';
/** A hint older than this is ignored (breaking news rarely last less). */
export const TICKER_HINT_TTL_MS = 10 * 60_000;
/** Set on <html> while a hint says the ticker will show: the ticker's height is reserved. */
export const TICKER_HINT_ATTR = 'data-breaking-hint';

/** Remembers whether the last answer (for `locale`) had headlines. */
export function rememberHint(locale: Locale, hasNews: boolean, now: number = Date.now()): void {
  try {
    localStorage.setItem(TICKER_HINT_KEY + locale, String(hasNews ? now : -now));
  } catch {
    // Storage refused (private mode, quota): the height is simply not reserved.
  }
}

/**
 * The inline script the page runs in its head (SiteLayout.astro: an inline
 * script in the body would hold the parser until the stylesheets arrive,
 * ADR 014), before the ticker is parsed: it marks
 * <html> so the ticker's height is reserved from the first paint when the
 * visitor's last answer in this language (within TICKER_HINT_TTL_MS) had
 * headlines, or, with no recent answer of their own (a first visit), when
 * the server had breaking news as it rendered the page (`serverHasNews`).
 * Written out in full (no imports: it runs inline, before any module).
 */
export function tickerHintScript(serverHasNews: boolean): string {
  return `(function(){try{var d=document.documentElement,t=Number(localStorage.getItem(${JSON.stringify(
    TICKER_HINT_KEY,
  )}+d.lang)),f=t&&Date.now()-Math.abs(t)<${TICKER_HINT_TTL_MS};if(f?t>0:${serverHasNews ? 'true' : 'false'})d.setAttribute(${JSON.stringify(TICKER_HINT_ATTR)},'')}catch(e){}})();`;
}
