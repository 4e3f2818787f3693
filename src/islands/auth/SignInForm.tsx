/**
 * Sign-in popup body (docs/product.md, Overlays, Content "Sign-in payload", Validation): username (the
 * e-mail) and password. Success only when the answer's header.status is OK;
 * otherwise the server's message shows and nothing else changes.
 */
import type { SubmitEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { switchAuth } from '../../stores/auth.ts';
import * as m from '../../paraglide/messages.js';
import { formOf } from './api.ts';
import { FacebookButton } from './FacebookButton.tsx';
import type { FacebookSettings } from './facebook-sdk.ts';
import { FormField } from '../../components/forms/FormField.tsx';
import { FormError, firstError } from './fields.tsx';
import { fieldText, useAccountSubmit } from './use-account-submit.ts';

export function SignInForm({ locale, facebook }: { locale: Locale; facebook: FacebookSettings | null }) {
  const o = { locale };
  const { busy, message, setMessage, errors, submit, check, formRef } = useAccountSubmit(locale);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(event.currentTarget)) return;
    const data = new FormData(event.currentTarget);
    void submit('login', formOf({ username: fieldText(data, 'username'), password: fieldText(data, 'password') }));
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <FormError>{message}</FormError>
      <FormField
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
      <FormField
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
