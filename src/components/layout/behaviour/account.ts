/**
 * The top bar's account button (AccountButton.astro, docs/product.md,
 * Header) without React at load (ADR 014): the signed-in visitor's name
 * (stored in the browser, $nameUser) replaces "Se connecter" at once, the
 * session is checked with the server at idle (restoreSession), and a press
 * opens the popup: the sign-out confirmation when signed in, else sign-in.
 * The popup (src/islands/auth/mount.tsx, React) loads on the first hover or
 * focus of the button and mounts the first time $authOverlay opens, from
 * here or from another island (the account panel, the comments). A
 * navigation never lands on a page with the popup still open.
 */
import { pageLocale } from '../../../i18n/locales.ts';
import { whenIdle } from '../../../lib/idle.ts';
import * as m from '../../../paraglide/messages.js';
import { $authOverlay, closeAuth, openAuth } from '../../../stores/auth.ts';
import { $nameUser } from '../../../stores/session.ts';
import type { FacebookSettings } from '../../../islands/auth/facebook-sdk.ts';

const BUTTON = '#account-slot .account-button';
const loadDialog = () => import('../../../islands/auth/mount.tsx');

/** The button says who is signed in (its text, tooltip and accessible name), else "Se connecter". */
function draw(): void {
  const button = document.querySelector<HTMLButtonElement>(BUTTON);
  if (!button) return;
  const o = { locale: pageLocale() };
  const name = $nameUser.get();
  const text = name || m.account_button_signin({}, o);
  const label = button.querySelector('.account-button-text');
  if (label && label.textContent !== text) label.textContent = text;
  button.title = text;
  if (name) button.setAttribute('aria-label', m.account_button_user_label({ name }, o));
  else button.removeAttribute('aria-label');
  button.dataset['ready'] = '';
}

function facebookSettings(slot: HTMLElement | null): FacebookSettings | null {
  try {
    const value = JSON.parse(slot?.dataset['facebook'] ?? 'null') as FacebookSettings | null;
    return value && typeof value.appId === 'string' && typeof value.version === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The popup's host on this page gets the popup (once); it opens from $authOverlay. */
function mountDialog(): void {
  const host = document.querySelector<HTMLElement>('#account-slot [data-auth-dialog-host]');
  if (!host) return;
  const facebook = facebookSettings(host.closest<HTMLElement>('#account-slot'));
  loadDialog()
    .then(({ mountAuthDialog }) => mountAuthDialog(host, { locale: pageLocale(), facebook }))
    .catch((error: unknown) => {
      console.warn('account popup not loaded', error);
      closeAuth();
    });
}

function fetchAhead(event: Event): void {
  if (event.target instanceof Element && event.target.closest(BUTTON)) void loadDialog().catch(() => {});
}

document.addEventListener('pointerover', fetchAhead, { passive: true });
document.addEventListener('focusin', fetchAhead);
document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element) || !event.target.closest(BUTTON)) return;
  openAuth($nameUser.get() ? 'logout' : 'signin');
});
$authOverlay.subscribe((overlay) => {
  if (overlay.state) mountDialog();
});
$nameUser.listen(draw);
document.addEventListener('astro:before-swap', () => closeAuth());
document.addEventListener('astro:page-load', draw);
// This module itself loads once the page is idle; its start is a task of its own (./when-idle.ts).
whenIdle(() => {
  draw();
  void import('../../../islands/auth/session-client.ts').then(({ restoreSession }) => restoreSession(pageLocale()));
});
