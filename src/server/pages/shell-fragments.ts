/**
 * Shell fragments (ADR 021): the parts of the site shell that do not depend
 * on the page (top bar, menu button and logo, mega menu, search box, navigation list,
 * footer links, the ticker and push islands, the connectivity note) are
 * rendered once and their markup reused by the next pages.
 *
 * A fragment is kept per `source` object and `id`:
 *  - `source` is what the fragment is made from, normally the shell of the
 *    language (src/server/pages/shell.ts), which memo.ts replaces after every
 *    content change, breaking-news start or end, and at least every
 *    minute: a new object starts with no fragments, so a fragment never
 *    outlives the shell data it shows (WeakMap: the old ones are collected);
 *  - `id` names everything else it depends on (language, layout variant,
 *    today's date in Casablanca...).
 *
 * What is kept is Astro's rendered slot (an HTML string with its render
 * instructions: the islands' hydration scripts and the components'
 * scripts), so each page still emits each script once, as if it had
 * rendered the fragment itself (ShellFragment.astro).
 */

/** Fragments kept per source object (a few per language and variant; more would be a wrong `id`). */
const MAX_PER_SOURCE = 64;

const fragments = new WeakMap<object, Map<string, Promise<unknown>>>();
let enabled = true;

/**
 * Turns the cache off (every fragment rendered each time, as before ADR 021)
 * or on again; tests compare both. Returns the previous state.
 */
export function setShellFragmentCache(on: boolean): boolean {
  const was = enabled;
  enabled = on;
  return was;
}

/** The fragment `id` of `source`, rendered by `render` the first time (concurrent renders share it). */
export function shellFragment<T>(source: object, id: string, render: () => Promise<T>): Promise<T> {
  if (!enabled) return render();
  let bySource = fragments.get(source);
  if (!bySource) {
    bySource = new Map();
    fragments.set(source, bySource);
  }
  const kept = bySource.get(id) as Promise<T> | undefined;
  if (kept) return kept;
  const made = render();
  if (bySource.size >= MAX_PER_SOURCE) bySource.delete(bySource.keys().next().value!);
  bySource.set(id, made);
  made.catch(() => {
    if (bySource.get(id) === made) bySource.delete(id);
  });
  return made;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/**
 * Whether `html` has a link to `path` (an `href` attribute of that value, as
 * Astro writes it). A fragment rendered for no current page is the fragment
 * of page `path` unless one of its links points there (that link would carry
 * aria-current).
 */
export function linksTo(html: string, path: string): boolean {
  if (!path) return false;
  const escaped = path.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
  return html.includes(`href="${escaped}"`) || (escaped !== path && html.includes(`href="${path}"`));
}
