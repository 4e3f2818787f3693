/**
 * The desk's shell (ADR 033): the sign-in screens until a person is signed
 * in, then the header (navigation by role, language, the person, sign-out)
 * and the screen of the address. A new screen is one entry of `SCREENS`
 * (with the roles that see it); the navigation follows the table.
 *
 * When the session ends under an open screen, the sign-in dialog opens over
 * it: the screen and its work stay where they are.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import * as m from '../paraglide/messages.js';
import { api, setCsrf } from './api.ts';
import { Link, match, navigate, usePath } from './router.tsx';
import { SessionProvider, useSession, type Role, type Session } from './session.tsx';
import { Dialog, roleLabel } from './ui.tsx';
import { LanguageSwitch, SecondFactorForm, SignInForm, SignInScreen, WelcomeScreen } from './screens/SignIn.tsx';
import { useLocale } from './i18n.ts';

const StoriesScreen = lazy(() => import('./screens/Stories.tsx'));
const StoryScreen = lazy(() => import('./screens/Story.tsx'));
const MediaScreen = lazy(() => import('./screens/Media.tsx'));
const FrontScreen = lazy(() => import('./screens/Front.tsx'));
const DossierList = lazy(() => import('./screens/Dossiers.tsx').then((x) => ({ default: x.DossierList })));
const DossierScreen = lazy(() => import('./screens/Dossiers.tsx').then((x) => ({ default: x.DossierScreen })));
const PageList = lazy(() => import('./screens/Pages.tsx').then((x) => ({ default: x.PageList })));
const PageScreen = lazy(() => import('./screens/Pages.tsx').then((x) => ({ default: x.PageScreen })));
const PeopleScreen = lazy(() => import('./screens/People.tsx'));
const AuditScreen = lazy(() => import('./screens/Audit.tsx'));
const TokensScreen = lazy(() => import('./screens/Tokens.tsx'));
const AccountScreen = lazy(() => import('./screens/Account.tsx'));
const StarlightList = lazy(() => import('./screens/Starlight.tsx').then((x) => ({ default: x.StarlightList })));
const StarlightEditor = lazy(() => import('./screens/Starlight.tsx').then((x) => ({ default: x.StarlightEditor })));
const CastingCallEditor = lazy(() => import('./screens/Starlight.tsx').then((x) => ({ default: x.CastingCallEditor })));
const BannersScreen = lazy(() => import('./screens/Banners.tsx'));
const ReplayList = lazy(() => import('./screens/Replays.tsx').then((x) => ({ default: x.ReplayList })));
const ReplayScreen = lazy(() => import('./screens/Replays.tsx').then((x) => ({ default: x.ReplayScreen })));
const BreakingScreen = lazy(() => import('./screens/Breaking.tsx'));
const GridScreen = lazy(() => import('./screens/Grid.tsx'));
const NewsletterScreen = lazy(() => import('./screens/Newsletter.tsx'));
const EditionScreen = lazy(() => import('./screens/Newsletter.tsx').then((s) => ({ default: s.EditionScreen })));

interface ScreenEntry {
  pattern: string;
  component: ComponentType<{ params: Record<string, string> }>;
  /** Who sees it (default everyone). */
  roles?: readonly Role[];
  /** Its place in the navigation (none: reached from another screen). */
  nav?: () => string;
}

const ADMIN: readonly Role[] = ['admin'];
/** Who curates the site (front pages, dossiers, static pages, replays, Starlight) and sends the newsletter: src/server/desk/roles.ts. */
const CURATORS: readonly Role[] = ['editor', 'admin'];

const SCREENS: readonly ScreenEntry[] = [
  { pattern: '/desk', component: StoriesScreen, nav: () => m.desk_nav_stories() },
  { pattern: '/desk/stories/:id', component: StoryScreen },
  { pattern: '/desk/front', component: FrontScreen, roles: CURATORS, nav: () => m.desk_nav_front() },
  { pattern: '/desk/dossiers', component: DossierList, roles: CURATORS, nav: () => m.desk_nav_dossiers() },
  { pattern: '/desk/dossiers/:id', component: DossierScreen, roles: CURATORS },
  { pattern: '/desk/pages', component: PageList, roles: CURATORS, nav: () => m.desk_nav_pages() },
  { pattern: '/desk/pages/:lang/:page', component: PageScreen, roles: CURATORS },
  { pattern: '/desk/replays', component: ReplayList, roles: CURATORS, nav: () => m.desk_nav_replays() },
  { pattern: '/desk/replays/new', component: ReplayScreen, roles: CURATORS },
  { pattern: '/desk/replays/:kind/:id', component: ReplayScreen, roles: CURATORS },
  { pattern: '/desk/starlight', component: StarlightList, roles: CURATORS, nav: () => m.desk_nav_starlight() },
  { pattern: '/desk/starlight/casting-call/:lang', component: CastingCallEditor, roles: CURATORS },
  { pattern: '/desk/starlight/:kind/:id', component: StarlightEditor, roles: CURATORS },
  { pattern: '/desk/media', component: MediaScreen, nav: () => m.desk_nav_media() },
  { pattern: '/desk/breaking', component: BreakingScreen, nav: () => m.desk_nav_breaking() },
  { pattern: '/desk/grid', component: GridScreen, roles: CURATORS, nav: () => m.desk_nav_grid() },
  { pattern: '/desk/newsletter', component: NewsletterScreen, roles: CURATORS, nav: () => m.desk_nav_newsletter() },
  { pattern: '/desk/newsletter/:id', component: EditionScreen, roles: CURATORS },
  { pattern: '/desk/banners', component: BannersScreen, nav: () => m.desk_nav_banners() },
  { pattern: '/desk/people', component: PeopleScreen, roles: ADMIN, nav: () => m.desk_nav_people() },
  { pattern: '/desk/audit', component: AuditScreen, roles: ADMIN, nav: () => m.desk_nav_audit() },
  { pattern: '/desk/tokens', component: TokensScreen, roles: ADMIN, nav: () => m.desk_nav_tokens() },
  { pattern: '/desk/account', component: AccountScreen, nav: () => m.desk_nav_account() },
];

function NotFound() {
  return (
    <main id="main" className="screen">
      <h1 tabIndex={-1}>{m.desk_not_found()}</h1>
      <p>
        <Link href="/desk">{m.desk_nav_stories()}</Link>
      </p>
    </main>
  );
}

function Header({ path, role, name }: { path: string; role: Role; name: string }) {
  const { apply } = useSession();
  const [open, setOpen] = useState(false);
  const signOut = async () => {
    apply(await api<Session>('DELETE', '/api/desk/session'));
    navigate('/desk');
  };
  const current = (pattern: string) => (pattern === '/desk' ? path === '/desk' || path.startsWith('/desk?') || path.startsWith('/desk/stories') : path.startsWith(pattern));
  return (
    <header className="desk-header">
      <a className="skip" href="#main">
        {m.desk_skip()}
      </a>
      <Link className="brand" href="/desk">
        {m.desk_name()}
      </Link>
      <button type="button" className="menu-toggle button button--quiet" aria-expanded={open} aria-controls="desk-nav" onClick={() => setOpen(!open)}>
        {m.desk_menu()}
      </button>
      <nav id="desk-nav" aria-label={m.desk_nav_label()} className={open ? 'open' : undefined}>
        <ul>
          {SCREENS.filter((s) => s.nav && (!s.roles || s.roles.includes(role))).map((s) => (
            <li key={s.pattern}>
              <Link href={s.pattern} aria-current={current(s.pattern) ? 'page' : undefined} onClick={() => setOpen(false)}>
                {s.nav!()}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="who">
        <span>
          {name} <span className="role">({roleLabel(role)})</span>
        </span>
        <LanguageSwitch />
        <button type="button" className="button button--quiet" onClick={() => void signOut()}>
          {m.desk_sign_out()}
        </button>
      </div>
    </header>
  );
}

/** The sign-in dialog over a screen whose session ended: its work stays. */
function SessionEnded() {
  const { session, expired, apply } = useSession();
  const [step, setStep] = useState<'password' | 'second-factor'>('password');
  const done = (s: Session) => {
    if (s.step === 'second-factor') {
      // The second step's request carries the new session's CSRF token.
      setCsrf(s.csrf);
      setStep('second-factor');
      return;
    }
    if (s.step === 'signed-in' && s.person?.id !== session?.person?.id) {
      // Someone else signed in here: the screen belongs to the other person.
      apply(s);
      navigate('/desk');
      return;
    }
    setStep('password');
    apply(s);
  };
  return (
    <Dialog open={expired && session?.step === 'signed-in'} onClose={() => {}} dismissible={false} title={m.desk_session_ended_title()}>
      <p>{m.desk_session_ended_text()}</p>
      {step === 'second-factor' ? <SecondFactorForm onDone={done} /> : <SignInForm onDone={done} />}
    </Dialog>
  );
}

function Desk() {
  const { session } = useSession();
  const path = usePath();
  useLocale();
  if (match('/desk/welcome', path)) return <WelcomeScreen />;
  if (!session) return <p className="loading">{m.desk_loading()}</p>;
  if (session.step !== 'signed-in' || !session.person) return <SignInScreen />;
  const person = session.person;
  let screen: ReactNode = <NotFound />;
  for (const s of SCREENS) {
    const params = match(s.pattern, path);
    if (!params) continue;
    if (s.roles && !s.roles.includes(person.role)) break;
    const Screen = s.component;
    screen = <Screen key={`${s.pattern}:${JSON.stringify(params)}`} params={params} />;
    break;
  }
  return (
    <>
      <Header path={path} role={person.role} name={person.name} />
      <Suspense fallback={<p className="loading">{m.desk_loading()}</p>}>{screen}</Suspense>
      <SessionEnded />
    </>
  );
}

export function App() {
  return (
    <SessionProvider>
      <Desk />
    </SessionProvider>
  );
}
