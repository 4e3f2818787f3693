/**
 * The header's search box on demand (ADR 014): the server renders it
 * collapsed, a link to the search page (SearchSlot.astro), which is all a
 * visitor who never searches gets. The first press on that link opens the
 * box instead of following it: it loads the box and React
 * (src/islands/search/mount.tsx), mounts it and opens it ($searchOpen), so
 * the press is not lost. Hovering or focusing the link fetches that code
 * ahead. A press with a modifier key (new tab) stays a link.
 */
import { pageLocale } from '../../../i18n/locales.ts';
import { $searchOpen } from '../../../stores/shell.ts';

const TOGGLE = '#search-slot a.search-box-toggle';
const load = () => import('../../../islands/search/mount.tsx');

function fetchAhead(event: Event): void {
  if (event.target instanceof Element && event.target.closest(TOGGLE)) void load().catch(() => {});
}

document.addEventListener('pointerover', fetchAhead, { passive: true });
document.addEventListener('focusin', fetchAhead);
// Capture: before the client router's own click listener takes the link.
document.addEventListener(
  'click',
  (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(TOGGLE) : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const slot = link.closest<HTMLElement>('#search-slot');
    if (!slot) return;
    event.preventDefault();
    load()
      .then(({ mountSearchBox }) => {
        mountSearchBox(slot, {
          locale: pageLocale(),
          searchPath: link.getAttribute('href') ?? link.href,
        });
        $searchOpen.set(true);
      })
      // Its code did not arrive: the link does what it says.
      .catch(() => window.location.assign(link.href));
  },
  true,
);
