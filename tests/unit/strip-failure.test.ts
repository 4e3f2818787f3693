/**
 * The live strip after a stream error (src/islands/player/strip-failure.ts):
 * it steps aside until a retry; an error of the stream (online) is retried
 * 30 s later, at the next navigation or when the connection comes back, an
 * error of the network (offline) only when the connection comes back. Until
 * this was split out, the strip's error handler marked both alike, so an
 * error offline was retried every 30 s while still offline.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRIP_RETRY_MS, stripFailure, type StripFailureEnv, type StripFailureKind } from '../../src/islands/player/strip-failure.ts';

function setUp(online: boolean) {
  const network = new EventTarget();
  const navigation = new EventTarget();
  const state = { online };
  const env: StripFailureEnv = {
    isOnline: () => state.online,
    network,
    navigation,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  const changes: (StripFailureKind | null)[] = [];
  let retries = 0;
  const failure = stripFailure(env, (f) => changes.push(f), () => retries++);
  return {
    failure,
    changes,
    retries: () => retries,
    goOnline: () => {
      state.online = true;
      network.dispatchEvent(new Event('online'));
    },
    navigate: () => navigation.dispatchEvent(new Event('astro:after-swap')),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the live strip after a stream error', () => {
  it('offline: steps aside and waits for the connection, not for a timer or a navigation', () => {
    const s = setUp(false);
    s.failure.report();
    expect(s.failure.failed).toBe('network');
    expect(s.changes).toEqual(['network']);
    vi.advanceTimersByTime(STRIP_RETRY_MS * 3);
    s.navigate();
    expect(s.retries()).toBe(0);
    expect(s.failure.failed).toBe('network');
    s.goOnline();
    expect(s.retries()).toBe(1);
    expect(s.failure.failed).toBeNull();
    expect(s.changes).toEqual(['network', null]);
  });

  it('online: retries 30 s later, once', () => {
    const s = setUp(true);
    s.failure.report();
    expect(s.failure.failed).toBe('stream');
    vi.advanceTimersByTime(STRIP_RETRY_MS - 1);
    expect(s.retries()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(s.retries()).toBe(1);
    expect(s.changes).toEqual(['stream', null]);
    // Nothing left waiting: no second retry.
    s.navigate();
    s.goOnline();
    vi.advanceTimersByTime(STRIP_RETRY_MS);
    expect(s.retries()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['at the next navigation', (s: ReturnType<typeof setUp>) => s.navigate()],
    ['when the connection comes back', (s: ReturnType<typeof setUp>) => s.goOnline()],
  ])('online: retries %s, before the 30 s', (_name, trigger) => {
    const s = setUp(true);
    s.failure.report();
    trigger(s);
    expect(s.retries()).toBe(1);
    expect(s.failure.failed).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a second error while stepped aside changes nothing; a new one after a retry steps aside again', () => {
    const s = setUp(true);
    s.failure.report();
    s.failure.report();
    expect(s.changes).toEqual(['stream']);
    vi.advanceTimersByTime(STRIP_RETRY_MS);
    s.failure.report();
    expect(s.changes).toEqual(['stream', null, 'stream']);
  });

  it('stops waiting when the strip leaves the page', () => {
    const s = setUp(true);
    s.failure.report();
    s.failure.stop();
    vi.advanceTimersByTime(STRIP_RETRY_MS);
    s.navigate();
    s.goOnline();
    expect(s.retries()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
