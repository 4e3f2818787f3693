/**
 * One's own account (docs/desk.md "Your account"): the desk's language,
 * the password, two-factor (set up, or new recovery codes), signing out
 * everywhere else.
 */
import { useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError } from '../api.ts';
import { setDeskLocale } from '../i18n.ts';
import { usePerson, useSession, type Person } from '../session.tsx';
import { Button, langLabel, Notice, roleLabel, ScreenTitle, SelectField, TextField } from '../ui.tsx';
import { RecoveryCodes, TwoFactorSetup } from './SignIn.tsx';
import type { Locale } from '../../i18n/locales.ts';

type Message = { kind: 'error' | 'success'; text: string } | null;

export default function AccountScreen() {
  const person = usePerson();
  const { session, apply, refresh } = useSession();
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [setup, setSetup] = useState(false);

  const fail = (error: unknown) => {
    setErrors(error instanceof DeskApiError ? error.errors : {});
    setMessage({ kind: 'error', text: error instanceof DeskApiError ? error.message : m.desk_err_500() });
  };

  const language = async (locale: Locale) => {
    try {
      const p = await api<Person>('PUT', '/api/desk/me', { locale });
      setDeskLocale(p.locale);
      if (session) apply({ ...session, person: p });
      setMessage({ kind: 'success', text: m.desk_changed() });
    } catch (error) {
      fail(error);
    }
  };

  const changePassword = async (e: SubmitEvent) => {
    e.preventDefault();
    try {
      const r = await api<{ ended: number }>('POST', '/api/desk/me/password', { current, password });
      setCurrent('');
      setPassword('');
      setErrors({});
      setMessage({ kind: 'success', text: m.desk_password_changed({ n: String(r.ended) }) });
    } catch (error) {
      fail(error);
    }
  };

  const newCodes = async (e: SubmitEvent) => {
    e.preventDefault();
    try {
      setCodes((await api<{ recoveryCodes: string[] }>('POST', '/api/desk/two-factor/recovery-codes', { code })).recoveryCodes);
      setCode('');
      setErrors({});
    } catch (error) {
      fail(error);
    }
  };

  const endOthers = async () => {
    try {
      const r = await api<{ ended: number }>('POST', '/api/desk/session/end-others');
      setMessage({ kind: 'success', text: m.desk_ended_others({ n: String(r.ended) }) });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_account()}</ScreenTitle>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section className="panel" aria-labelledby="me-title">
        <h2 id="me-title">{person.name}</h2>
        <p>
          <span dir="ltr">{person.email}</span> · {roleLabel(person.role)}
        </p>
        <SelectField label={m.desk_desk_language()} value={person.locale} onChange={(e) => void language(e.target.value as Locale)}>
          <option value="ar">{langLabel('ar')}</option>
          <option value="fr">{langLabel('fr')}</option>
        </SelectField>
      </section>
      <section className="panel" aria-labelledby="password-title">
        <h2 id="password-title">{m.desk_password()}</h2>
        <form onSubmit={(e) => void changePassword(e)} noValidate>
          <TextField label={m.desk_current_password()} type="password" autoComplete="current-password" dir="ltr" value={current} onChange={(e) => setCurrent(e.target.value)} errors={errors.current} />
          <TextField label={m.desk_new_password()} type="password" autoComplete="new-password" dir="ltr" value={password} onChange={(e) => setPassword(e.target.value)} hint={m.desk_password_hint()} errors={errors.password} />
          <Button type="submit">{m.desk_change_password()}</Button>
        </form>
      </section>
      <section className="panel" aria-labelledby="tf-title">
        <h2 id="tf-title">{m.desk_two_factor()}</h2>
        {person.twoFactor ? (
          <>
            <p>{m.desk_two_factor_status_on({ n: String(session?.recoveryCodesLeft ?? 0) })}</p>
            <form onSubmit={(e) => void newCodes(e)} noValidate>
              <TextField label={m.desk_totp_code()} inputMode="numeric" autoComplete="one-time-code" dir="ltr" value={code} onChange={(e) => setCode(e.target.value)} errors={errors.code} />
              <Button type="submit">{m.desk_new_recovery_codes()}</Button>
            </form>
            {codes && <RecoveryCodes codes={codes} />}
          </>
        ) : setup ? (
          <TwoFactorSetup onDone={(s) => (apply(s), setSetup(false), void refresh())} />
        ) : (
          <>
            <p>{m.desk_two_factor_status_off()}</p>
            <Button onClick={() => setSetup(true)}>{m.desk_two_factor_title()}</Button>
          </>
        )}
      </section>
      <section className="panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{m.desk_sessions()}</h2>
        <p>{m.desk_sessions_intro()}</p>
        <Button onClick={() => void endOthers()}>{m.desk_end_others()}</Button>
      </section>
    </main>
  );
}
