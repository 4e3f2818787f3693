/**
 * The header's search box (docs/product.md, Header, Search box, States, Errors, Limits), in
 * #search-slot (src/components/layout/SearchSlot.astro). The server renders
 * it collapsed, a plain link to the search page (which has its own form);
 * the first press on that link mounts it and opens it
 * (src/components/layout/behaviour/search-gate.ts, ./search/mount.tsx).
 *
 * Collapsed once mounted: a search button. Expanded
 * ($searchOpen): a 360–400 px panel with the input (a GET form to the search
 * page: Enter opens the full results), the tabs Tags, Emissions, Articles
 * (Articles first shown; arrow keys, Home and End move between them), a
 * results list 240 px high (at most 4 tags, 4 emissions, 3 articles whose
 * titles are cut at 80 characters) and "Voir plus" to the search page
 * with q. The sections and tags the query names (the answer's Tags, sections
 * first) are also shown above the tabs: a reader who types "Sport" sees
 * the section first. The arrow keys go from the input down into the
 * suggestions (those links, then the open tab's) and back up to the input.
 * Requests: src/islands/search/client.ts (each keystroke cancels the
 * request before it; stale answers are dropped; failures are logged).
 * Escape, a click outside or focus leaving the box closes it (Escape gives
 * focus back to the button); every route change closes it (ShellBehaviour).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../i18n/locales.ts';
import * as m from '../paraglide/messages.js';
import { $searchOpen } from '../stores/shell.ts';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, cleanQuery, createSearcher, type SearchItem, type SearchState } from './search/client.ts';

interface Props {
  locale: Locale;
  /** The search page's path, e.g. /fr/search. */
  searchPath: string;
}

type Tab = 'tags' | 'emissions' | 'articles';
/** docs/product.md, Search box order; Articles is the one shown first. */
const TABS: readonly Tab[] = ['tags', 'emissions', 'articles'];
const DEFAULT_TAB: Tab = 'articles';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export default function SearchBox({ locale, searchPath }: Props) {
  const o = { locale };
  const open = useStore($searchOpen);
  const [hydrated, setHydrated] = useState(false);
  const [input, setInput] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle', query: '' });
  const [tab, setTab] = useState<Tab>(DEFAULT_TAB);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const searcher = useMemo(() => createSearcher(locale, setState), [locale]);

  useEffect(() => setHydrated(true), []);
  useEffect(() => () => searcher.cancel(), [searcher]);
  const latest = useRef({ input, state });
  latest.current = { input, state };
  // Closed (here or by a route change): nothing stays pending. Opened again:
  // the input has focus, and a search cut short by closing runs again.
  useEffect(() => {
    if (!open) {
      searcher.cancel();
      setState((s) => (s.status === 'loading' ? { status: 'idle', query: s.query } : s));
      return;
    }
    if (!hydrated) return;
    inputRef.current?.focus();
    const { input: words, state: now } = latest.current;
    if (now.status === 'idle' && cleanQuery(words)) searcher.search(words);
  }, [open, searcher, hydrated]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) $searchOpen.set(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    $searchOpen.set(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  const onInput = (value: string) => {
    setInput(value);
    searcher.search(value);
  };

  /** The suggestions shown now, in order: the named sections and tags, then the open tab's links. */
  const suggestions = () =>
    [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-suggestion]') ?? [])].filter((a) => a.getClientRects().length > 0);
  const onArrows = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = suggestions();
    const target = event.target as HTMLElement;
    const at = items.indexOf(target as HTMLAnchorElement);
    if (target === inputRef.current) {
      if (event.key !== 'ArrowDown' || items.length === 0) return;
      event.preventDefault();
      items[0]?.focus();
      return;
    }
    if (at < 0) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') items[Math.min(at + 1, items.length - 1)]?.focus();
    else if (at === 0) inputRef.current?.focus();
    else items[at - 1]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, current: Tab) => {
    const rtl = document.documentElement.dir === 'rtl';
    const i = TABS.indexOf(current);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = rtl ? i - 1 : i + 1;
    else if (event.key === 'ArrowLeft') next = rtl ? i + 1 : i - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length] as Tab;
    setTab(target);
    tabRefs.current[target]?.focus();
  };

  const label = m.shell_search_label({}, o);
  if (!hydrated) {
    return (
      <div className="search-box">
        <a className="search-box-toggle" href={searchPath}>
          <SearchIcon />
          <span className="sr-only">{label}</span>
        </a>
      </div>
    );
  }

  const query = cleanQuery(input);
  const groups = state.status === 'done' ? state.groups : undefined;
  const tabName: Record<Tab, string> = {
    tags: m.search_box_tab_tags({}, o),
    emissions: m.search_box_tab_emissions({}, o),
    articles: m.search_box_tab_articles({}, o),
  };
  const moreHref = `${searchPath}?q=${encodeURIComponent(query)}`;
  const panelId = `${base}-panel`;

  const list = (items: SearchItem[]) =>
    items.length === 0 ? (
      <p className="search-box-note">{m.search_box_empty({}, o)}</p>
    ) : (
      <ul className="search-box-list">
        {items.map((item) => (
          <li key={item.path}>
            <a href={item.path} data-track="search-result" data-suggestion title={item.label !== item.full ? item.full : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    );

  const body = (t: Tab) => {
    if (groups) return list(groups[t]);
    if (state.status === 'error') return <p className="search-box-note">{m.search_box_error({}, o)}</p>;
    if (state.status === 'loading') return <p className="search-box-note">{m.search_box_loading({}, o)}</p>;
    return <p className="search-box-note">{m.search_box_hint({}, o)}</p>;
  };

  return (
    <div
      ref={rootRef}
      className="search-box"
      data-open={open ? '' : undefined}
      onKeyDown={(event) => {
        onArrows(event);
        if (event.key === 'Escape' && open) {
          // Closes the box and keeps the words (Chrome would clear a search input).
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !rootRef.current?.contains(next)) close(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="search-box-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => $searchOpen.set(!open)}
      >
        <SearchIcon />
        <span className="sr-only">{label}</span>
      </button>
      <div id={panelId} className="search-box-panel" hidden={!open}>
        <form className="search-box-form" role="search" action={searchPath} method="get">
          <label className="sr-only" htmlFor={`${base}-q`}>
            {label}
          </label>
          <input
            ref={inputRef}
            id={`${base}-q`}
            name="q"
            type="search"
            required
            maxLength={SEARCH_MAX_CHARS}
            autoComplete="off"
            placeholder={m.shell_search_placeholder({}, o)}
            value={input}
            onChange={(event) => onInput(event.currentTarget.value)}
          />
          <button type="submit" className="search-box-submit">
            <SearchIcon />
            <span className="sr-only">{m.shell_search_submit({}, o)}</span>
          </button>
        </form>
        {groups && groups.tags.length > 0 ? (
          <nav className="search-box-named" aria-label={m.search_box_named({}, o)}>
            <ul>
              {groups.tags.map((item) => (
                <li key={item.path}>
                  <a href={item.path} data-track="search-result" data-suggestion>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="search-box-tabs" role="tablist" aria-label={m.search_box_tabs({}, o)}>
          {TABS.map((t) => (
            <button
              key={t}
              ref={(el) => {
                tabRefs.current[t] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${base}-tabpanel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              className="search-box-tab"
              data-tab={t}
              onClick={() => setTab(t)}
              onKeyDown={(event) => onTabKey(event, t)}
            >
              {tabName[t]}
              {groups ? <span className="search-box-count"> ({groups[t].length})</span> : null}
            </button>
          ))}
        </div>
        {TABS.map((t) => (
          <div
            key={t}
            id={`${base}-tabpanel-${t}`}
            role="tabpanel"
            aria-labelledby={`${base}-tab-${t}`}
            aria-busy={state.status === 'loading'}
            className="search-box-results"
            data-tab={t}
            tabIndex={0}
            hidden={tab !== t}
          >
            {body(t)}
          </div>
        ))}
        <p className="sr-only" role="status">
          {groups
            ? m.search_box_status(
                { articles: groups.articles.length, emissions: groups.emissions.length, tags: groups.tags.length },
                o,
              )
            : ''}
        </p>
        {[...query].length >= SEARCH_MIN_CHARS ? (
          <a className="search-box-more" href={moreHref}>
            {m.search_box_more({}, o)}
          </a>
        ) : null}
      </div>
    </div>
  );
}
