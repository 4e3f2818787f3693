/**
 * The account panel of the user pages (#account-page-slot): `/user/u` and
 * `/user/u/{id}`. Signed in, it shows the user's own name and e-mail (from
 * the session, /api/account/me: never another member's data), a link to
 * their member page and sign-out; signed out, an invitation with the sign-in
 * and sign-up popups. On `/user/u/{id}` the private part shows only when
 * the id is the signed-in user's own.
 */
import { useEffect } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../lib/paths.ts';
import { route } from '../lib/routes.ts';
import { $account, openAuth } from '../stores/auth.ts';
import { $nameUser, $userId } from '../stores/session.ts';
import * as m from '../paraglide/messages.js';
import { restoreSession } from './auth/session-client.ts';
import './auth/account-panel.css';

interface Props {
  locale: Locale;
  /** The member page's id (`/user/u/{id}`); absent on `/user/u`. */
  pageUserId?: number;
}

const anonymous = (): string | undefined => undefined;

export default function AccountPanel({ locale, pageUserId }: Props) {
  const o = { locale };
  const account = useStore($account);
  const storedName = useStore($nameUser, { ssr: anonymous });
  const storedId = useStore($userId, { ssr: anonymous });

  useEffect(() => {
    void restoreSession(locale);
  }, [locale]);

  // The server-confirmed user, else (server unreachable) what the browser keeps.
  const user = account ?? (account === undefined && storedName ? { id: Number(storedId), name: storedName, email: '' } : null);

  if (!user) {
    return (
      <div className="account-panel">
        <p>{pageUserId ? m.account_page_invite_owner({}, o) : m.editorial_account_invite({}, o)}</p>
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

  const own = pageUserId === undefined || pageUserId === user.id;
  const myPage = Number.isSafeInteger(user.id) && user.id > 0 ? route('user-u-id', locale, { id: user.id }) : null;

  return (
    <div className="account-panel">
      {pageUserId !== undefined && own && <p className="account-panel-own">{m.account_page_own({}, o)}</p>}
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
        {myPage && (pageUserId === undefined || !own) && (
          <a className="account-panel-secondary" href={myPage}>
            {m.account_page_my_page({}, o)}
          </a>
        )}
        <button type="button" className="account-panel-primary" onClick={() => openAuth('logout')}>
          {m.account_logout_confirm({}, o)}
        </button>
      </div>
    </div>
  );
}
