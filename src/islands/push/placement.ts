/**
 * Where the alerts prompt may stand (ADR 036): never over a player or a
 * form, which a visitor is using or about to use. The card sits at the
 * bottom of the window; over a player or a form it moves to the top; over
 * one there too, it steps out of sight until the page scrolls them away.
 */

/** What the card must never cover: videos and their posters, the live strip, embeds, forms. */
const AVOID = 'video, form, iframe, .player, .plyr, .live-strip, .video-poster, [data-player]';

export type PromptPlace = 'bottom' | 'top' | 'away';

const intersects = (a: DOMRect, b: DOMRect) =>
  a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether `card`, where it stands now, covers a visible player or form of the page. */
function coversSomething(card: HTMLElement): boolean {
  const box = card.getBoundingClientRect();
  for (const el of document.querySelectorAll<HTMLElement>(AVOID)) {
    if (card.contains(el) || el.contains(card)) continue;
    if (intersects(box, el.getBoundingClientRect())) return true;
  }
  return false;
}

/** Puts the card at the first place where it covers nothing (data-place, read by push-prompt.css) and returns it. */
export function placePrompt(card: HTMLElement): PromptPlace {
  for (const place of ['bottom', 'top'] as const) {
    card.dataset.place = place;
    if (!coversSomething(card)) return place;
  }
  card.dataset.place = 'away';
  return 'away';
}
