/**
 * The player's styles (plyr's own, the player's layers, the pre-roll's
 * box), applied when the player's code loads, never linked by a page: a
 * page's `<link rel="stylesheet">` holds its first paint, and these 35 KB
 * style nothing until the player mounts (after the load event, or when an
 * article's video is played). The poster, its play button and badges are
 * the components' own styles (PlayerPoster.astro, ArticleView.astro).
 *
 * Each style is imported as text (`?inline`) and adopted by the document as
 * a constructed stylesheet. Vite's own way for a lazily loaded chunk's CSS,
 * a `<link>` it adds to `<head>` once, would not survive a client
 * navigation: the ClientRouter replaces the head with the next page's, and
 * Vite never adds a link twice. `document.adoptedStyleSheets` is kept
 * across navigations. Without constructable stylesheets (Safari < 16.4)
 * a `<style>` goes into the head again after each navigation.
 *
 * The test `tests/api/player-styles.test.ts` checks that no page links them.
 */
export function adoptStyles(css: string): void {
  if (typeof document === 'undefined') return;
  if ('adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  const add = () => document.head.append(style);
  add();
  document.addEventListener('astro:after-swap', add);
}
