/**
 * Shell state shared by the header scripts and the islands (search box,
 * account popup): which panel is open. The menu and the search box close on
 * every route change (docs/product.md, Common behaviour: the site layout's script calls
 * `closeOnRouteChange` after each swap).
 *
 * Set these only in the browser (islands, scripts): nanostores are module
 * singletons on the server.
 */
import { atom } from 'nanostores';

export const $menuOpen = atom(false);
export const $searchOpen = atom(false);

export type AuthOverlayType = 'signin' | 'signup' | 'logout';
/** The auth popup (docs/product.md, Overlays): its type and whether it is shown. */
export const $authOverlay = atom<{ type: AuthOverlayType; state: boolean }>({ type: 'signin', state: false });

export function closeOnRouteChange(): void {
  $menuOpen.set(false);
  $searchOpen.set(false);
}
