/**
 * Signing in to the desk (docs/desk.md "Signing in"): e-mail and password,
 * then the second factor (a TOTP code or a recovery code) for whoever has
 * it; the set-up of two-factor (a QR code, the first code, ten recovery
 * codes shown once) for editors and admins who have none yet; and the
 * welcome screen of a one-time sign-in link (choose a password).
 */
import { LOCALE_CONFIG, otherLocale, type Locale } from '../../i18n/locales.ts';
import { useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError } from '../api.ts';
import { setDeskLocale, useLocale } from '../i18n.ts';
import { navigate } from '../router.tsx';
import { useSession, type Session } from '../session.tsx';
import { Button, Notice, ScreenTitle, TextField } from '../ui.tsx';

type Failure = { message: string; errors: Record<string, string[]> } | null;

function failureOf(error: unknown): Failure {
  if (error instanceof DeskApiError) return { message: error.message, errors: error.errors };
  return { message: m.desk_err_500(), errors: {} };
}

/** A form's sending: busy while it runs, and what the server refused, for the fields. */
function useSending() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const send = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, send };
}

export function LanguageSwitch() {
  const locale = useLocale();
  const other = otherLocale(locale);
  return (
    <Button kind="quiet" lang={other} onClick={() => setDeskLocale(other)}>
      {LOCALE_CONFIG[other].name}
    </Button>
  );
}

/** E-mail and password; then the second factor when due. `onDone` gets the session that follows. */
export function SignInForm({ onDone }: { onDone: (s: Session) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, failure, send } = useSending();
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void send(async () => onDone(await api<Session>('POST', '/api/desk/session', { email, password })));
  };
  return (
    <form onSubmit={submit} noValidate>
      {failure && <Notice kind="error">{failure.message}</Notice>}
      <TextField label={m.desk_email()} type="email" autoComplete="username" dir="ltr" required value={email} onChange={(e) => setEmail(e.target.value)} errors={failure?.errors.email} />
      <TextField label={m.desk_password()} type="password" autoComplete="current-password" dir="ltr" required value={password} onChange={(e) => setPassword(e.target.value)} errors={failure?.errors.password} />
      <Button kind="primary" type="submit" disabled={busy}>
        {m.desk_sign_in()}
      </Button>
    </form>
  );
}

export function SecondFactorForm({ onDone }: { onDone: (s: Session) => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const { busy, failure, setFailure, send } = useSending();
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void send(async () => onDone(await api<Session>('POST', '/api/desk/session/second-factor', recovery ? { recoveryCode: code } : { code })));
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>{recovery ? m.desk_recovery_intro() : m.desk_totp_intro()}</p>
      {failure && <Notice kind="error">{failure.message}</Notice>}
      <TextField
        label={recovery ? m.desk_recovery_code() : m.desk_totp_code()}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        dir="ltr"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        errors={failure?.errors.code ?? failure?.errors.recoveryCode}
      />
      <div className="actions">
        <Button kind="primary" type="submit" disabled={busy}>
          {m.desk_verify()}
        </Button>
        <Button kind="quiet" onClick={() => (setRecovery(!recovery), setCode(''), setFailure(null))}>
          {recovery ? m.desk_use_totp() : m.desk_use_recovery()}
        </Button>
      </div>
    </form>
  );
}

/** Ten recovery codes, shown once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="recovery-codes">
      <p>{m.desk_recovery_codes_intro()}</p>
      <ol dir="ltr" lang="en">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TwoFactorSetup({ onDone }: { onDone: (s: Session) => void }) {
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const { busy, failure, setFailure, send } = useSending();
  const [result, setResult] = useState<{ session: Session; recoveryCodes: string[] } | null>(null);
  useEffect(() => {
    api<{ secret: string; qrSvg: string; uri: string }>('POST', '/api/desk/two-factor/setup')
      .then(setSetup)
      .catch((error: unknown) => setFailure(failureOf(error)));
  }, []);
  const confirm = (e: SubmitEvent) => {
    e.preventDefault();
    void send(async () => setResult(await api<{ session: Session; recoveryCodes: string[] }>('POST', '/api/desk/two-factor/confirm', { code })));
  };
  if (result) {
    return (
      <div className="stack">
        <Notice kind="success">{m.desk_two_factor_on()}</Notice>
        <RecoveryCodes codes={result.recoveryCodes} />
        <Button kind="primary" onClick={() => onDone(result.session)}>
          {m.desk_codes_saved()}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} noValidate className="stack">
      <p>{m.desk_two_factor_intro()}</p>
      {setup && (
        <div className="totp-setup">
          <img className="qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt={m.desk_qr_alt()} width={200} height={200} />
          <p>
            {m.desk_secret_text()} <code dir="ltr" data-secret>{setup.secret}</code>
          </p>
        </div>
      )}
      {failure && <Notice kind="error">{failure.message}</Notice>}
      <TextField label={m.desk_totp_code()} inputMode="numeric" autoComplete="one-time-code" dir="ltr" required value={code} onChange={(e) => setCode(e.target.value)} errors={failure?.errors.code} />
      <Button kind="primary" type="submit" disabled={busy || !setup}>
        {m.desk_two_factor_confirm()}
      </Button>
    </form>
  );
}

/** The screens before the desk: sign-in, second factor, two-factor set-up. */
export function SignInScreen() {
  const { session, apply } = useSession();
  const step = session?.step ?? 'signed-out';
  return (
    <main className="sign-in" id="main">
      <div className="sign-in-card">
        <div className="sign-in-head">
          <p className="brand">{m.desk_name()}</p>
          <LanguageSwitch />
        </div>
        <ScreenTitle>{step === 'second-factor' ? m.desk_second_factor_title() : step === 'setup' ? m.desk_two_factor_title() : m.desk_sign_in_title()}</ScreenTitle>
        {step === 'second-factor' ? <SecondFactorForm onDone={apply} /> : step === 'setup' ? <TwoFactorSetup onDone={apply} /> : <SignInForm onDone={apply} />}
      </div>
    </main>
  );
}

/** /desk/welcome#<token>: a one-time sign-in link; the person chooses a password. */
export function WelcomeScreen() {
  const { apply } = useSession();
  const [token] = useState(() => window.location.hash.slice(1));
  const [link, setLink] = useState<{ name: string; email: string; locale: Locale; twoFactor: boolean } | null>(null);
  const { busy, failure, setFailure, send } = useSending();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  useEffect(() => {
    // The token leaves the address bar (and the history) at once.
    history.replaceState(null, '', '/desk/welcome');
    api<{ name: string; email: string; locale: Locale; twoFactor: boolean }>('POST', '/api/desk/link/check', { token })
      .then((l) => {
        // The desk opens in the language chosen for the person.
        setDeskLocale(l.locale);
        setLink(l);
      })
      .catch((error: unknown) => setFailure(failureOf(error)));
  }, [token]);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (password !== again) {
      setFailure({ message: m.desk_err_422(), errors: { again: [m.desk_passwords_differ()] } });
      return;
    }
    void send(async () => {
      apply(await api<Session>('POST', '/api/desk/link', { token, password }));
      navigate('/desk', { replace: true });
    });
  };
  return (
    <main className="sign-in" id="main">
      <div className="sign-in-card">
        <div className="sign-in-head">
          <p className="brand">{m.desk_name()}</p>
          <LanguageSwitch />
        </div>
        <ScreenTitle>{m.desk_welcome_title()}</ScreenTitle>
        {failure && !link && <Notice kind="error">{failure.message}</Notice>}
        {link && (
          <form onSubmit={submit} noValidate className="stack">
            <p>
              {m.desk_welcome_text({ name: link.name })}{' '}
              <bdi dir="ltr">{link.email}</bdi>
            </p>
            <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
            {link.twoFactor && <p className="hint">{m.desk_welcome_two_factor()}</p>}
            {failure && <Notice kind="error">{failure.message}</Notice>}
            <TextField label={m.desk_new_password()} type="password" autoComplete="new-password" dir="ltr" required minLength={12} value={password} onChange={(e) => setPassword(e.target.value)} hint={m.desk_password_hint()} errors={failure?.errors.password} />
            <TextField label={m.desk_new_password_again()} type="password" autoComplete="new-password" dir="ltr" required value={again} onChange={(e) => setAgain(e.target.value)} errors={failure?.errors.again} />
            <Button kind="primary" type="submit" disabled={busy}>
              {m.desk_welcome_submit()}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
