/**
 * The submit cycle the sign-in and sign-up forms share: one request at a
 * time, the previous message and field errors cleared, then either the
 * visitor is signed in and the popup closes, or the server's message and
 * errors show and nothing else changes.
 */
import { useState } from 'react';
import type { Locale } from '../../lib/paths.ts';
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
  }

  return { busy, message, setMessage, errors, submit };
}
