/**
 * What the live strip does when its stream fails (LiveStrip.island.tsx):
 * it steps aside (the live page stays a click away in the menus) until a
 * retry, and what brings the retry depends on what failed:
 *  - the stream or its engine (the browser is online): 30 s later, at the
 *    next navigation, or when the connection comes back, whichever comes
 *    first;
 *  - the network (the browser is offline): once the connection comes back,
 *    not before (a retry offline could only fail again), with the same
 *    engine.
 * A retry forgets the attached stream, so the strip attaches it anew.
 *
 * Browser only; the browser's pieces are injectable for tests.
 */

/** After a stream error, the strip tries again after this long (or at the next navigation). */
export const STRIP_RETRY_MS = 30_000;

export interface StripFailureEnv {
  /** navigator.onLine. */
  isOnline: () => boolean;
  /** Where `online` fires (window). */
  network: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where `astro:after-swap` fires after a client navigation (document). */
  navigation: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export function browserFailureEnv(): StripFailureEnv {
  return {
    isOnline: () => navigator.onLine !== false,
    network: window,
    navigation: document,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
}

/** Why the strip stepped aside: its stream (or engine), or the network. */
export type StripFailureKind = 'stream' | 'network';

export interface StripFailure {
  /** A fatal stream error now: the strip steps aside until a retry (a second report while failed changes nothing). */
  report(): void;
  /** Whether the strip is stepped aside, and why. */
  readonly failed: StripFailureKind | null;
  /** Stops waiting for a retry (the strip leaves the page). */
  stop(): void;
}

/**
 * A strip's failure state. `onChange` hears every change (the kind, or
 * null when a retry comes), `onRetry` each retry (before `onChange`).
 */
export function stripFailure(env: StripFailureEnv, onChange: (failed: StripFailureKind | null) => void, onRetry: () => void): StripFailure {
  let failed: StripFailureKind | null = null;
  let stopWaiting: () => void = () => {};

  const retry = () => {
    stopWaiting();
    stopWaiting = () => {};
    failed = null;
    onRetry();
    onChange(null);
  };

  const waitFor = (kind: StripFailureKind) => {
    env.network.addEventListener('online', retry);
    if (kind === 'network') {
      stopWaiting = () => env.network.removeEventListener('online', retry);
      return;
    }
    const timer = env.setTimeout(retry, STRIP_RETRY_MS);
    env.navigation.addEventListener('astro:after-swap', retry);
    stopWaiting = () => {
      env.clearTimeout(timer);
      env.network.removeEventListener('online', retry);
      env.navigation.removeEventListener('astro:after-swap', retry);
    };
  };

  return {
    report() {
      if (failed) return;
      failed = env.isOnline() ? 'stream' : 'network';
      waitFor(failed);
      onChange(failed);
    },
    get failed() {
      return failed;
    },
    stop() {
      stopWaiting();
      stopWaiting = () => {};
    },
  };
}
