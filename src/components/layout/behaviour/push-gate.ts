/**
 * When the breaking-news alerts prompt may show (ADR 007, rules in
 * src/islands/push/moment.ts): the second page of a visit or later, after
 * PROMPT_DELAY_MS on that page, where push works, while the permission was
 * never asked, without a subscription, and not within 30 days of a "not
 * now". Only then does this load the card and React
 * (src/islands/push/mount.tsx) into the header's persistent slot
 * (`#push-prompt-slot`): a phone's first page, which can never show it,
 * loads none of its code (ADR 014).
 *
 * A browser that accepted before (permission granted) gets its
 * subscription refreshed once per visit, at idle, without the card.
 * Client navigations count as pages (`astro:page-load`; the same path
 * again, a reload or a hash change, is not a new page); a card on screen
 * follows them in the new page's language.
 */
import { pageLocale } from '../../../i18n/locales.ts';
import { countPage, dismissedRecently, PROMPT_DELAY_MS, PROMPT_MIN_PAGES, pushSupported } from '../../../islands/push/moment.ts';
import { whenIdle } from '../../../lib/idle.ts';

/** sessionStorage: the subscription was refreshed in this visit. */
const REFRESHED_KEY = 'pushRefreshed';

let timer: number | undefined;
/** The page whose timer runs: the first `astro:page-load` (after every image) must not restart it. */
let armedFor: string | undefined;

const slot = () => document.getElementById('push-prompt-slot');
const eligible = () => Notification.permission === 'default' && !dismissedRecently(localStorage, Date.now());
const cardShown = () => slot()?.querySelector('.push-prompt') != null;

async function open(): Promise<void> {
  const here = slot();
  if (!here || cardShown() || !eligible()) return;
  try {
    const { isSubscribed } = await import('../../../islands/push/client.ts');
    if (await isSubscribed()) return;
  } catch (error) {
    console.warn('push prompt: cannot read the subscription', error);
    return;
  }
  if (!eligible()) return;
  const { renderPushPrompt } = await import('../../../islands/push/mount.tsx');
  renderPushPrompt(here, pageLocale());
}

function onPage(): void {
  if (armedFor === location.pathname) return;
  window.clearTimeout(timer);
  armedFor = location.pathname;
  if (cardShown()) {
    void import('../../../islands/push/mount.tsx').then(({ relabelPushPrompt }) => relabelPushPrompt(pageLocale()));
    return;
  }
  const pages = countPage(sessionStorage, location.pathname);
  if (pages < PROMPT_MIN_PAGES || !eligible()) return;
  timer = window.setTimeout(() => void open(), PROMPT_DELAY_MS);
}

function refreshOncePerVisit(): void {
  try {
    if (Notification.permission !== 'granted' || sessionStorage.getItem(REFRESHED_KEY)) return;
    sessionStorage.setItem(REFRESHED_KEY, '1');
  } catch {
    return; // Storage refused: no refresh this time.
  }
  whenIdle(() => {
    import('../../../islands/push/client.ts')
      .then(({ refreshSubscription }) => refreshSubscription(pageLocale()))
      .catch((error: unknown) => console.warn('push subscription not refreshed', error));
  });
}

if (pushSupported()) {
  document.addEventListener('astro:page-load', onPage);
  // Now, in a task of its own (see ./when-idle.ts), then after every client navigation.
  whenIdle(() => {
    refreshOncePerVisit();
    onPage();
  });
}
