/**
 * The browser's side of Web Push (ADR 007), for the prompt (./PushPrompt.tsx)
 * and the shell's gate that decides when to load it
 * (src/components/layout/behaviour/push-gate.ts); loaded only by them, on
 * demand:
 *
 *  - `subscribeToPush(locale)`: asks the permission, registers /sw.js
 *    (scope /), subscribes with the site's VAPID key and stores the
 *    subscription on the server with the page's language;
 *  - `isSubscribed()`: a subscription already exists in this browser;
 *  - `refreshSubscription(locale)`: once per visit, for a browser that
 *    accepted before: keeps /sw.js current and the server's copy of the
 *    subscription up to date (re-subscribing when the site's key changed
 *    or the subscription vanished while the permission stayed granted).
 *
 * The service worker is registered only once the visitor accepts: a
 * visitor who never does gets none.
 */
import { apiRequest } from '../../lib/api-client.ts';
import { toLocale, type Locale } from '../../i18n/locales.ts';

const SERVICE_WORKER_URL = '/sw.js';
const SCOPE = '/';
/** localStorage: the language the visitor subscribed in (their notifications' language). */
const PUSH_LANG_KEY = 'pushLang';

function rememberedLang(fallback: Locale): Locale {
  try {
    const v = localStorage.getItem(PUSH_LANG_KEY);
    return toLocale(v, fallback);
  } catch {
    return fallback;
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

async function serverKey(locale: Locale): Promise<Uint8Array<ArrayBuffer>> {
  const answer = await apiRequest<{ publicKey?: unknown }>('/api/push/key', { locale, minDelayMs: 0 });
  if (typeof answer?.publicKey !== 'string') throw new Error('no push key from /api/push/key');
  return keyBytes(answer.publicKey);
}

async function register(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE });
  // `ready`: the registration once its worker is active (subscribing needs one).
  return navigator.serviceWorker.ready;
}

async function store(subscription: PushSubscription, locale: Locale): Promise<void> {
  const json = subscription.toJSON();
  await apiRequest('/api/push/subscribe', {
    locale,
    minDelayMs: 0,
    body: { endpoint: json.endpoint ?? subscription.endpoint, keys: json.keys ?? {}, lang: locale },
  });
}

export type SubscribeOutcome = 'subscribed' | 'denied';

/** The visitor accepted the prompt: permission, service worker, subscription, server. Rejects on failure. */
export async function subscribeToPush(locale: Locale): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const [key, registration] = await Promise.all([serverKey(locale), register()]);
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing && sameBytes(existing.options.applicationServerKey, key)
      ? existing
      : await (async () => {
          await existing?.unsubscribe();
          return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        })();
  await store(subscription, locale);
  try {
    localStorage.setItem(PUSH_LANG_KEY, locale);
  } catch {
    // Storage refused (private mode): the next refresh uses the page's language.
  }
  return 'subscribed';
}

/** True when this browser already has a push subscription for the site. */
export async function isSubscribed(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  if (!registration) return false;
  return (await registration.pushManager.getSubscription()) !== null;
}

/**
 * For a browser that accepted before (permission granted, service worker
 * registered): updates the worker, and sends the subscription to the server
 * again, a new one if the site's key changed or it vanished, in the
 * language the visitor subscribed in.
 */
export async function refreshSubscription(pageLocale: Locale): Promise<void> {
  if (Notification.permission !== 'granted') return;
  const locale = rememberedLang(pageLocale);
  const existing = await navigator.serviceWorker.getRegistration(SCOPE);
  if (!existing) return;
  const [key, registration] = await Promise.all([serverKey(locale), register()]);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await store(subscription, locale);
}
