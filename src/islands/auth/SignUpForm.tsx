/**
 * Sign-up popup body (docs/product.md, Overlays, Content "Sign-up payload", Validation): birth date (a
 * date picker), sexe H (Homme) / F (Femme) with H by default, name, e-mail
 * and its confirmation, password and its confirmation, the conditions
 * checkbox. Every field is required. Submitted only when the checkbox is
 * checked: otherwise nothing happens and no message appears. Only date,
 * sexe, name, email and password are sent; the confirmations and the
 * checkbox are not. A confirmation that differs from its field is flagged
 * next to it before anything is sent (../../components/forms/validate.ts,
 * with every other message in the page's language).
 */
import type { SubmitEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { switchAuth } from '../../stores/auth.ts';
import * as m from '../../paraglide/messages.js';
import { formOf } from './api.ts';
import { FacebookButton } from './FacebookButton.tsx';
import type { FacebookSettings } from './facebook-sdk.ts';
import { FormField } from '../../components/forms/FormField.tsx';
import { FormError, firstError } from './fields.tsx';
import { fieldText, useAccountSubmit } from './use-account-submit.ts';

/** YYYY-MM-DD of today minus `years`, in the browser's calendar (the server checks the exact bounds). */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function SignUpForm({ locale, facebook }: { locale: Locale; facebook: FacebookSettings | null }) {
  const o = { locale };
  const { busy, message, setMessage, errors, submit, check, formRef } = useAccountSubmit(locale);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const conditions = form.elements.namedItem('conditions');
    // docs/product.md, Validation: without the checkbox, nothing happens and nothing is said.
    if (!(conditions instanceof HTMLInputElement) || !conditions.checked) return;
    if (!check(form)) return;
    const data = new FormData(form);
    void submit(
      'registeration',
      formOf({
        date: fieldText(data, 'date'),
        sexe: fieldText(data, 'sexe') || 'H',
        name: fieldText(data, 'name'),
        email: fieldText(data, 'email'),
        password: fieldText(data, 'password'),
      }),
    );
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <FormError>{message}</FormError>
      <FormField
        label={m.account_label_date({}, o)}
        name="date"
        type="date"
        autoComplete="bday"
        required
        min={yearsAgo(120)}
        max={yearsAgo(13)}
        data-autofocus=""
        error={firstError(errors, 'date')}
      />
      <fieldset className="auth-radios" aria-invalid={errors.sexe ? true : undefined}>
        <legend>{m.account_label_sexe({}, o)}</legend>
        <label>
          <input type="radio" name="sexe" value="H" defaultChecked required /> {m.account_sexe_h({}, o)}
        </label>
        <label>
          <input type="radio" name="sexe" value="F" /> {m.account_sexe_f({}, o)}
        </label>
        {errors.sexe && <p className="form-field-error">{errors.sexe[0]}</p>}
      </fieldset>
      <FormField label={m.account_label_name({}, o)} name="name" type="text" autoComplete="name" required minLength={2} maxLength={80} error={firstError(errors, 'name')} />
      <FormField
        label={m.account_label_email({}, o)}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        dir="ltr"
        error={firstError(errors, 'email')}
      />
      <FormField
        label={m.account_label_email_confirm({}, o)}
        name="confirming_email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        dir="ltr"
        data-confirms="email"
        error={firstError(errors, 'confirming_email')}
      />
      <FormField
        label={m.account_label_password({}, o)}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={256}
        dir="ltr"
        hint={m.account_password_hint({ min: '8' }, o)}
        error={firstError(errors, 'password')}
      />
      <FormField
        label={m.account_label_password_confirm({}, o)}
        name="confirming_password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={256}
        dir="ltr"
        data-confirms="password"
        error={firstError(errors, 'confirming_password')}
      />
      <label className="auth-check">
        <input type="checkbox" name="conditions" />
        <span>
          {m.account_conditions_before({}, o)}{' '}
          <a href={route('navigationlinks-page', locale, { page: 'conditions' })} target="_blank" rel="noopener">
            {m.account_conditions_link({}, o)}
          </a>
        </span>
      </label>
      <button type="submit" className="auth-submit" disabled={busy}>
        {busy ? m.account_sending({}, o) : m.account_signup_submit({}, o)}
      </button>
      {facebook && <FacebookButton locale={locale} settings={facebook} onError={setMessage} />}
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={() => switchAuth('signin')}>
          {m.account_switch_to_signin({}, o)}
        </button>
      </p>
    </form>
  );
}
