/**
 * The one way islands read a store in React: @nanostores/react's useStore,
 * with the stores it reads held mounted while the server renders.
 *
 * On the server, useStore reads a store with `store.get()`, and a store with
 * a lifecycle (a persistent atom, a computed store, anything with
 * `onMount`) that nobody listens to mounts for that read and unmounts one
 * second later, through a timer (nanostores' STORE_UNMOUNT_DELAY). That
 * timer keeps the render's async context, hence the whole render (its
 * request, its props, its HTML so far), alive for a second: at a hundred
 * renders a second, every render's garbage reached the old generation
 * first (docs/performance.md). A store read during a server render is
 * therefore mounted once, for good, on the render's thread, and read like
 * any listened store: the same values, no timer. In the browser nothing
 * changes.
 */
import { useStore as useNanoStore, type UseStoreOptions } from '@nanostores/react';
import type { Store, StoreValue } from 'nanostores';

const heldOnServer = new WeakSet<Store>();

/** Keeps `store` mounted for the rest of this thread's life (a server render's thread). */
function holdMounted(store: Store): void {
  if (heldOnServer.has(store)) return;
  heldOnServer.add(store);
  store.listen(() => {});
}

export function useStore<S extends Store>(store: S, options?: UseStoreOptions<S>): StoreValue<S> {
  if (import.meta.env.SSR) holdMounted(store);
  return useNanoStore(store, options);
}
