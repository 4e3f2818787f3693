/** LanguageSwitch.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
import { track, AnalyticsEvents } from '../../../lib/analytics.ts';

// Delegated once for the whole document: the header is replaced on every
// client-side navigation.
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-lang-switch]') : null;
  if (!target) return;
  track(AnalyticsEvents.languageSwitch, {
    from: target.dataset['from'],
    to: target.dataset['to'],
    path: location.pathname,
    target: target.getAttribute('href'),
  });
});
