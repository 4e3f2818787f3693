/**
 * The breaking-news alerts prompt (ADR 007): a small card at the
 * bottom of the window offering "Recevez les alertes info de 2M" /
 * "توصّل بآخر الأخبار العاجلة من 2M", with "Activer les alertes" and
 * "Pas maintenant".
 *
 * When (src/islands/push/moment.ts): never on first paint; on the second
 * page of a visit or later, after 30 s on that page; only where push works,
 * while the notification permission was never asked, without a
 * subscription, and not within 30 days of a "not now".
 *
 * Accept: the browser's permission request, then the service worker and
 * the subscription (src/islands/push/client.ts); the card confirms for a
 * few seconds and goes. A refused permission: the card says in one line how
 * to allow the alerts later (the browser's site settings), until closed.
 * Any other failure (logged): the card says so and offers to retry. "Not
 * now" (or Escape inside the card) hides it for 30 days. It is a non-modal
 * dialog: it never takes the focus, the page stays usable around it, and
 * it never covers a player or a form (push/placement.ts: at the bottom,
 * else at the top, else out of sight while the page scrolls).
 *
 * Mounted once in the header with `client:idle` and `transition:persist`
 * (it follows client navigations, which count as pages, and takes the new
 * page's language from its props). A browser that subscribed before gets
 * its subscription refreshed once per visit.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { placePrompt } from './push/placement.ts';
import { LOCALE_CONFIG, type Locale } from '../i18n/locales.ts';
import * as m from '../paraglide/messages.js';
import { isSubscribed, pushSupported, refreshSubscription, subscribeToPush } from './push/client.ts';
import { countPage, dismissedRecently, PROMPT_DELAY_MS, PROMPT_MIN_PAGES, rememberDismissal } from './push/moment.ts';
import './push/push-prompt.css';

interface Props {
  locale: Locale;
}

type View = 'hidden' | 'open' | 'busy' | 'done' | 'failed' | 'denied';

/** sessionStorage: the subscription was refreshed in this visit. */
const REFRESHED_KEY = 'pushRefreshed';
const DONE_SHOWN_MS = 4000;

export default function PushPrompt({ locale }: Props) {
  const [view, setView] = useState<View>('hidden');
  const viewRef = useRef<View>('hidden');
  viewRef.current = view;
  const titleId = useId();
  const textId = useId();
  const cardRef = useRef<HTMLDivElement>(null);

  // Never over a player or a form: placed when it shows, again as the page scrolls or resizes.
  useLayoutEffect(() => {
    const card = cardRef.current;
    if (view === 'hidden' || !card) return;
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => placePrompt(card));
    };
    placePrompt(card);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    document.addEventListener('astro:page-load', place);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      document.removeEventListener('astro:page-load', place);
    };
  }, [view]);

  useEffect(() => {
    if (!pushSupported()) return;
    let timer: number | undefined;
    let disposed = false;

    const eligible = () => Notification.permission === 'default' && !dismissedRecently(localStorage, Date.now());

    const onPage = () => {
      if (viewRef.current !== 'hidden') return;
      window.clearTimeout(timer);
      const pages = countPage(sessionStorage, location.pathname);
      if (pages < PROMPT_MIN_PAGES || !eligible()) return;
      timer = window.setTimeout(() => {
        void (async () => {
          try {
            if (disposed || viewRef.current !== 'hidden' || !eligible() || (await isSubscribed())) return;
            setView('open');
          } catch (error) {
            console.warn('push prompt: cannot read the subscription', error);
          }
        })();
      }, PROMPT_DELAY_MS);
    };

    onPage();
    document.addEventListener('astro:page-load', onPage);

    try {
      if (Notification.permission === 'granted' && !sessionStorage.getItem(REFRESHED_KEY)) {
        sessionStorage.setItem(REFRESHED_KEY, '1');
        refreshSubscription(locale).catch((error: unknown) => console.warn('push subscription not refreshed', error));
      }
    } catch {
      // Storage refused: no refresh this time.
    }

    return () => {
      disposed = true;
      window.clearTimeout(timer);
      document.removeEventListener('astro:page-load', onPage);
    };
    // Once per mount: the island persists across navigations (its language comes from the latest props).
  }, []);

  useEffect(() => {
    if (view !== 'done') return;
    const t = window.setTimeout(() => setView('hidden'), DONE_SHOWN_MS);
    return () => window.clearTimeout(t);
  }, [view]);

  const later = () => {
    rememberDismissal(localStorage, Date.now());
    setView('hidden');
  };

  const accept = async () => {
    setView('busy');
    try {
      const outcome = await subscribeToPush(locale);
      setView(outcome === 'subscribed' ? 'done' : 'denied');
    } catch (error) {
      // Said, not swallowed: the visitor may retry (a network or push service hiccup) or give up.
      console.warn('push subscription failed', error);
      setView('failed');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && (view === 'open' || view === 'failed' || view === 'denied')) {
      event.stopPropagation();
      later();
    }
  };

  if (view === 'hidden') return null;
  const o = { locale };
  return (
    <div
      ref={cardRef}
      className="push-prompt"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      {...(view === 'done' ? {} : { 'aria-describedby': textId })}
      lang={locale}
      dir={LOCALE_CONFIG[locale].dir}
      data-state={view}
      onKeyDown={onKeyDown}
    >
      <svg className="push-prompt-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {view === 'done' ? (
        <p className="push-prompt-title" id={titleId} role="status">
          {m.push_prompt_done({}, o)}
        </p>
      ) : view === 'denied' ? (
        <>
          <div className="push-prompt-body">
            <p className="push-prompt-title" id={titleId}>
              {m.push_prompt_title({}, o)}
            </p>
            <p className="push-prompt-text" id={textId} role="status">
              {m.push_prompt_denied({}, o)}
            </p>
          </div>
          <div className="push-prompt-actions">
            <button type="button" className="push-prompt-later" onClick={later}>
              {m.push_prompt_close({}, o)}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="push-prompt-body">
            <p className="push-prompt-title" id={titleId}>
              {m.push_prompt_title({}, o)}
            </p>
            {view === 'failed' ? (
              <p className="push-prompt-text push-prompt-error" id={textId} role="alert">
                {m.polish_push_failed({}, o)}
              </p>
            ) : (
              <p className="push-prompt-text" id={textId}>
                {m.push_prompt_text({}, o)}
              </p>
            )}
          </div>
          <div className="push-prompt-actions">
            <button type="button" className="push-prompt-accept" onClick={() => void accept()} disabled={view === 'busy'}>
              {view === 'failed' ? m.polish_push_retry({}, o) : m.push_prompt_accept({}, o)}
            </button>
            <button type="button" className="push-prompt-later" onClick={later} disabled={view === 'busy'}>
              {m.push_prompt_later({}, o)}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
