/**
 * The TV guide's day tabs (GuideDays.astro): the day links become ARIA tabs
 * (one panel shown, arrow keys, Home/End), the shown day selected unless the
 * address's hash names another day or programme. A day whose programmes are
 * not in the page (`data-src`: its own address) is fetched when chosen and
 * its panel taken from that page; if that fails, the browser goes to the
 * day's address. Choosing a day puts its address in the location bar, so a
 * reload or a shared link shows that day.
 */
import { siteFetch } from '../../lib/api-client.ts';

export function initGuideTabs(root: HTMLElement): void {
  if (root.dataset['guideReady']) return;
  const list = root.querySelector<HTMLElement>('[data-tablist]');
  const nav = root.querySelector('nav');
  const tabs = Array.from(root.querySelectorAll<HTMLAnchorElement>('[data-tab]'));
  const panels = tabs.map((t) => document.getElementById(`day-${t.dataset['day'] ?? ''}`));
  if (!list || !nav || tabs.length === 0 || panels.some((p) => !p)) return;
  const days = panels as HTMLElement[];
  root.dataset['guideReady'] = 'true';
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', nav.getAttribute('aria-label') ?? '');
  tabs.forEach((tab, i) => {
    tab.parentElement?.setAttribute('role', 'presentation');
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', days[i]!.id);
    days[i]!.setAttribute('role', 'tabpanel');
    days[i]!.setAttribute('aria-labelledby', tab.id);
    days[i]!.tabIndex = 0;
  });
  root.classList.add('guide-tabbed');

  // Centre a tab in the scrolling day strip (without scrolling the page).
  const reveal = (tab: HTMLElement) => {
    const strip = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    list.scrollLeft += box.left + box.width / 2 - (strip.left + strip.width / 2);
  };

  // A day's programmes, from its own address, the first time it is chosen.
  const load = (panel: HTMLElement) => {
    const src = panel.dataset['src'];
    if (!src || panel.getAttribute('aria-busy') === 'true') return;
    panel.setAttribute('aria-busy', 'true');
    siteFetch(src, { headers: { accept: 'text/html' } })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById(panel.id);
        if (!fresh || fresh.dataset['src']) throw new Error(`no programmes in ${src}`);
        panel.replaceChildren(...Array.from(fresh.childNodes, (n) => document.importNode(n, true)));
        delete panel.dataset['src'];
        panel.removeAttribute('aria-busy');
      })
      .catch(() => {
        // Offline or failing: the day's own page.
        panel.removeAttribute('aria-busy');
        if (root.isConnected && !panel.hidden) location.assign(src);
      });
  };

  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const on = i === index;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      days[i]!.hidden = !on;
    });
    load(days[index]!);
    reveal(tabs[index]!);
    if (focus) tabs[index]!.focus();
  };

  const fromHash = (): number => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    return target ? days.findIndex((p) => p.contains(target)) : -1;
  };

  const shownIndex = Math.max(0, days.findIndex((p) => !p.hidden));
  const initial = fromHash();
  const first = initial >= 0 ? initial : shownIndex;
  select(first, false);
  // Again once fonts and layout have settled.
  if (document.readyState !== 'complete') {
    addEventListener('load', () => reveal(tabs.find((t) => t.tabIndex === 0) ?? tabs[first]!), { once: true });
  }

  tabs.forEach((tab, i) => {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(i, true);
      history.replaceState(history.state, '', tab.getAttribute('href'));
      keepDayInLanguageSwitch(tab.dataset.day);
    });
    tab.addEventListener('keydown', (event) => {
      const rtl = getComputedStyle(list).direction === 'rtl';
      const keys: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
      let next = -1;
      const step = keys[event.key];
      if (step !== undefined) next = (i + step + tabs.length) % tabs.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = tabs.length - 1;
      if (next < 0) return;
      event.preventDefault();
      select(next, true);
      history.replaceState(history.state, '', tabs[next]!.getAttribute('href'));
      keepDayInLanguageSwitch(tabs[next]!.dataset.day);
    });
  });

  const onHash = () => {
    // The page was replaced by a client-side navigation: stop listening.
    if (!root.isConnected) {
      removeEventListener('hashchange', onHash);
      return;
    }
    const index = fromHash();
    if (index >= 0) {
      select(index, false);
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && !target.matches('[data-panel]')) target.scrollIntoView({ block: 'center' });
    }
  };
  addEventListener('hashchange', onHash);
}

/** The language switch leads to the same day of the other language's guide (LanguageSwitch.astro). */
function keepDayInLanguageSwitch(day: string | undefined): void {
  const link = document.querySelector<HTMLAnchorElement>('a[data-lang-switch]');
  const href = link?.getAttribute('href');
  if (!link || !href || !day) return;
  const url = new URL(href, location.href);
  url.searchParams.set('day', day);
  link.setAttribute('href', `${url.pathname}${url.search}`);
}
