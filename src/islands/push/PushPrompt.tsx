/**
 * The breaking-news alerts prompt (ADR 007): a small card at the
 * bottom of the window offering "Recevez les alertes info de 2M" /
 * "توصّل بآخر الأخبار العاجلة من 2M", with "Activer les alertes" and
 * "Pas maintenant".
 *
 * It is not hydrated with the page: the shell's script decides when it may
 * show (src/components/layout/behaviour/push-gate.ts, rules in ./moment.ts)
 * and only then loads this card and React (./mount.tsx), so a first page,
 * and every page of a browser where push cannot work, loads none of it.
 * It mounts open.
 *
 * Accept: the browser's permission request, then the service worker and
 * the subscription (./client.ts); the card confirms for a few seconds and
 * goes. A refused permission: the card says in one line how to allow the
 * alerts later (the browser's site settings), until closed. Any other
 * failure (logged): the card says so and offers to retry. "Not now" (or
 * Escape inside the card) hides it for 30 days. It is a non-modal dialog:
 * it never takes the focus, the page stays usable around it, and it never
 * covers a player or a form (./placement.ts: at the bottom, else at the
 * top, else out of sight while the page scrolls). Its root persists across
 * client navigations; a new page re-renders it in that page's language.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { placePrompt } from './placement.ts';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { subscribeToPush } from './client.ts';
import { rememberDismissal } from './moment.ts';

interface Props {
  locale: Locale;
}

type View = 'hidden' | 'open' | 'busy' | 'done' | 'failed' | 'denied';

const DONE_SHOWN_MS = 4000;

export default function PushPrompt({ locale }: Props) {
  const [view, setView] = useState<View>('open');
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
