/**
 * People (admins only, docs/desk.md "People"): everyone who uses the desk,
 * with their role, two-factor and state; invite someone (a one-time link
 * mailed to them), change a role or a language, disable someone (signed
 * out at once), send a new sign-in link, reset two-factor, sign them out.
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError } from '../api.ts';
import { useLocale, when } from '../i18n.ts';
import { usePerson, type Person, type Role } from '../session.tsx';
import { Button, langLabel, Notice, roleLabel, ScreenTitle, SelectField, TextField } from '../ui.tsx';
import type { Locale } from '../../i18n/locales.ts';

const ROLES: Role[] = ['journalist', 'editor', 'admin'];

export default function PeopleScreen() {
  const me = usePerson();
  const locale = useLocale();
  const [people, setPeople] = useState<Person[]>([]);
  const [form, setForm] = useState({ email: '', name: '', role: 'journalist' as Role, locale: 'ar' as Locale });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api<Person[]>('GET', '/api/desk/people')
      .then(setPeople)
      .catch((e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, []);
  useEffect(load, [load]);

  const run = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      setMessage({ kind: 'success', text: success });
      load();
    } catch (error) {
      setErrors(error instanceof DeskApiError ? error.errors : {});
      setMessage({ kind: 'error', text: error instanceof DeskApiError ? error.message : m.desk_err_500() });
    } finally {
      setBusy(false);
    }
  };

  const invite = (e: SubmitEvent) => {
    e.preventDefault();
    setErrors({});
    void run(async () => {
      await api('POST', '/api/desk/people', form);
      setForm({ email: '', name: '', role: 'journalist', locale: form.locale });
    }, m.desk_invited({ email: form.email }));
  };

  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_people()}</ScreenTitle>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form className="panel" onSubmit={invite} noValidate aria-labelledby="invite-title">
        <h2 id="invite-title">{m.desk_invite_title()}</h2>
        <div className="toolbar-row">
          <TextField label={m.desk_name_field()} value={form.name} required onChange={(e) => setForm({ ...form, name: e.target.value })} errors={errors.name} />
          <TextField label={m.desk_email()} type="email" dir="ltr" value={form.email} required onChange={(e) => setForm({ ...form, email: e.target.value })} errors={errors.email} />
          <SelectField label={m.desk_role()} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })} errors={errors.role}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </SelectField>
          <SelectField label={m.desk_desk_language()} value={form.locale} onChange={(e) => setForm({ ...form, locale: e.target.value as Locale })}>
            <option value="ar">{langLabel('ar')}</option>
            <option value="fr">{langLabel('fr')}</option>
          </SelectField>
          <Button kind="primary" type="submit" disabled={busy}>
            {m.desk_invite()}
          </Button>
        </div>
        <p className="hint">{m.desk_invite_hint()}</p>
      </form>
      <table className="list">
        <caption className="visually-hidden">{m.desk_nav_people()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.desk_name_field()}</th>
            <th scope="col">{m.desk_role()}</th>
            <th scope="col">{m.desk_two_factor()}</th>
            <th scope="col">{m.desk_state()}</th>
            <th scope="col">{m.desk_last_sign_in()}</th>
            <th scope="col">{m.desk_actions()}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.id}>
              <td>
                {p.name}
                <br />
                <span className="hint" dir="ltr">
                  {p.email}
                </span>
              </td>
              <td>
                <select
                  aria-label={m.desk_role_of({ name: p.name })}
                  value={p.role}
                  disabled={busy || p.id === me.id}
                  onChange={(e) => void run(() => api('PUT', `/api/desk/people/${p.id}`, { role: e.target.value }), m.desk_changed())}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {roleLabel(r)}
                    </option>
                  ))}
                </select>
              </td>
              <td>{p.twoFactor ? m.desk_yes() : m.desk_no()}</td>
              <td>{p.disabled ? m.desk_person_disabled() : p.active ? m.desk_person_active() : m.desk_person_invited()}</td>
              <td>{p.lastSignInAt ? when(p.lastSignInAt, locale) : '—'}</td>
              <td>
                <div className="actions">
                  {p.id !== me.id && (
                    <Button kind={p.disabled ? 'secondary' : 'danger'} disabled={busy} onClick={() => void run(() => api('PUT', `/api/desk/people/${p.id}`, { disabled: !p.disabled }), m.desk_changed())} aria-label={p.disabled ? m.desk_enable_named({ name: p.name }) : m.desk_disable_named({ name: p.name })}>
                      {p.disabled ? m.desk_enable() : m.desk_disable()}
                    </Button>
                  )}
                  {!p.disabled && (
                    <Button disabled={busy} onClick={() => void run(() => api('POST', `/api/desk/people/${p.id}/link`), m.desk_link_sent({ email: p.email }))} aria-label={m.desk_send_link_named({ name: p.name })}>
                      {m.desk_send_link()}
                    </Button>
                  )}
                  {p.twoFactor && (
                    <Button disabled={busy} onClick={() => void run(() => api('POST', `/api/desk/people/${p.id}/reset-two-factor`), m.desk_changed())} aria-label={m.desk_reset_two_factor_named({ name: p.name })}>
                      {m.desk_reset_two_factor()}
                    </Button>
                  )}
                  <Button disabled={busy} onClick={() => void run(() => api('POST', `/api/desk/people/${p.id}/end-sessions`), m.desk_signed_out_everywhere())} aria-label={m.desk_end_sessions_named({ name: p.name })}>
                    {m.desk_end_sessions()}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
