/**
 * A play button that leaves with the poster when the player takes its
 * place (player-boot.ts on a phone, ArticleVideo.island.tsx): the focus,
 * lost with it, goes to the player it started (focusable once plyr is
 * ready, Player.island.tsx; its keys work from there), unless the visitor
 * has moved it elsewhere meanwhile. `ready` runs once the player is there.
 */
export function focusPlayerOnceReady(box: HTMLElement, ready?: () => void): void {
  const observer = new MutationObserver(() => {
    const player = box.querySelector<HTMLElement>('.plyr[tabindex]');
    if (!player) return;
    observer.disconnect();
    ready?.();
    if (!document.activeElement || document.activeElement === document.body) player.focus({ preventScroll: true });
  });
  observer.observe(box, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] });
  window.setTimeout(() => observer.disconnect(), 30_000);
}
