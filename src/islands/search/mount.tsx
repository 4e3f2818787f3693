/**
 * Mounts the header's search box (../SearchBox.island.tsx) in #search-slot
 * when the visitor first asks for it (src/components/layout/behaviour/
 * search-gate.ts): this module, the box and React load only then. The
 * server renders the box's collapsed state, a link to the search page.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales.ts';
import SearchBox from '../SearchBox.island.tsx';

let root: Root | undefined;
let mountedIn: HTMLElement | undefined;

/** Renders the box in `slot` (once per slot; a slot replaced by a navigation gets a new root). */
export function mountSearchBox(slot: HTMLElement, props: { locale: Locale; searchPath: string }): void {
  if (mountedIn === slot && slot.isConnected) return;
  root?.unmount();
  root = createRoot(slot);
  mountedIn = slot;
  root.render(<SearchBox {...props} />);
}
