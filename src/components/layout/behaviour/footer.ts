/** Footer.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('[data-scroll-top]') : null;
  if (!target) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
  // Move keyboard focus back to the top as well.
  const skip = document.querySelector<HTMLElement>('.skip-link');
  skip?.focus({ preventScroll: true });
});

export {};
