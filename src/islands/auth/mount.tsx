/**
 * Mounts the account popup (./AuthDialog.tsx) in the top bar's host
 * (`[data-auth-dialog-host]`, AccountButton.astro) the first time it is
 * wanted ($authOverlay opened by the account button or another island):
 * this module, the popup and React load only then
 * (src/components/layout/behaviour/account.ts).
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales.ts';
import AuthDialog from './AuthDialog.tsx';
import type { FacebookSettings } from './facebook-sdk.ts';

let root: Root | undefined;
let mountedIn: HTMLElement | undefined;

/** Renders the popup in `host` (once per host: a host replaced by a navigation gets a new root). */
export function mountAuthDialog(host: HTMLElement, props: { locale: Locale; facebook: FacebookSettings | null }): void {
  if (mountedIn === host && host.isConnected) return;
  root?.unmount();
  root = createRoot(host);
  mountedIn = host;
  root.render(<AuthDialog {...props} />);
}
