/**
 * Sign-in popup body (SPEC §2.8, §3 "Sign-in payload", §5): username (the
 * e-mail) and password. Success only when the answer's header.status is OK;
 * otherwise the server's message shows and nothing else changes.
 */
import { useState, type SubmitEvent } from 'react';
import type { Locale } from '../../lib/paths.ts';
import { closeAuth, switchAuth } from '../../stores/auth.ts';
import * as m from '../../paraglide/messages.js';
import { callAccount, formOf } from './api.ts';
import { FacebookButton } from './FacebookButton.tsx';
import type { FacebookSettings } from './facebook-sdk.ts';
import { FormError, TextField, firstError } from './fields.tsx';
import { applySignedIn } from './session-client.ts';

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');

export function SignInForm({ locale, facebook }: { locale: Locale; facebook: FacebookSettings | null }) {
  const o = { locale };
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    setErrors({});
    const answer = await callAccount('login', locale, formOf({ username: text(data.get('username')), password: text(data.get('password')) }));
    setBusy(false);
    if (answer.ok && answer.user) {
      applySignedIn(answer.user);
      closeAuth();
      return;
    }
    setMessage(answer.message);
    setErrors(answer.errors);
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-busy={busy || undefined}>
      <FormError>{message}</FormError>
      <TextField
        label={m.account_label_email({}, o)}
        name="username"
        type="email"
        autoComplete="username"
        required
        maxLength={254}
        dir="ltr"
        data-autofocus=""
        error={firstError(errors, 'username')}
      />
      <TextField
        label={m.account_label_password({}, o)}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={256}
        dir="ltr"
        error={firstError(errors, 'password')}
      />
      <button type="submit" className="auth-submit" disabled={busy}>
        {busy ? m.account_sending({}, o) : m.account_signin_submit({}, o)}
      </button>
      {facebook && <FacebookButton locale={locale} settings={facebook} onError={setMessage} />}
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={() => switchAuth('signup')}>
          {m.account_switch_to_signup({}, o)}
        </button>
      </p>
    </form>
  );
}
