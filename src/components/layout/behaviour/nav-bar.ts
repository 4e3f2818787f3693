/** NavBar.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
import { afterNextFrame } from '../../../lib/idle.ts';
const WIDE = '(min-width: 970px)';
let observer: IntersectionObserver | undefined;
let media: MediaQueryList | undefined;
let onMedia: (() => void) | undefined;

function teardown(): void {
  observer?.disconnect();
  observer = undefined;
  if (media && onMedia) media.removeEventListener('change', onMedia);
  media = undefined;
  onMedia = undefined;
}

/** Fixed bar: an IntersectionObserver on a sentinel just above the bar. */
function setupFixedBar(): void {
  teardown();
  const sentinel = document.querySelector<HTMLElement>('[data-navbar-sentinel]');
  const holder = document.querySelector<HTMLElement>('[data-navbar-holder]');
  const bar = document.querySelector<HTMLElement>('[data-navbar]');
  if (!sentinel || !holder || !bar) return;
  const mode = bar.dataset['fixable'];
  if (mode === 'never') return;

  let scrolledPast = false;
  const mq = window.matchMedia(WIDE);
  const apply = () => {
    const fix = scrolledPast && (mode === 'always' || mq.matches);
    if (fix === bar.classList.contains('is-fixed')) return;
    // Keep the bar's room so the page does not jump when it leaves the flow.
    holder.style.minBlockSize = fix ? `${bar.offsetHeight}px` : '';
    bar.classList.toggle('is-fixed', fix);
  };
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      scrolledPast = !entry.isIntersecting && entry.boundingClientRect.top < 0;
    }
    apply();
  });
  observer.observe(sentinel);
  media = mq;
  onMedia = apply;
  mq.addEventListener('change', apply);
}

/** Mark the bar when its links overflow (narrow screens scroll them). */
function markOverflow(): void {
  const nav = document.querySelector<HTMLElement>('[data-navbar] .navbar-nav');
  if (nav) nav.classList.toggle('is-overflowing', nav.scrollWidth > nav.clientWidth + 1);
}

// At once (the first `astro:page-load` waits for every image), then after
// every navigation; the overflow is read once the frame is laid out.
setupFixedBar();
afterNextFrame(markOverflow);
document.addEventListener('astro:page-load', () => {
  setupFixedBar();
  afterNextFrame(markOverflow);
});
let resizeTimer: number | undefined;
window.addEventListener('resize', () => {
  window.clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(markOverflow, 50);
});
document.addEventListener('astro:before-swap', teardown);

/* Sub-menus: a disclosure button per master tag with children. */
function setSub(item: Element, open: boolean): void {
  item.querySelector('[data-sub-toggle]')?.setAttribute('aria-expanded', String(open));
}
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const toggle = target?.closest('[data-sub-toggle]');
  for (const item of document.querySelectorAll('[data-nav-item].has-sub')) {
    if (toggle && item.contains(toggle)) {
      setSub(item, toggle.getAttribute('aria-expanded') !== 'true');
    } else if (!target || !item.contains(target)) {
      setSub(item, false);
    }
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const item = event.target instanceof Element ? event.target.closest('[data-nav-item].has-sub') : null;
  if (!item) return;
  const toggle = item.querySelector<HTMLElement>('[data-sub-toggle]');
  if (toggle?.getAttribute('aria-expanded') === 'true') {
    setSub(item, false);
    toggle.focus();
  }
});
document.addEventListener('focusout', (event) => {
  const item = event.target instanceof Element ? event.target.closest('[data-nav-item].has-sub') : null;
  const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
  if (item && (!next || !item.contains(next))) setSub(item, false);
});

export {};

/**
 * The fixed bar never hides what has the keyboard focus (WCAG 2.4.11): a
 * browser scrolls a focused element into view only when it is off screen,
 * and one under the fixed bar is on screen. Such an element is brought
 * down just below the bar (and the page's scroll padding follows the bar's
 * height, for anchors and scrollIntoView).
 */
const FOCUS_MARGIN_PX = 8;
document.addEventListener('focusin', (event) => {
  const bar = document.querySelector<HTMLElement>('[data-navbar].is-fixed');
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (!bar || !target || bar.contains(target) || target.closest('header, [role="dialog"], .push-prompt')) return;
  const barBottom = bar.getBoundingClientRect().bottom;
  document.documentElement.style.scrollPaddingBlockStart = `${Math.ceil(barBottom) + FOCUS_MARGIN_PX}px`;
  // The card around a focused link is what must show (the link is stretched over it).
  const box = (target.closest('.card, .vcard') ?? target).getBoundingClientRect();
  if (box.top < barBottom + FOCUS_MARGIN_PX) window.scrollBy({ top: box.top - barBottom - FOCUS_MARGIN_PX, behavior: 'instant' });
});
