/**
 * The submit cycle the sign-in and sign-up forms share: the form checked
 * first in the page's language (../../components/forms/validate.ts: the
 * forms have noValidate, so no browser bubble in the browser's language),
 * one request at a time, the previous message and field errors cleared,
 * then either the visitor is signed in and the popup closes, or the
 * server's message and errors show and nothing else changes. After a
 * refusal, by the check or by the server, the focus goes to the first
 * field in error (else to the form's message).
 */
import { useEffect, useRef, useState } from 'react';
import { focusFirstError, validateForm } from '../../components/forms/validate.ts';
import type { Locale } from '../../i18n/locales.ts';
import { closeAuth } from '../../stores/auth.ts';
import { callAccount, type AccountPath } from './api.ts';
import { applySignedIn } from './session-client.ts';

/** A form field's value as text ('' for a missing field or a file). */
export const fieldText = (data: FormData, name: string): string => {
  const v = data.get(name);
  return typeof v === 'string' ? v : '';
};

export function useAccountSubmit(locale: Locale) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // Counts refusals: each one moves the focus once its messages are drawn.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);

  /** True when the form may be sent; otherwise its messages show next to the fields. */
  function check(form: HTMLFormElement): boolean {
    const found = validateForm(form, locale);
    if (Object.keys(found).length === 0) return true;
    setMessage('');
    setErrors(Object.fromEntries(Object.entries(found).map(([name, text]) => [name, [text]])));
    setRefusals((n) => n + 1);
    return false;
  }

  async function submit(path: Extract<AccountPath, 'login' | 'registeration'>, body: FormData): Promise<void> {
    if (busy) return;
    setBusy(true);
    setMessage('');
    setErrors({});
    const answer = await callAccount(path, locale, body);
    setBusy(false);
    if (answer.ok && answer.user) {
      applySignedIn(answer.user);
      closeAuth();
      return;
    }
    setMessage(answer.message);
    setErrors(answer.errors);
    setRefusals((n) => n + 1);
  }

  return { busy, message, setMessage, errors, submit, check, formRef };
}
