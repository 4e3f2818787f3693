/**
 * Connectivity (docs/product.md, States: "online or offline, following browser events").
 *
 * `$connectivity` is `online`, `offline`, or `restored` for a short while
 * (RESTORED_SHOWN_MS) after the connection came back, then `online` again.
 * `watchConnectivity()` starts following the browser's `online` / `offline`
 * events (and `navigator.onLine` at start); it is reference-counted, so any
 * number of islands may watch, the listeners are installed once.
 *
 * Browser only: nothing here is set during server rendering.
 */
import { atom } from 'nanostores';

export type ConnectivityState = 'online' | 'offline' | 'restored';

/** How long "back online" stays shown. */
export const RESTORED_SHOWN_MS = 4000;

export const $connectivity = atom<ConnectivityState>('online');

/** The browser pieces the watcher needs (injectable for tests). */
export interface ConnectivityEnv {
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isOnline: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

let watchers = 0;
let stop: (() => void) | undefined;

function browserEnv(): ConnectivityEnv {
  return {
    target: window,
    isOnline: () => navigator.onLine !== false,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
}

function start(env: ConnectivityEnv): () => void {
  let timer: unknown;
  const clear = () => {
    if (timer !== undefined) env.clearTimeout(timer);
    timer = undefined;
  };
  const offline = () => {
    clear();
    $connectivity.set('offline');
  };
  const online = () => {
    clear();
    // Only a connection that was lost comes "back".
    if ($connectivity.get() !== 'offline') return;
    $connectivity.set('restored');
    timer = env.setTimeout(() => {
      timer = undefined;
      if ($connectivity.get() === 'restored') $connectivity.set('online');
    }, RESTORED_SHOWN_MS);
  };
  env.target.addEventListener('offline', offline);
  env.target.addEventListener('online', online);
  if (!env.isOnline()) offline();
  return () => {
    clear();
    env.target.removeEventListener('offline', offline);
    env.target.removeEventListener('online', online);
  };
}

/** The sentence shown for a state, from the note's two sentences ('' while online). */
export function connectivityText(state: ConnectivityState, texts: { offline?: string | undefined; online?: string | undefined }): string {
  if (state === 'offline') return texts.offline ?? '';
  if (state === 'restored') return texts.online ?? '';
  return '';
}

/** Follows the browser's connectivity; returns the function that stops watching. */
export function watchConnectivity(env?: ConnectivityEnv): () => void {
  if (!env && typeof window === 'undefined') return () => {};
  watchers += 1;
  if (watchers === 1) stop = start(env ?? browserEnv());
  let done = false;
  return () => {
    if (done) return;
    done = true;
    watchers -= 1;
    if (watchers === 0) {
      stop?.();
      stop = undefined;
    }
  };
}
