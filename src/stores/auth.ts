/**
 * Account state shared by the account islands (the top-bar button, the
 * popups, the account page panel):
 *
 *  - `$authOverlay` (docs/product.md, Content "authOverlayShown", Overlays): which popup (signin,
 *    signup, logout) and whether it is shown. Declared in shell.ts with the
 *    other shell panels; re-exported here with its helpers.
 *  - `$account`: the signed-in user as the server confirmed it (id, name,
 *    e-mail): `undefined` until the session was checked, then the user or
 *    null. In memory only: the e-mail is never written to storage.
 *
 * Set these only in the browser (nanostores are module singletons on the
 * server).
 */
import { atom } from 'nanostores';
import { $authOverlay, type AuthOverlayType } from './shell.ts';

export { $authOverlay, type AuthOverlayType };

export interface Account {
  id: number;
  name: string;
  email: string;
}

export const $account = atom<Account | null | undefined>(undefined);

export function openAuth(type: AuthOverlayType): void {
  $authOverlay.set({ type, state: true });
}

/** Switches the open popup to another one (the links between sign-in and sign-up). */
export function switchAuth(type: AuthOverlayType): void {
  $authOverlay.set({ type, state: $authOverlay.get().state });
}

export function closeAuth(): void {
  const { type } = $authOverlay.get();
  $authOverlay.set({ type, state: false });
}
