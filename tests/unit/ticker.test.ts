/**
 * The breaking-news ticker's pure parts (src/islands/ticker/model.ts), its
 * server render (no headline ever in pre-built HTML), the layout hint
 * script, and the connectivity store (src/stores/connectivity.ts).
 */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  rememberHint,
  revealTime,
  rovingIndex,
  safeHref,
  tickerData,
  tickerDuration,
  TICKER_HINT_ATTR,
  TICKER_HINT_KEY,
  tickerHintScript,
  TICKER_HINT_TTL_MS,
  TICKER_LOOP_SECONDS,
  TICKER_MAX_SPEED_PX_S,
} from '../../src/islands/ticker/model.ts';
import { $connectivity, connectivityText, RESTORED_SHOWN_MS, watchConnectivity, type ConnectivityEnv } from '../../src/stores/connectivity.ts';

describe('the ticker as one Tab stop', () => {
  it('moves with the arrows in the reading direction, wraps, and knows Home and End', () => {
    // French (left to right): right is next.
    expect(rovingIndex('ArrowRight', 0, 4, false)).toBe(1);
    expect(rovingIndex('ArrowLeft', 0, 4, false)).toBe(3);
    // Arabic (right to left): left is next.
    expect(rovingIndex('ArrowLeft', 0, 4, true)).toBe(1);
    expect(rovingIndex('ArrowRight', 0, 4, true)).toBe(3);
    expect(rovingIndex('ArrowDown', 3, 4, true)).toBe(0);
    expect(rovingIndex('ArrowUp', 0, 4, false)).toBe(3);
    expect(rovingIndex('Home', 2, 4, false)).toBe(0);
    expect(rovingIndex('End', 0, 4, false)).toBe(3);
    expect(rovingIndex('Tab', 0, 4, false)).toBeNull();
    expect(rovingIndex('ArrowRight', 0, 0, false)).toBeNull();
  });
});

describe('ticker data', () => {
  it('takes the title and the items with a title and a safe link', () => {
    const data = tickerData(
      {
        title: 'Urgent',
        news: [
          { title: ' Premier ', url: '/fr/economie/x' },
          { title: 'Externe', url: 'https://www.2m.ma/fr/live' },
          { title: 'Piège', url: 'javascript:alert(1)' },
          { title: 'Protocole relatif', url: '//evil.example/x' },
          { title: '', url: '/fr/vide' },
          { title: 'Sans lien' },
          null,
          'texte',
        ],
      },
      'Urgent',
    );
    expect(data).toEqual({
      title: 'Urgent',
      news: [
        { title: 'Premier', url: '/fr/economie/x' },
        { title: 'Externe', url: 'https://www.2m.ma/fr/live' },
      ],
    });
  });

  it('is null (hidden) for 204, an empty or unusable list', () => {
    expect(tickerData(null, 'عاجل')).toBeNull();
    expect(tickerData({ title: 'عاجل', news: [] }, 'عاجل')).toBeNull();
    expect(tickerData({ title: 'عاجل', news: [{ title: 'x', url: 'data:text/html,x' }] }, 'عاجل')).toBeNull();
    expect(tickerData({ title: 'عاجل' }, 'عاجل')).toBeNull();
  });

  it('falls back to the message title', () => {
    expect(tickerData({ news: [{ title: 'خبر', url: '/ar/x' }] }, 'عاجل')!.title).toBe('عاجل');
    expect(tickerData({ title: '  ', news: [{ title: 'خبر', url: '/ar/x' }] }, 'عاجل')!.title).toBe('عاجل');
  });

  it('accepts only paths and http(s) links', () => {
    expect(safeHref('/ar/x')).toBe('/ar/x');
    expect(safeHref('https://a.ma/')).toBe('https://a.ma/');
    expect(safeHref('ftp://a.ma/')).toBeNull();
    expect(safeHref('x')).toBeNull();
    expect(safeHref(3)).toBeNull();
  });
});

describe('loop duration (docs/product.md, Limits: 30 s)', () => {
  it('is 30 s up to the speed limit, longer beyond it', () => {
    expect(tickerDuration(0)).toBe(30);
    expect(tickerDuration(800)).toBe(TICKER_LOOP_SECONDS);
    expect(tickerDuration(TICKER_LOOP_SECONDS * TICKER_MAX_SPEED_PX_S)).toBe(30);
    expect(tickerDuration(TICKER_LOOP_SECONDS * TICKER_MAX_SPEED_PX_S + 1)).toBe(31);
    // At most 60 px a second: 6,000 px of headlines take 100 s a loop.
    expect(TICKER_MAX_SPEED_PX_S).toBeLessThanOrEqual(60);
    expect(tickerDuration(6000)).toBe(100);
    expect(tickerDuration(Number.NaN)).toBe(30);
  });
});

describe('revealing a focused headline', () => {
  // LTR: the track moves left by 1000 px over 30 s (30000 ms): -1/30 px per ms.
  const base = { currentTime: 15_000, duration: 30_000, shiftPx: -1000, viewStart: 100, viewEnd: 600 };

  it('does nothing for a headline in view', () => {
    expect(revealTime({ ...base, linkStart: 200, linkEnd: 400 })).toBeNull();
  });

  it('moves back in time for a headline cut at the start (LTR), forwards for one past the end', () => {
    // 50 px cut on the left: move right by 58 px = 1740 ms earlier.
    expect(revealTime({ ...base, linkStart: 50, linkEnd: 250 })).toBe(15_000 - 58 * 30);
    // 100 px past the right edge: move left by 108 px = 3240 ms later.
    expect(revealTime({ ...base, linkStart: 500, linkEnd: 700 })).toBe(15_000 + 108 * 30);
  });

  it('follows the direction in RTL (the track moves right)', () => {
    const rtl = { ...base, shiftPx: 1000 };
    expect(revealTime({ ...rtl, linkStart: 500, linkEnd: 700 })).toBe(15_000 - 108 * 30);
    expect(revealTime({ ...rtl, linkStart: 50, linkEnd: 250 })).toBe(15_000 + 58 * 30);
  });

  it('stays within the loop and ignores a broken animation', () => {
    expect(revealTime({ ...base, currentTime: 100, linkStart: 0, linkEnd: 90 })).toBe(0);
    expect(revealTime({ ...base, currentTime: 29_900, linkStart: 590, linkEnd: 800 })).toBe(29_999);
    expect(revealTime({ ...base, duration: 0, linkStart: 0, linkEnd: 10 })).toBeNull();
    expect(revealTime({ ...base, currentTime: Number.NaN, linkStart: 0, linkEnd: 10 })).toBeNull();
  });
});

describe('layout hint', () => {
  afterEach(() => vi.unstubAllGlobals());

  function runScript(store: Map<string, string>, lang: string, now: number, serverHasNews = false) {
    const attrs = new Map<string, string>();
    runInNewContext(tickerHintScript(serverHasNews), {
      document: { documentElement: { lang, setAttribute: (k: string, v: string) => attrs.set(k, v) } },
      localStorage: { getItem: (k: string) => store.get(k) ?? null },
      Date: { now: () => now },
      Number,
      Math,
    });
    return attrs;
  }

  it('the last answer with headlines reserves the height for 10 minutes, per language', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    const now = 1_800_000_000_000;
    rememberHint('fr', true, now);
    expect(store.get(`${TICKER_HINT_KEY}fr`)).toBe(String(now));
    expect(runScript(store, 'fr', now + 1000).has(TICKER_HINT_ATTR)).toBe(true);
    expect(runScript(store, 'ar', now + 1000).has(TICKER_HINT_ATTR)).toBe(false);
    expect(runScript(store, 'fr', now + TICKER_HINT_TTL_MS).has(TICKER_HINT_ATTR)).toBe(false);
    rememberHint('fr', false, now);
    expect(runScript(store, 'fr', now + 1000).has(TICKER_HINT_ATTR)).toBe(false);
  });

  it('without a recent answer of the visitor\'s own, the server\'s knowledge decides (a first visit)', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    const now = 1_800_000_000_000;
    expect(runScript(store, 'fr', now, true).has(TICKER_HINT_ATTR)).toBe(true);
    expect(runScript(store, 'fr', now, false).has(TICKER_HINT_ATTR)).toBe(false);
    // The visitor's own recent answer wins over the server's.
    rememberHint('fr', false, now);
    expect(runScript(store, 'fr', now + 1000, true).has(TICKER_HINT_ATTR)).toBe(false);
    rememberHint('fr', true, now);
    expect(runScript(store, 'fr', now + 1000, false).has(TICKER_HINT_ATTR)).toBe(true);
    // Stale: the server decides again.
    expect(runScript(store, 'fr', now + TICKER_HINT_TTL_MS, false).has(TICKER_HINT_ATTR)).toBe(false);
  });

  it('never throws when storage is refused', () => {
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new Error('quota');
      },
    });
    expect(() => rememberHint('ar', true)).not.toThrow();
    expect(() =>
      runInNewContext(tickerHintScript(true), {
        document: { documentElement: { lang: 'ar', setAttribute: () => {} } },
        localStorage: {
          getItem: () => {
            throw new Error('denied');
          },
        },
        Date,
        Number,
        Math,
      }),
    ).not.toThrow();
  });
});

describe('server render', () => {
  it('the ticker renders collapsed, with no headline and no landmark name (pre-built pages hold no news)', async () => {
    const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
    const { default: BreakingTicker } = await import('../../src/components/layout/BreakingTicker.astro');
    const html = await (await AstroContainer.create()).renderToString(BreakingTicker);
    expect(html).toMatch(/<section [^>]*class="breaking-ticker" data-state="pending"[^>]*>/);
    expect(html).toContain('data-astro-transition-persist="breaking-ticker"');
    expect(html).toContain('class="breaking-inner"');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('aria-labelledby');
    expect(html).not.toContain('astro-island');
  });

  it('the connectivity note says the offline sentence, then the back-online one, and nothing while online', () => {
    const texts = { offline: 'Vous êtes hors ligne', online: 'De nouveau en ligne' };
    expect(connectivityText('offline', texts)).toBe('Vous êtes hors ligne');
    expect(connectivityText('restored', texts)).toBe('De nouveau en ligne');
    expect(connectivityText('online', texts)).toBe('');
    expect(connectivityText('offline', {})).toBe('');
  });
});

describe('connectivity store (docs/product.md, States)', () => {
  function env(online: boolean) {
    const target = new EventTarget();
    const timers = new Map<number, { fn: () => void; ms: number }>();
    let next = 1;
    const e: ConnectivityEnv & { online: boolean } = {
      online,
      target,
      isOnline: () => e.online,
      setTimeout: (fn, ms) => {
        timers.set(next, { fn, ms });
        return next++;
      },
      clearTimeout: (id) => void timers.delete(id as number),
    };
    return { e, target, timers };
  }

  afterEach(() => $connectivity.set('online'));

  it('follows offline and online events; "restored" shows for a while, then online', () => {
    const { e, target, timers } = env(true);
    const stop = watchConnectivity(e);
    expect($connectivity.get()).toBe('online');
    target.dispatchEvent(new Event('offline'));
    expect($connectivity.get()).toBe('offline');
    target.dispatchEvent(new Event('online'));
    expect($connectivity.get()).toBe('restored');
    expect([...timers.values()].map((t) => t.ms)).toEqual([RESTORED_SHOWN_MS]);
    [...timers.values()][0]!.fn();
    expect($connectivity.get()).toBe('online');
    // An online event without an outage shows nothing.
    target.dispatchEvent(new Event('online'));
    expect($connectivity.get()).toBe('online');
    stop();
    target.dispatchEvent(new Event('offline'));
    expect($connectivity.get()).toBe('online');
  });

  it('starts offline when the browser is, and a new outage cancels "restored"', () => {
    const { e, target, timers } = env(false);
    const stop = watchConnectivity(e);
    expect($connectivity.get()).toBe('offline');
    target.dispatchEvent(new Event('online'));
    target.dispatchEvent(new Event('offline'));
    expect(timers.size).toBe(0);
    expect($connectivity.get()).toBe('offline');
    stop();
  });

  it('installs its listeners once however many watch', () => {
    const { e, target } = env(true);
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    const a = watchConnectivity(e);
    const b = watchConnectivity(e);
    expect(add).toHaveBeenCalledTimes(2);
    a();
    a();
    expect(remove).not.toHaveBeenCalled();
    b();
    expect(remove).toHaveBeenCalledTimes(2);
  });
});
