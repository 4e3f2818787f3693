/** ShellBehaviour.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
// Astro's prefetch() without its start (astro.config.mjs: `prefetch: false`), as its ClientRouter imports it.
import { prefetch } from 'astro/virtual-modules/prefetch.js';
import { isLocale } from '../../../i18n/locales.ts';
import { closeOnRouteChange } from '../../../stores/shell.ts';
import { afterNextFrame, whenIdle } from '../../../lib/idle.ts';
import { todayInCasablanca, todayUntil, topbarDate, topbarShortDate } from '../today.ts';

const PROGRESS_DELAY_MS = 200;
const PROGRESS_DURATION_MS = 5000;
const SCROLL_AFTER_NAVIGATION = 26;
const REVEAL_OFFSET_PX = 120;
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/* ---- Progress bar ---- */
let lastNavigationType: string | undefined;
let progressTimer: number | undefined;
const bar = () => document.getElementById('route-progress');

document.addEventListener('astro:before-preparation', (event) => {
  lastNavigationType = event.navigationType;
  window.clearTimeout(progressTimer);
  progressTimer = window.setTimeout(() => {
    const el = bar();
    if (!el) return;
    el.style.setProperty('--progress-duration', `${PROGRESS_DURATION_MS}ms`);
    el.classList.remove('is-done');
    el.classList.add('is-running');
  }, PROGRESS_DELAY_MS);
});

function finishProgress(): void {
  window.clearTimeout(progressTimer);
  progressTimer = undefined;
  const el = bar();
  if (!el || !el.classList.contains('is-running')) return;
  el.classList.add('is-done');
  window.setTimeout(() => el.classList.remove('is-running', 'is-done'), 400);
}

/* ---- Route change: close panels, scroll to 26 px ---- */
document.addEventListener('astro:after-swap', () => {
  closeOnRouteChange();
  finishProgress();
  if (lastNavigationType !== 'traverse' && !location.hash) {
    window.scrollTo({ left: 0, top: SCROLL_AFTER_NAVIGATION, behavior: 'instant' });
  }
});

/* ---- Scroll-reveal ---- */
let revealObserver: IntersectionObserver | undefined;

function setupReveal(): void {
  revealObserver?.disconnect();
  revealObserver = undefined;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  if (!('IntersectionObserver' in window)) return;
  const items = document.querySelectorAll('[data-reveal]:not(.is-revealed)');
  if (!items.length) return;
  // No position is read here: the observer's first report says where each
  // element is, from the layout the browser makes anyway. Reading positions
  // would lay the page out inside this task, and with it the blocks that
  // content-visibility leaves unrendered below a phone's first screens.
  revealObserver = new IntersectionObserver(
    (entries, observer) => {
      for (const entry of entries) {
        const el = entry.target;
        if (entry.isIntersecting) {
          el.classList.add('is-revealed');
          observer.unobserve(el);
          continue;
        }
        // Marked at its first report (or by the setup before this one): it waits already.
        if (el.classList.contains('reveal-pending')) continue;
        const box = entry.boundingClientRect;
        // Only what is still below the fold waits (an unrendered block's
        // content has no box yet, and is below it): nothing visible disappears.
        if (box.top > window.innerHeight || (box.width === 0 && box.height === 0)) el.classList.add('reveal-pending');
        else observer.unobserve(el);
      }
    },
    // The viewport's bottom edge moved up by the offset: the element must be 120 px in.
    { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
  );
  for (const el of items) revealObserver.observe(el);
}

/* ---- Prefetch on hover and focus (docs/product.md, Common behaviour) ----
 * One delegated listener for every link of every page, instead of Astro's
 * start (three walks of every link at load, and again whenever a script
 * adds one: astro.config.mjs). A link is prefetched once the pointer or the
 * focus has rested on it for 80 ms, as Astro's hover strategy does; Astro's
 * prefetch() skips other sites, the page itself and slow connections (2g,
 * data-saver), and `data-astro-prefetch="false"` opts a link out (ads). */
const PREFETCH_AFTER_MS = 80;
let prefetchTimer = 0;
const prefetchable = (target: EventTarget | null): HTMLAnchorElement | null => {
  const anchor = target instanceof Element ? target.closest('a') : null;
  return anchor?.href && anchor.dataset['astroPrefetch'] !== 'false' ? anchor : null;
};
const restOn = (event: Event) => {
  const anchor = prefetchable(event.target);
  if (!anchor) return;
  window.clearTimeout(prefetchTimer);
  prefetchTimer = window.setTimeout(() => prefetch(anchor.href), PREFETCH_AFTER_MS);
};
const leave = () => window.clearTimeout(prefetchTimer);
document.addEventListener('pointerover', restOn, { passive: true });
document.addEventListener('focusin', restOn, { passive: true });
document.addEventListener('pointerout', leave, { passive: true });
document.addEventListener('focusout', leave, { passive: true });

/* ---- Locale cookie, today's date ---- */
function rememberLocale(): void {
  const lang = document.documentElement.lang;
  const prefix = location.pathname.split('/')[1];
  if (isLocale(lang) && prefix === lang) {
    // Secure on an https page: the cookie never travels over plain http.
    document.cookie = `locale=${lang}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  }
}

function refreshToday(): void {
  // A page whose day has not ended needs nothing, and no date formatter:
  // the first one a page makes loads the time zone's data (some 150 ms of a
  // phone's main thread, docs/performance.md).
  const dated = [...document.querySelectorAll<HTMLTimeElement>('time[data-today]')];
  if (dated.length > 0 && dated.every((el) => Date.now() < Date.parse(el.dataset['todayUntil'] ?? ''))) return;
  const today = todayInCasablanca();
  for (const el of dated) {
    const lang = el.dataset['today'];
    if (el.dateTime === today || (lang !== 'ar' && lang !== 'fr')) continue;
    el.dateTime = today;
    el.dataset['todayUntil'] = todayUntil(today);
    const long = el.querySelector('.date-long');
    const short = el.querySelector('.date-short');
    if (long && short) {
      long.textContent = topbarDate(today, lang);
      short.textContent = topbarShortDate(today, lang);
    } else el.textContent = topbarDate(today, lang);
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-copyright-year]')) {
    const year = today.slice(0, 4);
    const shown = el.dataset['copyrightYear'];
    if (shown && shown !== year && el.textContent) {
      el.textContent = el.textContent.replace(shown, year);
      el.dataset['copyrightYear'] = year;
    }
  }
}

function onPage(): void {
  // Reads every card's position: once the frame is laid out, not in this task.
  afterNextFrame(setupReveal);
  rememberLocale();
  refreshToday();
}
/* ---- The visitor's country, once per visit ----
 * Every page needs it for the ad providers and the banners' targeting
 * (src/islands/geo/country.ts: two requests, then kept for the session);
 * started once the page is idle, loaded on demand. */
whenIdle(() => void import('../../../islands/geo/country.ts').then((geo) => geo.detectCountry()).catch(() => {}));

// At once (the first `astro:page-load` waits for every image to load),
// then after every navigation.
onPage();
document.addEventListener('astro:page-load', () => {
  finishProgress();
  onPage();
});
