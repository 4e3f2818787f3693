/**
 * A server render leaves no store timer behind (src/stores/use-store.ts,
 * ADR 028): @nanostores/react's useStore reads a store with `get()`, and a
 * store with a lifecycle nobody listens to mounts for that read and
 * unmounts a second later through a timer, which kept the whole render
 * alive for that second. Our useStore keeps such a store mounted on the
 * server instead: same values, mounted once, no timer.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useStore as nanoUseStore } from '@nanostores/react';
import { atom, onMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../../src/stores/use-store.ts';

function counted() {
  const $value = atom('initial');
  const mounts = { count: 0 };
  onMount($value, () => {
    mounts.count++;
    $value.set('mounted');
  });
  return { $value, mounts };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useStore on the server', () => {
  it('mounts a store once and leaves no timer, where @nanostores/react leaves one per render', () => {
    vi.useFakeTimers();
    const ours = counted();
    const View = () => createElement('p', null, useStore(ours.$value));
    expect(renderToString(createElement(View))).toBe('<p>mounted</p>');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(renderToString(createElement(View))).toBe('<p>mounted</p>');
    expect(ours.mounts.count).toBe(1);
    expect(vi.getTimerCount()).toBe(0);

    // What it replaces: a timer per read, and a new mount after each second.
    const theirs = counted();
    const Theirs = () => createElement('p', null, nanoUseStore(theirs.$value));
    expect(renderToString(createElement(Theirs))).toBe('<p>mounted</p>');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2000);
    renderToString(createElement(Theirs));
    expect(theirs.mounts.count).toBe(2);
  });
});
