/**
 * Sign-out confirmation (docs/product.md, Overlays, States): on confirmation the session ends on
 * the server, the user and what the browser keeps of it are cleared, and the
 * popup closes.
 */
import { useState } from 'react';
import { useStore } from '../../stores/use-store.ts';
import type { Locale } from '../../i18n/locales.ts';
import { closeAuth } from '../../stores/auth.ts';
import { $nameUser } from '../../stores/session.ts';
import * as m from '../../paraglide/messages.js';
import { callAccount } from './api.ts';
import { FormError } from './fields.tsx';
import { applySignedOut } from './session-client.ts';

export function LogoutConfirm({ locale }: { locale: Locale }) {
  const o = { locale };
  const name = useStore($nameUser) ?? '';
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setMessage('');
    const answer = await callAccount('logout', locale);
    setBusy(false);
    if (!answer.ok) {
      setMessage(answer.message);
      return;
    }
    applySignedOut();
    closeAuth();
  }

  return (
    <div className="auth-form">
      <FormError>{message}</FormError>
      <p className="auth-question">{m.account_logout_question({ name }, o)}</p>
      <div className="auth-actions">
        <button type="button" className="auth-submit" onClick={confirm} disabled={busy} data-autofocus="">
          {busy ? m.account_sending({}, o) : m.account_logout_confirm({}, o)}
        </button>
        <button type="button" className="auth-secondary" onClick={closeAuth}>
          {m.account_cancel({}, o)}
        </button>
      </div>
    </div>
  );
}
