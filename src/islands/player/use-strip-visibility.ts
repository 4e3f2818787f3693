/**
 * Where the live strip is and whether it is seen (LiveStrip.island.tsx):
 * the page it is on, followed across client navigations (it persists in
 * the navigation bar), in that page's language; whether the page's rules
 * hide it (strip-rules.ts: never on the live page, wide screens only on
 * some replay routes) or its stream failed; whether it is on screen and
 * the tab visible.
 */
import { useEffect, useState, type RefObject } from 'react';
import { toLocale, type Locale } from '../../i18n/locales.ts';
import { loadLiveAddress } from '../../stores/player.ts';
import { STRIP_NARROW_QUERY, stripRule, type StripRule } from './strip-rules.ts';
import { useMatchMedia } from './use-strip-policy.ts';

const currentLocale = (fallback: Locale): Locale => {
  const lang = document.documentElement.lang;
  return toLocale(lang, fallback);
};

export interface StripVisibility {
  locale: Locale;
  /** The page's path (null until known). */
  path: string | null;
  rule: StripRule;
  /** Hidden by the page's rules or a failed stream. */
  hidden: boolean;
  onScreen: boolean;
  pageVisible: boolean;
}

export function useStripVisibility(opts: {
  initialLocale: Locale;
  initialPath: string | undefined;
  /** The stream failed: the strip steps aside (strip-failure.ts). */
  failed: boolean;
  /** The strip's link, observed on screen (its observer follows a new stream address). */
  linkRef: RefObject<HTMLElement | null>;
  url: string | null;
}): StripVisibility {
  const { initialLocale, failed, linkRef, url } = opts;
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [path, setPath] = useState<string | null>(opts.initialPath ?? null);
  const [onScreen, setOnScreen] = useState(true);
  const [pageVisible, setPageVisible] = useState(true);
  const narrow = useMatchMedia(STRIP_NARROW_QUERY);

  // The page it is on, after each client navigation too.
  useEffect(() => {
    const update = () => {
      const lang = currentLocale(initialLocale);
      setPath(location.pathname);
      setLocale(lang);
      // The channel's name in the page's language (a no-op when already known).
      void loadLiveAddress(lang);
    };
    update();
    document.addEventListener('astro:after-swap', update);
    return () => document.removeEventListener('astro:after-swap', update);
  }, [initialLocale]);

  useEffect(() => {
    const onVisibility = () => setPageVisible(document.visibilityState === 'visible');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Off screen (scrolled away, or hidden by the bar's own rules): paused.
  useEffect(() => {
    const link = linkRef.current;
    if (!link || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [url, linkRef]);

  const rule = path ? stripRule(path) : 'hidden';
  // 'wide-only' on narrow screens is also hidden by CSS (live-strip.css), from the first paint.
  const hidden = failed || rule === 'hidden' || (rule === 'wide-only' && narrow);
  return { locale, path, rule, hidden, onScreen, pageVisible };
}
