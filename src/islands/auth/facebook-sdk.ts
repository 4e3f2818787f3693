/**
 * The Facebook JavaScript SDK, loaded only when social login is configured
 * and a sign-in or sign-up popup opens. docs/product.md, Accounts and forms: the SDK is polled once per
 * second until ready. What it gives the page is only an access token; the
 * server verifies it with the Graph API (docs/product.md, Accounts and forms) and never trusts a
 * profile sent from here.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

export interface FacebookSettings {
  appId: string;
  version: string;
}

interface AuthResponse {
  accessToken?: string;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; status?: boolean }): void;
  login(callback: (response: { status?: string; authResponse?: AuthResponse | null }) => void, options?: { scope: string }): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SDK_ID = 'facebook-jssdk';
const POLL_MS = 1000;
const MAX_POLLS = 15;

let ready: Promise<FacebookSdk> | undefined;

/** Loads (once) and initialises the SDK; rejects when it never becomes ready. */
export function loadFacebookSdk(settings: FacebookSettings, locale: Locale): Promise<FacebookSdk> {
  ready ??= new Promise<FacebookSdk>((resolve, reject) => {
    if (!window.FB && !document.getElementById(SDK_ID)) {
      const script = document.createElement('script');
      script.id = SDK_ID;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.src = `https://connect.facebook.net/${LOCALE_CONFIG[locale].facebookSdk}/sdk.js`;
      document.head.append(script);
    }
    let polls = 0;
    const poll = () => {
      const fb = window.FB;
      if (fb) {
        fb.init({ appId: settings.appId, version: settings.version, cookie: false, xfbml: false, status: false });
        resolve(fb);
      } else if (++polls >= MAX_POLLS) {
        reject(new Error('Facebook SDK did not load'));
      } else {
        setTimeout(poll, POLL_MS);
      }
    };
    poll();
  }).catch((error: unknown) => {
    ready = undefined; // let a later click try again
    throw error;
  });
  return ready;
}

/** Opens Facebook's login window; the access token, or null when the person cancelled. */
export function facebookLogin(fb: FacebookSdk): Promise<string | null> {
  return new Promise((resolve) => {
    fb.login((response) => resolve(response.authResponse?.accessToken ?? null), { scope: 'public_profile,email' });
  });
}
