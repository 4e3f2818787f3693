/**
 * Who is signed in to the desk (GET /api/desk/session), shared by every
 * screen. When the server answers 401 to a signed-in person (the session
 * ended: 12 hours idle, signed out elsewhere, disabled), `expired` is set:
 * the application opens the sign-in dialog over the screen, which keeps its
 * work, instead of leaving it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, onSignedOut, setCsrf } from './api.ts';
import { setDeskLocale } from './i18n.ts';
import type { Locale } from '../i18n/locales.ts';

export type Role = 'journalist' | 'editor' | 'admin';

export interface Person {
  id: number;
  email: string;
  name: string;
  role: Role;
  locale: Locale;
  twoFactor: boolean;
  active: boolean;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface Session {
  step: 'signed-out' | 'second-factor' | 'setup' | 'signed-in';
  person: Person | null;
  csrf: string | null;
  recoveryCodesLeft: number | null;
}

interface SessionState {
  session: Session | null;
  /** The session ended while a screen was open. */
  expired: boolean;
  apply: (s: Session) => void;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [expired, setExpired] = useState(false);

  const apply = useCallback((s: Session) => {
    setCsrf(s.csrf);
    if (s.person) setDeskLocale(s.person.locale);
    setSession(s);
    if (s.step === 'signed-in') setExpired(false);
  }, []);

  const refresh = useCallback(async () => {
    apply(await api<Session>('GET', '/api/desk/session'));
  }, [apply]);

  useEffect(() => {
    void refresh().catch(() => setSession({ step: 'signed-out', person: null, csrf: null, recoveryCodesLeft: null }));
  }, [refresh]);

  useEffect(
    () =>
      onSignedOut(() => {
        setCsrf(null);
        setExpired(true);
      }),
    [],
  );

  const value = useMemo(() => ({ session, expired, apply, refresh }), [session, expired, apply, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The signed-in person (screens behind the sign-in only). */
export function usePerson(): Person {
  const { session } = useSession();
  if (!session?.person) throw new Error('no person signed in');
  return session.person;
}
