/**
 * The site's own inline scripts, in one place so that the Content-Security-
 * Policy can allow exactly them by hash (src/server/http/security-headers.ts,
 * ADR 013): a page renders them with `<script is:inline set:html={…} />`, so
 * the bytes hashed are the bytes sent. Any other inline script is blocked.
 */
import { tickerHintScript } from '../islands/ticker/model.ts';

/** SPEC §8: reload (at most once a minute) when a script or style chunk fails to load after a deployment. */
export const CHUNK_RELOAD_SCRIPT = String.raw`// SPEC §8: when a script or style chunk fails to load (typically after
// a new deployment), reload the page, at most once per 60 seconds;
// never while the browser is offline.
(function () {
  const KEY = '2m:chunk-reload-at';
  function reload() {
    // Offline, nothing can load: a reload would only trade the page for
    // the browser's error screen. Not a new deployment either.
    if (navigator.onLine === false) return;
    try {
      const last = Number(sessionStorage.getItem(KEY)) || 0;
      if (Date.now() - last < 60000) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return;
    }
    location.reload();
  }
  const CHUNK = /\/_astro\//;
  window.addEventListener('vite:preloadError', function (e) {
    e.preventDefault();
    reload();
  });
  window.addEventListener(
    'error',
    function (e) {
      const t = e.target;
      if (!t || t === window || !t.tagName) return;
      if ((t.tagName === 'SCRIPT' && CHUNK.test(t.src)) || (t.tagName === 'LINK' && /stylesheet|modulepreload/.test(t.rel) && CHUNK.test(t.href))) reload();
    },
    true,
  );
  window.addEventListener('unhandledrejection', function (e) {
    const r = e.reason;
    const msg = String((r && r.message) || r || '');
    if (/dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(msg)) reload();
  });
})();`;

/** The TV guide's day tabs (progressive enhancement of the day links). */
export const GUIDE_TABS_SCRIPT = String.raw`(() => {
  const noscript = document.currentScript && document.currentScript.previousElementSibling;
  const root = noscript && noscript.previousElementSibling;
  if (!root || !root.matches('[data-guide]')) return;
  const list = root.querySelector('[data-tablist]');
  const tabs = Array.from(root.querySelectorAll('[data-tab]'));
  const panels = tabs.map((t) => document.getElementById(t.getAttribute('href').slice(1)));
  if (!list || tabs.length === 0 || panels.some((p) => !p)) return;
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', root.querySelector('nav').getAttribute('aria-label'));
  tabs.forEach((tab, i) => {
    tab.parentElement.setAttribute('role', 'presentation');
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panels[i].id);
    panels[i].setAttribute('role', 'tabpanel');
    panels[i].setAttribute('aria-labelledby', tab.id);
    panels[i].tabIndex = 0;
  });
  root.classList.add('guide-tabbed');
  // Centre a tab in the scrolling day strip (without scrolling the page).
  const reveal = (tab) => {
    const strip = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    list.scrollLeft += box.left + box.width / 2 - (strip.left + strip.width / 2);
  };
  const select = (index, focus) => {
    tabs.forEach((tab, i) => {
      const on = i === index;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
    });
    reveal(tabs[index]);
    if (focus) tabs[index].focus();
  };
  const fromHash = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    return target ? panels.findIndex((p) => p.contains(target)) : -1;
  };
  const todayIndex = Math.max(0, tabs.findIndex((t) => t.getAttribute('aria-current') === 'date'));
  const initial = fromHash();
  const first = initial >= 0 ? initial : todayIndex;
  select(first, false);
  // Again once fonts and layout have settled.
  addEventListener('load', () => reveal(tabs.find((t) => t.tabIndex === 0) || tabs[first]), { once: true });
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(i, true);
      history.replaceState(null, '', tab.getAttribute('href'));
    });
    tab.addEventListener('keydown', (event) => {
      const rtl = getComputedStyle(list).direction === 'rtl';
      const keys = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
      let next = -1;
      if (event.key in keys) next = (i + keys[event.key] + tabs.length) % tabs.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = tabs.length - 1;
      if (next < 0) return;
      event.preventDefault();
      select(next, true);
      history.replaceState(null, '', tabs[next].getAttribute('href'));
    });
  });
  const onHash = () => {
    // The page was replaced by a client-side navigation: stop listening.
    if (!root.isConnected) return removeEventListener('hashchange', onHash);
    const index = fromHash();
    if (index >= 0) {
      select(index, false);
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && !target.matches('[data-panel]')) target.scrollIntoView({ block: 'center' });
    }
  };
  addEventListener('hashchange', onHash);
})();`;

/** Every inline script a page may carry (the ticker's hint in its two forms). */
export const INLINE_SCRIPTS: readonly string[] = [CHUNK_RELOAD_SCRIPT, GUIDE_TABS_SCRIPT, tickerHintScript(true), tickerHintScript(false)];
