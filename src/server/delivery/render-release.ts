/**
 * A finished render let go at once (ADR 028). Astro's render state (its
 * FetchState and the page's SSRResult, which holds every rendered piece)
 * is reachable from objects V8 keeps in the old generation until the next
 * full GC: the render context's objects with getters of their own (the
 * `Astro` global, the API context) each get a map that points into the
 * render. Everything the page allocated then survived the scavenges in
 * between, and was copied and promoted for nothing. Once the worker has
 * sent the whole answer, nothing reads that state again, so its fields are
 * emptied: what those maps still point to is an empty shell.
 *
 * Astro does not offer this: the middleware finds the render's state
 * where Astro keeps it on the API context (`Symbol.for('astro.fetchState')`,
 * astro/dist/core/fetch/fetch-state.js, checked by
 * tests/unit/render-release.test.ts) and leaves a release function on the
 * request; the render worker calls it after the answer (render-worker.ts).
 * Without that symbol (another Astro) nothing is released, nothing breaks.
 */
const FETCH_STATE = Symbol.for('astro.fetchState');
const RELEASE = Symbol.for('2m.releaseRender');

/**
 * Empties an object's own fields: writable data properties set to
 * undefined, the other configurable ones (getters) deleted; the rest (Reflect
 * does not throw for them) stay.
 */
function empty(target: unknown): void {
  if (!target || typeof target !== 'object') return;
  for (const key of Reflect.ownKeys(target)) {
    const desc = Object.getOwnPropertyDescriptor(target, key);
    if (desc && 'value' in desc && desc.writable) Reflect.set(target, key, undefined);
    else if (desc?.configurable) Reflect.deleteProperty(target, key);
  }
}

/**
 * Called by the middleware for each render: leaves on the render's request
 * the function that empties this render's state (its page result, then its
 * own fields).
 */
export function markRenderForRelease(context: { request: Request }): void {
  const state = (context as unknown as Record<symbol, unknown>)[FETCH_STATE];
  if (!state || typeof state !== 'object') return;
  Reflect.set(context.request, RELEASE, () => {
    empty((state as { result?: unknown }).result);
    empty(state);
  });
}

/** After the whole answer is sent: the render's state is emptied (once), if the middleware marked it. */
export function releaseRender(request: Request): void {
  const release = Reflect.get(request, RELEASE) as (() => void) | undefined;
  if (typeof release !== 'function') return;
  Reflect.deleteProperty(request, RELEASE);
  release();
}
