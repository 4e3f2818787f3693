/**
 * The desk's addresses, routed in the browser (the server answers the same
 * page for every /desk path): the History API, a `navigate` function and a
 * `Link` that keeps a plain link's behaviour (a new tab with Ctrl or the
 * middle button).
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

const location = () => window.location.pathname + window.location.search;

window.addEventListener('popstate', () => {
  for (const l of listeners) l();
});

/** The current path and query. */
export function usePath(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    location,
  );
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (to === location()) return;
  if (opts.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
  // Focus goes to the new screen's heading (screen readers hear where they are).
  queueMicrotask(() => document.querySelector<HTMLElement>('main h1')?.focus());
}

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={click} {...rest} />;
}

/** Matches a path against a pattern with :names; the params, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const [pathname] = path.split('?');
  const names: string[] = [];
  const re = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, n: string) => (names.push(n), '([^/]+)'))}/?$`);
  const m = re.exec(pathname ?? '');
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
}

export function searchParams(path: string): URLSearchParams {
  return new URLSearchParams(path.split('?')[1] ?? '');
}
