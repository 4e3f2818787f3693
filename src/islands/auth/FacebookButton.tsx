/**
 * "Continuer avec Facebook": shown only when social login is configured.
 * The SDK is fetched when the popup opens (preload), so the click can open
 * Facebook's window at once (no popup blocker); the access token goes to
 * /api/account/auth-fb, which verifies it with the Graph API.
 */
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { closeAuth } from '../../stores/auth.ts';
import * as m from '../../paraglide/messages.js';
import { callAccount, formOf } from './api.ts';
import { facebookLogin, loadFacebookSdk, type FacebookSettings } from './facebook-sdk.ts';
import { applySignedIn } from './session-client.ts';

export function FacebookButton({ locale, settings, onError }: { locale: Locale; settings: FacebookSettings; onError: (message: string) => void }) {
  const o = { locale };
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadFacebookSdk(settings, locale).catch(() => {
      // Reported on click, when it matters.
    });
  }, [settings, locale]);

  async function onClick() {
    if (busy) return;
    setBusy(true);
    onError('');
    try {
      const token = await facebookLogin(await loadFacebookSdk(settings, locale));
      if (!token) return; // cancelled in Facebook's window: nothing to say
      const answer = await callAccount('auth-fb', locale, formOf({ accessToken: token }));
      if (answer.ok && answer.user) {
        applySignedIn(answer.user);
        closeAuth();
      } else {
        onError(answer.message);
      }
    } catch {
      onError(m.account_facebook_unreachable({}, o));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="auth-or">
        <span>{m.account_or({}, o)}</span>
      </p>
      <button type="button" className="auth-facebook" onClick={onClick} disabled={busy}>
        {m.account_facebook_button({}, o)}
      </button>
    </>
  );
}
