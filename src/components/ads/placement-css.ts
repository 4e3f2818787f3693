/**
 * The window bands of the display slots placed by AdPlacement.astro: outside
 * its band a slot's box takes no room, before any script runs. One rule per
 * slot, written once in the page's <head> (SiteLayout) — a <style> inside
 * <body> is not valid HTML.
 */
import { displaySlots, type SlotName } from '../../server/ads/slots.ts';

type PlacedSlot = Exclude<SlotName, 'skin'>;

/** The class of a slot's placement box: `ad-placement-ad-top-mobile`. */
export function placementClass(slot: PlacedSlot): string {
  return `ad-placement-${displaySlots()[slot].divId}`;
}

/** A slot's window band as a media query: `(min-width: 414px) and (max-width: 969.98px)`. */
export function bandQuery(slot: PlacedSlot): string {
  const s = displaySlots()[slot];
  return s.maxWidth === null ? `(min-width: ${s.minWidth}px)` : `(min-width: ${s.minWidth}px) and (max-width: ${s.maxWidth + 0.98}px)`;
}

/** `@media not all and (band) { .ad-placement-… { display: none } }` for every placed slot. */
export function placementBandsCss(): string {
  const slots = displaySlots();
  return (Object.keys(slots) as SlotName[])
    .filter((name): name is PlacedSlot => name !== 'skin')
    .map((name) => `@media not all and ${bandQuery(name)} { .${placementClass(name)} { display: none; } }`)
    .join('\n');
}
