/**
 * The signed-in owner's settings on the account page (`/user/u`, inside the
 * AccountPanel island): whether their member page is public (off by
 * default, ADR 029) with its address, a password change (the other
 * sessions end), and "sign out everywhere". Each form answers in place, in
 * the page's language; nothing here is rendered for anyone else.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { FormField } from '../../components/forms/FormField.tsx';
import { callAccount, formOf } from './api.ts';
import { applySignedOut } from './session-client.ts';

interface Settings {
  memberId: string;
  profilePublic: boolean;
}

function asSettings(v: unknown): Settings | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  return typeof o.memberId === 'string' && typeof o.profilePublic === 'boolean' ? { memberId: o.memberId, profilePublic: o.profilePublic } : null;
}

export default function AccountSettings({ locale }: { locale: Locale }) {
  const o = { locale };
  const [settings, setSettings] = useState<Settings | null>(null);
  const [profileNote, setProfileNote] = useState('');
  const [password, setPassword] = useState<{ busy: boolean; message: string; ok: boolean; errors: Record<string, string[]> }>({ busy: false, message: '', ok: false, errors: {} });
  const [everywhere, setEverywhere] = useState({ busy: false, message: '' });

  useEffect(() => {
    void callAccount('profile', locale).then((a) => setSettings(asSettings(a.data)));
  }, [locale]);

  async function toggleProfile(visible: boolean) {
    // Shown at once; the server's answer has the last word (unchanged when it refused).
    const before = settings;
    if (before) setSettings({ ...before, profilePublic: visible });
    setProfileNote('');
    const a = await callAccount('profile', locale, formOf({ public: visible ? '1' : '0' }));
    const next = asSettings(a.data);
    setSettings(next ?? before);
    setProfileNote(a.ok ? m.account_profile_saved({}, o) : a.message);
  }

  async function changePassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setPassword({ busy: true, message: '', ok: false, errors: {} });
    const a = await callAccount('password', locale, formOf({ current: String(data.get('current') ?? ''), password: String(data.get('password') ?? '') }));
    if (a.ok) form.reset();
    setPassword({ busy: false, ok: a.ok, message: a.ok ? m.account_password_changed({}, o) : a.message, errors: a.errors });
  }

  async function signOutEverywhere() {
    setEverywhere({ busy: true, message: '' });
    const a = await callAccount('logout-all', locale);
    if (a.ok || a.status === 401) {
      applySignedOut();
      return;
    }
    setEverywhere({ busy: false, message: a.message });
  }

  const myPage = settings ? route('user-u-id', locale, { id: settings.memberId }) : null;

  return (
    <div className="account-settings">
      <section aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">{m.account_profile_title({}, o)}</h2>
        {settings && (
          <>
            <label className="account-settings-check">
              <input type="checkbox" name="public" checked={settings.profilePublic} onChange={(e) => void toggleProfile(e.currentTarget.checked)} />
              <span>{m.account_profile_public_label({}, o)}</span>
            </label>
            <p>
              {settings.profilePublic && myPage ? (
                <a className="account-panel-link" href={myPage}>
                  {m.account_page_my_page({}, o)}
                </a>
              ) : (
                m.account_profile_private_note({}, o)
              )}
            </p>
          </>
        )}
        <p role="status" className="account-settings-status">
          {profileNote}
        </p>
      </section>

      <section aria-labelledby="account-password-title">
        <h2 id="account-password-title">{m.account_password_title({}, o)}</h2>
        <form className="account-settings-form" onSubmit={(e) => void changePassword(e)} noValidate>
          <FormField label={m.account_label_current_password({}, o)} name="current" type="password" autoComplete="current-password" required error={password.errors['current']?.[0]} />
          <FormField
            label={m.account_label_new_password({}, o)}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={m.account_password_hint({ min: '8' }, o)}
            error={password.errors['password']?.[0]}
          />
          <button type="submit" className="account-panel-primary" disabled={password.busy}>
            {password.busy ? m.account_sending({}, o) : m.account_password_submit({}, o)}
          </button>
          <p role="status" className={password.ok ? 'account-settings-status' : 'account-settings-status account-settings-error'}>
            {password.message}
          </p>
        </form>
      </section>

      <section aria-labelledby="account-everywhere-title">
        <h2 id="account-everywhere-title">{m.account_logout_all_title({}, o)}</h2>
        <p>{m.account_logout_all_text({}, o)}</p>
        <button type="button" className="account-panel-secondary" disabled={everywhere.busy} onClick={() => void signOutEverywhere()}>
          {m.account_logout_all_submit({}, o)}
        </button>
        <p role="status" className="account-settings-status account-settings-error">
          {everywhere.message}
        </p>
      </section>
    </div>
  );
}
