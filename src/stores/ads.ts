/**
 * Ad targeting (docs/product.md, Content and States: a list of key and value
 * pairs; ad slots are refreshed when the targeting changes).
 *
 * `$pageTargeting` is what the page says of itself (language, page type,
 * section, tags, article id); each ad island sets it from its props, so a
 * persisted island (the desktop skin) brings the new page's along after a
 * client navigation. `$adTargeting` adds what is known of the visitor: the
 * country flag (`country`: ma or intl) and whether they are signed in
 * (`visitor`: connected or anonymous). The slots refresh when it changes.
 *
 * Browser only: set inside islands, never during server rendering.
 */
import { atom, computed } from 'nanostores';
import type { AdTargeting } from '../lib/ads/display.ts';
import { sameTargeting } from '../lib/ads/display.ts';
import { $country } from './country.ts';
import { $user } from './session.ts';

const $pageTargeting = atom<AdTargeting>([]);

/** Sets the page's targeting (a no-op when it is the same). */
export function setPageTargeting(targeting: AdTargeting): void {
  if (!sameTargeting($pageTargeting.get(), targeting)) $pageTargeting.set(targeting);
}

export const $adTargeting = computed([$pageTargeting, $country, $user], (page, country, user): AdTargeting => [
  ...page,
  ['country', country === 1 ? 'intl' : 'ma'],
  ['visitor', user ? 'connected' : 'anonymous'],
]);
