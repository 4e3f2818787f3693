/** MegaMenu.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
import { $menuOpen } from '../../../stores/shell.ts';

const toggles = () => document.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]');
const panel = () => document.querySelector<HTMLElement>('[data-mega-menu]');

function render(open: boolean): void {
  const p = panel();
  if (p) p.hidden = !open;
  for (const t of toggles()) t.setAttribute('aria-expanded', String(open));
  document.documentElement.classList.toggle('menu-open', open);
}

$menuOpen.subscribe(render);
// A new page brings a new (closed) header: show the store's state on it.
document.addEventListener('astro:page-load', () => render($menuOpen.get()));

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
