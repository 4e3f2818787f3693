/**
 * The top bar's account button (docs/product.md, Header): the user's name when signed in
 * (opens the sign-out confirmation), else "Se connecter" (opens the sign-in
 * popup). It restores the session at start (docs/product.md, States, session-client.ts) and
 * hosts the account popup of the whole page (auth/AuthDialog.tsx), loaded
 * on demand: first hover or focus fetches it, first click shows it. Other
 * islands open the popup through `$authOverlay` (src/stores/auth.ts).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../i18n/locales.ts';
import { $authOverlay, closeAuth, openAuth } from '../stores/auth.ts';
import { $nameUser } from '../stores/session.ts';
import * as m from '../paraglide/messages.js';
import type { FacebookSettings } from './auth/facebook-sdk.ts';
import { restoreSession } from './auth/session-client.ts';
import './auth/account-button.css';

const loadDialog = () => import('./auth/AuthDialog.tsx');
const AuthDialog = lazy(loadDialog);
const anonymous = (): string | undefined => undefined;

interface Props {
  locale: Locale;
  /** Public settings of the Facebook login, or null when it is not configured. */
  facebook?: FacebookSettings | null;
}

export default function AccountButton({ locale, facebook = null }: Props) {
  const o = { locale };
  // The stored name is only known in the browser: hydrate as the server rendered (anonymous), then show it.
  const name = useStore($nameUser, { ssr: anonymous });
  const overlay = useStore($authOverlay);
  const [dialogWanted, setDialogWanted] = useState(false);

  useEffect(() => {
    void restoreSession(locale);
    // A navigation never lands on a page with the popup still open.
    const close = () => closeAuth();
    document.addEventListener('astro:before-swap', close);
    return () => document.removeEventListener('astro:before-swap', close);
  }, [locale]);

  useEffect(() => {
    if (overlay.state) setDialogWanted(true);
  }, [overlay.state]);

  const prefetch = () => void loadDialog().catch(() => {});

  return (
    <>
      <button
        type="button"
        className="account-button"
        aria-haspopup="dialog"
        aria-label={name ? m.account_button_user_label({ name }, o) : undefined}
        title={name || m.account_button_signin({}, o)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => openAuth(name ? 'logout' : 'signin')}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-4.1 0-8.25 2.06-8.25 5.25V21h16.5v-1.5c0-3.19-4.15-5.25-8.25-5.25Z"
          />
        </svg>
        <span className="account-button-text">{name || m.account_button_signin({}, o)}</span>
      </button>
      {dialogWanted && (
        <Suspense fallback={null}>
          <AuthDialog locale={locale} facebook={facebook} />
        </Suspense>
      )}
    </>
  );
}
