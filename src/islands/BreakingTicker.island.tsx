/**
 * The breaking-news ticker (docs/product.md, Header, Content, States, Answers, Limits): a title ("عاجل" /
 * "Urgent", or the API's) and the linked headlines scrolling in a 30 s loop.
 *
 *  - Data at run time only: /api/getBreakingNews through src/lib/api-client
 *    (locale header; 204 = nothing; a 400 sends the visitor home), read when
 *    the island hydrates (`client:idle`) and every TICKER_REFRESH_MS while
 *    the page is visible, again when the connection comes back. Pre-built
 *    HTML holds no headline, so it can never show stale breaking news.
 *  - Hidden when there is nothing (204, an empty list) and in dark mode
 *    (replay pages do not mount it; CSS hides it under .theme-dark too). A
 *    failed refresh keeps the headlines already shown; a first failure
 *    leaves the ticker hidden.
 *  - Motion (ticker/ticker.css): a CSS animation over two copies of the
 *    list, towards the inline start (leftwards in French, rightwards in
 *    Arabic), at most 60 px a second (ticker/model.ts); paused on hover, on
 *    keyboard focus inside, and by a pause button (WCAG 2.2.2); no motion at
 *    all under prefers-reduced-motion (one static list, scrolled by hand).
 *    The second copy, only there for the seamless loop, is aria-hidden and
 *    its links are out of the tab order.
 *  - Keyboard: the ticker is one Tab stop (a toolbar): the headline last
 *    reached, the first at start; the arrow keys (in the reading
 *    direction), Home and End move between the headlines and the pause
 *    button, so that 14 headlines are not 14 Tab stops before the page.
 *  - Layout shift: the server renders the ticker collapsed; its height is
 *    fixed, and reserved before the first paint when the last answer in
 *    this language (within 10 min) had headlines (ticker/model.ts hint), so
 *    only a first sighting in a session can push the page down. Across
 *    client navigations the island persists (transition:persist) and never
 *    collapses and reopens.
 *  - Headlines carry `data-track="breaking-news"` (click event 20,
 *    src/lib/click-tracking.ts).
 */
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { apiGet, isAbortError } from '../lib/api-client.ts';
import * as m from '../paraglide/messages.js';
import { rememberHint, revealTime, rovingIndex, tickerData, tickerDuration, TICKER_REFRESH_MS, type TickerData } from './ticker/model.ts';
import { PlayPauseIcon } from './player/PlayPauseIcon.tsx';
import './ticker/ticker.css';

interface Props {
  /** The page's language (updated by the next page's props when persisted). */
  locale: Locale;
}

type State = 'pending' | 'shown' | 'empty';

export default function BreakingTicker({ locale }: Props) {
  const [data, setData] = useState<TickerData | null>(null);
  const [state, setState] = useState<State>('pending');
  const [paused, setPaused] = useState(false);
  const [duration, setDuration] = useState<number>(tickerDuration(0));
  // The one Tab stop: index among the headlines, then the pause button.
  const [active, setActive] = useState(0);
  const innerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const loadedAt = useRef(0);
  const titleId = useId();

  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        const response = await apiGet<unknown>('/api/getBreakingNews', { locale, signal });
        const next = tickerData(response, m.ticker_title({}, { locale }));
        loadedAt.current = Date.now();
        setData(next);
        setState(next ? 'shown' : 'empty');
        rememberHint(locale, Boolean(next));
      } catch (error) {
        if (isAbortError(error)) return;
        console.warn('breaking news not loaded', error);
        // Keep what is shown; a ticker that never loaded stays hidden.
        setState((s) => (s === 'pending' ? 'empty' : s));
      }
    },
    [locale],
  );

  // First load, the language's load after a switch, refreshes.
  useEffect(() => {
    let controller = new AbortController();
    const run = () => {
      controller.abort();
      controller = new AbortController();
      void load(controller.signal);
    };
    run();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') run();
    }, TICKER_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - loadedAt.current >= TICKER_REFRESH_MS) run();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', run);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', run);
    };
  }, [load]);

  // The loop's duration follows the list's width (30 s, longer for a long list).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setDuration(tickerDuration(list.scrollWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [data]);

  // Keyboard focus on a headline pauses the loop (CSS :focus-within of the
  // viewport; focus on the pause button does not); the focused headline
  // is then brought into view by moving the paused animation (the viewport
  // cannot scroll it there: the track is translated, not scrolled).
  const reveal = useCallback((event: FocusEvent<HTMLElement>) => {
    const link = event.target;
    const viewport = viewportRef.current;
    const trackEl = trackRef.current;
    if (!(link instanceof HTMLElement) || !viewport || !trackEl || !trackEl.contains(link)) return;
    const animation = trackEl.getAnimations().find((a) => (a as CSSAnimation).animationName === 'breaking-scroll');
    // No animation (reduced motion): the viewport scrolls, the browser shows the link itself.
    if (!animation) return;
    viewport.scrollLeft = 0;
    const v = viewport.getBoundingClientRect();
    const l = link.getBoundingClientRect();
    const duration = Number(animation.effect?.getComputedTiming().duration);
    const time = revealTime({
      currentTime: Number(animation.currentTime),
      duration,
      shiftPx: (trackEl.offsetWidth / 2) * (getComputedStyle(trackEl).direction === 'rtl' ? 1 : -1),
      viewStart: v.left,
      viewEnd: v.right,
      linkStart: l.left,
      linkEnd: l.right,
    });
    if (time !== null) animation.currentTime = time;
  }, []);

  const count = data ? data.news.length + 1 : 0;
  // A shorter list after a refresh keeps the Tab stop on an item that exists.
  const current = active < count ? active : 0;
  const stops = () => [...(innerRef.current?.querySelectorAll<HTMLElement>('[data-ticker-stop]') ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = stops();
    const from = items.indexOf(event.target as HTMLElement);
    if (from < 0) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const to = rovingIndex(event.key, from, items.length, rtl);
    if (to === null) return;
    event.preventDefault();
    setActive(to);
    items[to]?.focus();
  };
  const onFocusStop = (event: FocusEvent<HTMLElement>) => {
    const i = stops().indexOf(event.target as HTMLElement);
    if (i >= 0) setActive(i);
  };

  const shown = state === 'shown' && data !== null;
  const trackStyle = { '--breaking-duration': `${duration}s` } as CSSProperties;

  return (
    <section
      className="breaking-ticker"
      data-state={state}
      data-paused={paused ? '' : undefined}
      aria-labelledby={shown ? titleId : undefined}
      onFocus={reveal}
    >
      <div className="breaking-inner" ref={innerRef} role={shown ? 'toolbar' : undefined} aria-labelledby={shown ? titleId : undefined} onKeyDown={onKeyDown} onFocus={onFocusStop}>
        {shown && (
          <>
            <span className="breaking-title" id={titleId}>
              {data.title}
            </span>
            <div className="breaking-viewport" ref={viewportRef}>
              <div className="breaking-track" style={trackStyle} ref={trackRef}>
                <ul className="breaking-list" ref={listRef}>
                  {data.news.map((item, i) => (
                    <li key={i}>
                      <a href={item.url} data-track="breaking-news" data-ticker-stop tabIndex={i === current ? 0 : -1}>
                        {item.title}
                      </a>
                    </li>
                  ))}
                </ul>
                <ul className="breaking-list" aria-hidden="true">
                  {data.news.map((item, i) => (
                    <li key={i}>
                      <a href={item.url} tabIndex={-1} data-track="breaking-news">
                        {item.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <button
              type="button"
              className="breaking-toggle"
              data-ticker-stop
              tabIndex={current === count - 1 ? 0 : -1}
              aria-label={paused ? m.ticker_play({}, { locale }) : m.ticker_pause({}, { locale })}
              title={paused ? m.ticker_play({}, { locale }) : m.ticker_pause({}, { locale })}
              onClick={() => setPaused((p) => !p)}
            >
              <PlayPauseIcon playing={!paused} />
            </button>
          </>
        )}
      </div>
    </section>
  );
}
