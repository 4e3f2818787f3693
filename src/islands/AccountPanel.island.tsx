/**
 * The account panel of the user pages (#account-page-slot): `/user/u` and
 * `/user/u/{memberId}`. Signed in, it shows the user's own name and e-mail
 * (from the session, /api/account/me: never another member's data) and
 * sign-out; on `/user/u`, the owner's settings too (AccountSettings: member
 * page visibility, password change, sign out everywhere). Signed out, an
 * invitation with the sign-in and sign-up popups. On a member page it only
 * says so when the page is the signed-in user's own (their member id, read
 * from their own settings).
 */
import { useEffect, useState } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../i18n/locales.ts';
import { route } from '../lib/routes.ts';
import { $account, openAuth } from '../stores/auth.ts';
import { $nameUser, $userId } from '../stores/session.ts';
import * as m from '../paraglide/messages.js';
import { restoreSession } from './auth/session-client.ts';
import { callAccount } from './auth/api.ts';
import AccountSettings from './auth/AccountSettings.tsx';
import './auth/account-panel.css';

interface Props {
  locale: Locale;
  /** The member page's opaque id (`/user/u/{memberId}`); absent on `/user/u`. */
  pageMemberId?: string;
}

const anonymous = (): string | undefined => undefined;

export default function AccountPanel({ locale, pageMemberId }: Props) {
  const o = { locale };
  const account = useStore($account);
  const storedName = useStore($nameUser, { ssr: anonymous });
  const storedId = useStore($userId, { ssr: anonymous });

  useEffect(() => {
    void restoreSession(locale);
  }, [locale]);

  // The server-confirmed user, else (server unreachable) what the browser keeps.
  const user = account ?? (account === undefined && storedName ? { id: Number(storedId), name: storedName, email: '' } : null);
  // On a member page: whether it is the signed-in user's own (their member id, from their settings).
  const [ownMemberId, setOwnMemberId] = useState<string | null>(null);
  const signedIn = Boolean(account);
  useEffect(() => {
    if (!pageMemberId || !signedIn) return;
    void callAccount('profile', locale).then((a) => {
      const id = (a.data as { memberId?: unknown } | null)?.memberId;
      setOwnMemberId(typeof id === 'string' ? id : null);
    });
  }, [pageMemberId, signedIn, locale]);

  if (!user) {
    return (
      <div className="account-panel">
        <p>{pageMemberId ? m.account_page_invite_owner({}, o) : m.editorial_account_invite({}, o)}</p>
        <div className="account-panel-actions">
          <button type="button" className="account-panel-primary" onClick={() => openAuth('signin')}>
            {m.account_button_signin({}, o)}
          </button>
          <button type="button" className="account-panel-secondary" onClick={() => openAuth('signup')}>
            {m.account_signup_title({}, o)}
          </button>
        </div>
      </div>
    );
  }

  const own = pageMemberId === undefined || pageMemberId === ownMemberId;

  return (
    <div className="account-panel">
      {pageMemberId !== undefined && own && <p className="account-panel-own">{m.account_page_own({}, o)}</p>}
      <p>{m.account_page_signed_in_as({ name: user.name }, o)}</p>
      {own && user.email && (
        <dl className="account-panel-details">
          <dt>{m.account_label_name({}, o)}</dt>
          <dd>{user.name}</dd>
          <dt>{m.account_label_email({}, o)}</dt>
          <dd dir="ltr">{user.email}</dd>
        </dl>
      )}
      <div className="account-panel-actions">
        {pageMemberId !== undefined && (
          <a className="account-panel-secondary" href={route('user-u-id', locale, {})}>
            {m.account_page_my_account({}, o)}
          </a>
        )}
        <button type="button" className="account-panel-primary" onClick={() => openAuth('logout')}>
          {m.account_logout_confirm({}, o)}
        </button>
      </div>
      {pageMemberId === undefined && account && <AccountSettings locale={locale} />}
    </div>
  );
}
