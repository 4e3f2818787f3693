/**
 * The account popup (docs/product.md, Overlays): sign-in, sign-up or sign-out confirmation,
 * following `$authOverlay` {type, state}. A native modal <dialog>
 * (showModal: the page behind is inert), labelled by its title, at most
 * 550 px wide; Tab and Shift+Tab cycle inside it; Escape and the close
 * button turn the overlay off; focus returns to the control that opened it.
 *
 * Loaded on demand by the account button (dynamic import): the article
 * page's JavaScript budget only carries the button.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useStore } from '../../stores/use-store.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $authOverlay, closeAuth } from '../../stores/auth.ts';
import * as m from '../../paraglide/messages.js';
import type { FacebookSettings } from './facebook-sdk.ts';
import { LogoutConfirm } from './LogoutConfirm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import './auth.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el.getClientRects().length === 0) return false;
    // Of a radio group, Tab reaches only the checked one (or the first).
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const group = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${el.name}"]`)];
      return el === (group.find((r) => r.checked) ?? group[0]);
    }
    return true;
  });
}

function focusFirstField(dialog: HTMLDialogElement): void {
  const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0];
  target?.focus();
}

export default function AuthDialog({ locale, facebook }: { locale: Locale; facebook: FacebookSettings | null }) {
  const o = { locale };
  const overlay = useStore($authOverlay);
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (overlay.state && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      dialog.showModal();
      focusFirstField(dialog);
    } else if (!overlay.state && dialog.open) {
      dialog.close();
    }
  }, [overlay.state]);

  // Switching between sign-in and sign-up: focus the new form's first field.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog?.open) focusFirstField(dialog);
  }, [overlay.type]);

  function onClose() {
    // The close event comes in a later task: if the popup was opened again meanwhile, it is stale.
    if (ref.current?.open) return;
    if ($authOverlay.get().state) closeAuth();
    const back = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('#account-slot button');
    opener.current = null;
    back?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !ref.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  const title =
    overlay.type === 'signup' ? m.account_signup_title({}, o) : overlay.type === 'logout' ? m.account_logout_title({}, o) : m.account_signin_title({}, o);

  return (
    <dialog ref={ref} className="auth-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onCancel={closeAuth} onClose={onClose} onKeyDown={onKeyDown}>
      <div className="auth-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="auth-close" onClick={closeAuth} aria-label={m.account_close({}, o)} title={m.account_close({}, o)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {overlay.state &&
        (overlay.type === 'signup' ? (
          <SignUpForm locale={locale} facebook={facebook} />
        ) : overlay.type === 'logout' ? (
          <LogoutConfirm locale={locale} />
        ) : (
          <SignInForm locale={locale} facebook={facebook} />
        ))}
    </dialog>
  );
}
