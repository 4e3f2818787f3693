/**
 * The breaking-news ticker (BreakingTicker.astro; docs/product.md, Header,
 * Content, States, Answers, Limits), plain DOM in the shell's script: a
 * title ("عاجل" / "Urgent", or the API's) and the linked headlines
 * scrolling in a 30 s loop. As a React island it loaded React on every
 * page to draw a list of links (ADR 014).
 *
 *  - Data at run time only: /api/getBreakingNews through src/lib/api-client
 *    (locale header; 204 = nothing; a 400 sends the visitor home), read at
 *    once and every TICKER_REFRESH_MS while the page is visible, again when
 *    the connection comes back, and in the new language after a switch.
 *  - Hidden when there is nothing (204, an empty list) and in dark mode
 *    (replay pages do not render it; CSS hides it under .theme-dark too).
 *    A failed refresh keeps the headlines shown; a first failure leaves it
 *    hidden.
 *  - Motion (src/islands/ticker/ticker.css): a CSS animation over two
 *    copies of the list, towards the inline start, at most 60 px a second
 *    (src/islands/ticker/model.ts); paused on hover, on keyboard focus
 *    inside, and by a pause button (WCAG 2.2.2); no motion under
 *    prefers-reduced-motion. The second copy is aria-hidden and its links
 *    are out of the tab order.
 *  - Keyboard: one Tab stop (a toolbar): the headline last reached, the
 *    first at start; the arrow keys (in the reading direction), Home and
 *    End move between the headlines and the pause button.
 *  - Layout shift: its height is fixed, and reserved from the first paint
 *    when the last answer in this language had headlines (the model's
 *    hint). It persists across client navigations and never collapses and
 *    reopens.
 *  - Headlines carry `data-track="breaking-news"` (click event 20,
 *    src/lib/click-tracking.ts).
 */
import { pageLocale, type Locale } from '../../../i18n/locales.ts';
import { apiGet, isAbortError } from '../../../lib/api-client.ts';
import { whenIdle } from '../../../lib/idle.ts';
import * as m from '../../../paraglide/messages.js';
import { rememberHint, revealTime, rovingIndex, tickerData, tickerDuration, TICKER_REFRESH_MS, type TickerData } from '../../../islands/ticker/model.ts';

const TITLE_ID = 'breaking-ticker-title';
const SVG_NS = 'http://www.w3.org/2000/svg';
/** The 14 px glyphs of the toggle (as the player's PlayPauseIcon). */
const GLYPH = { pause: 'M4 2.5h3v11H4zm5 0h3v11H9z', play: 'M4 2.5v11l9-5.5z' };

interface Ticker {
  section: HTMLElement;
  locale: Locale;
  data: TickerData | null;
  state: 'pending' | 'shown' | 'empty';
  paused: boolean;
  /** The one Tab stop: index among the headlines, then the pause button. */
  active: number;
  loadedAt: number;
  controller: AbortController;
  resize: ResizeObserver | undefined;
}

let ticker: Ticker | undefined;
const inner = (t: Ticker) => t.section.querySelector<HTMLElement>('.breaking-inner');
const stops = (t: Ticker) => [...t.section.querySelectorAll<HTMLElement>('[data-ticker-stop]')];

function list(t: Ticker, data: TickerData, copy: boolean): HTMLUListElement {
  const ul = document.createElement('ul');
  ul.className = 'breaking-list';
  if (copy) ul.setAttribute('aria-hidden', 'true');
  data.news.forEach((item, i) => {
    const a = document.createElement('a');
    a.href = item.url;
    a.dataset['track'] = 'breaking-news';
    a.textContent = item.title;
    if (copy) a.tabIndex = -1;
    else {
      a.dataset['tickerStop'] = '';
      a.tabIndex = i === t.active ? 0 : -1;
    }
    const li = document.createElement('li');
    li.append(a);
    ul.append(li);
  });
  return ul;
}

function toggleButton(t: Ticker, count: number): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'breaking-toggle';
  button.dataset['tickerStop'] = '';
  button.tabIndex = t.active === count - 1 ? 0 : -1;
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 16 16', width: '14', height: '14', 'aria-hidden': 'true', focusable: 'false' })) svg.setAttribute(k, v);
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  button.append(svg);
  return button;
}

/** The pause state: the section's mark, and the button's name and glyph in the ticker's language. */
function drawPaused(t: Ticker): void {
  t.section.toggleAttribute('data-paused', t.paused);
  const button = t.section.querySelector<HTMLButtonElement>('.breaking-toggle');
  if (!button) return;
  const o = { locale: t.locale };
  const name = t.paused ? m.ticker_play({}, o) : m.ticker_pause({}, o);
  button.setAttribute('aria-label', name);
  button.title = name;
  button.querySelector('path')?.setAttribute('d', t.paused ? GLYPH.play : GLYPH.pause);
}

const sameData = (a: TickerData | null, b: TickerData | null) => JSON.stringify(a) === JSON.stringify(b);

/** Draws the headlines (only when they changed: a refresh with the same news moves nothing). */
function draw(t: Ticker, next: TickerData | null, state: Ticker['state']): void {
  const box = inner(t);
  if (!box) return;
  const changed = !sameData(t.data, next) || t.state !== state;
  t.data = next;
  t.state = state;
  t.section.dataset['state'] = state;
  if (!changed) return drawPaused(t);
  const shown = state === 'shown' && next !== null;
  const focused = stops(t).indexOf(document.activeElement as HTMLElement);
  t.resize?.disconnect();
  t.resize = undefined;
  box.replaceChildren();
  if (!shown) {
    t.section.removeAttribute('aria-labelledby');
    box.removeAttribute('role');
    box.removeAttribute('aria-labelledby');
    return;
  }
  const count = next.news.length + 1;
  // A shorter list after a refresh keeps the Tab stop on an item that exists.
  if (t.active >= count) t.active = 0;
  const title = document.createElement('span');
  title.className = 'breaking-title';
  title.id = TITLE_ID;
  title.textContent = next.title;
  const viewport = document.createElement('div');
  viewport.className = 'breaking-viewport';
  const track = document.createElement('div');
  track.className = 'breaking-track';
  const first = list(t, next, false);
  track.append(first, list(t, next, true));
  viewport.append(track);
  box.append(title, viewport, toggleButton(t, count));
  t.section.setAttribute('aria-labelledby', TITLE_ID);
  box.setAttribute('role', 'toolbar');
  box.setAttribute('aria-labelledby', TITLE_ID);
  drawPaused(t);
  // The loop's duration follows the list's width (30 s, longer for a long list).
  const measure = () => track.style.setProperty('--breaking-duration', `${tickerDuration(first.scrollWidth)}s`);
  if (typeof ResizeObserver === 'undefined') measure();
  else {
    // The observer's first call measures once laid out: no layout forced here.
    t.resize = new ResizeObserver(measure);
    t.resize.observe(first);
  }
  // Keyboard focus that was on a headline stays on the one at its place.
  if (focused >= 0) stops(t)[Math.min(focused, count - 1)]?.focus();
}

async function load(t: Ticker): Promise<void> {
  t.controller.abort();
  const controller = new AbortController();
  t.controller = controller;
  const locale = t.locale;
  try {
    const response = await apiGet<unknown>('/api/getBreakingNews', { locale, signal: controller.signal });
    if (ticker !== t || t.locale !== locale) return;
    const next = tickerData(response, m.ticker_title({}, { locale }));
    t.loadedAt = Date.now();
    draw(t, next, next ? 'shown' : 'empty');
    rememberHint(locale, Boolean(next));
  } catch (error) {
    if (isAbortError(error)) return;
    console.warn('breaking news not loaded', error);
    // Keep what is shown; a ticker that never loaded stays hidden.
    if (t.state === 'pending') draw(t, null, 'empty');
  }
}

/**
 * Keyboard focus on a headline pauses the loop (CSS :focus-within); the
 * focused headline is brought into view by moving the paused animation
 * (the track is translated, not scrolled).
 */
function reveal(t: Ticker, link: HTMLElement): void {
  const viewport = t.section.querySelector<HTMLElement>('.breaking-viewport');
  const track = t.section.querySelector<HTMLElement>('.breaking-track');
  if (!viewport || !track || !track.contains(link)) return;
  const animation = track.getAnimations().find((a) => (a as CSSAnimation).animationName === 'breaking-scroll');
  // No animation (reduced motion): the viewport scrolls, the browser shows the link itself.
  if (!animation) return;
  viewport.scrollLeft = 0;
  const v = viewport.getBoundingClientRect();
  const l = link.getBoundingClientRect();
  const time = revealTime({
    currentTime: Number(animation.currentTime),
    duration: Number(animation.effect?.getComputedTiming().duration),
    shiftPx: (track.offsetWidth / 2) * (getComputedStyle(track).direction === 'rtl' ? 1 : -1),
    viewStart: v.left,
    viewEnd: v.right,
    linkStart: l.left,
    linkEnd: l.right,
  });
  if (time !== null) animation.currentTime = time;
}

function setActive(t: Ticker, index: number): void {
  t.active = index;
  stops(t).forEach((el, i) => (el.tabIndex = i === index ? 0 : -1));
}

function bind(section: HTMLElement): Ticker {
  const t: Ticker = { section, locale: pageLocale(), data: null, state: 'pending', paused: false, active: 0, loadedAt: 0, controller: new AbortController(), resize: undefined };
  section.addEventListener('focusin', (event) => {
    if (!(event.target instanceof HTMLElement)) return;
    reveal(t, event.target);
    const i = stops(t).indexOf(event.target);
    if (i >= 0) setActive(t, i);
  });
  section.addEventListener('keydown', (event) => {
    const items = stops(t);
    const from = items.indexOf(event.target as HTMLElement);
    if (from < 0) return;
    const to = rovingIndex(event.key, from, items.length, getComputedStyle(section).direction === 'rtl');
    if (to === null) return;
    event.preventDefault();
    setActive(t, to);
    items[to]?.focus();
  });
  section.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('.breaking-toggle')) return;
    t.paused = !t.paused;
    drawPaused(t);
  });
  section.dataset['bound'] = '';
  return t;
}

/** The page's ticker: bound once (it persists across navigations), loaded again in a new language. */
function onPage(): void {
  const section = document.querySelector<HTMLElement>('.breaking-ticker');
  if (!section) {
    ticker?.controller.abort();
    ticker = undefined;
    return;
  }
  if (ticker?.section !== section) {
    ticker?.controller.abort();
    ticker = bind(section);
    void load(ticker);
    return;
  }
  const locale = pageLocale();
  if (locale === ticker.locale) return;
  ticker.locale = locale;
  drawPaused(ticker);
  void load(ticker);
}

window.setInterval(() => {
  if (ticker && document.visibilityState === 'visible') void load(ticker);
}, TICKER_REFRESH_MS);
document.addEventListener('visibilitychange', () => {
  if (ticker && document.visibilityState === 'visible' && Date.now() - ticker.loadedAt >= TICKER_REFRESH_MS) void load(ticker);
});
window.addEventListener('online', () => {
  if (ticker) void load(ticker);
});
document.addEventListener('astro:page-load', onPage);
// In a task of its own (see ./when-idle.ts).
whenIdle(onPage);
