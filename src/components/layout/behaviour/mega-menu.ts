/** MegaMenu.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
import { $menuOpen } from '../../../stores/shell.ts';

const toggles = () => document.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]');
const panel = () => document.querySelector<HTMLElement>('[data-mega-menu]');

/**
 * The panel comes after `<main>` in the HTML, so that a page's own content
 * comes first in its bytes (MegaMenu.astro, ADR 014): put it right after
 * the toggle button, in the header, where it is positioned and where the
 * focus goes next. It is hidden until opened, so the move shows nothing.
 */
function placePanel(): void {
  const p = panel();
  const toggle = toggles()[0];
  if (p && toggle && toggle.nextElementSibling !== p) toggle.after(p);
}

function render(open: boolean): void {
  const p = panel();
  if (p) p.hidden = !open;
  for (const t of toggles()) t.setAttribute('aria-expanded', String(open));
  document.documentElement.classList.toggle('menu-open', open);
}

placePanel();
$menuOpen.subscribe(render);
// A new page brings a new (closed) header and its panel after <main>: place the panel, show the store's state on it.
document.addEventListener('astro:page-load', () => {
  placePanel();
  render($menuOpen.get());
});

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  if (target.closest('[data-menu-toggle]')) {
    $menuOpen.set(!$menuOpen.get());
    return;
  }
  if ($menuOpen.get() && !target.closest('[data-mega-menu]')) $menuOpen.set(false);
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !$menuOpen.get()) return;
  $menuOpen.set(false);
  toggles()[0]?.focus();
});
