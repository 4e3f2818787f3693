/**
 * A finished render let go at once (src/server/delivery/render-release.ts,
 * ADR 028): the middleware leaves on the request a function that empties
 * the render's state, found where Astro keeps it on the API context; the
 * render worker calls it once the answer is sent.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markRenderForRelease, releaseRender } from '../../src/server/delivery/render-release.ts';

const astroDist = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');

describe('releasing a render', () => {
  it("finds Astro's render state where the installed Astro keeps it (fails on an Astro that moved it)", () => {
    expect(readFileSync(path.join(astroDist, 'core/constants.js'), 'utf8')).toContain('fetchStateSymbol = /* @__PURE__ */ Symbol.for("astro.fetchState")');
    const fetchState = readFileSync(path.join(astroDist, 'core/fetch/fetch-state.js'), 'utf8');
    // The API context (the middleware's `context`) points at the state, and the state keeps the page's result.
    expect(fetchState).toContain('actionApiContext[fetchStateSymbol] = this;');
    expect(fetchState).toContain('this.result = result;');
  });

  it("empties the page's result and the state's own fields, once, after the answer", () => {
    const pieces = ['<main>', 'x'.repeat(1000), '</main>'];
    const result = { pieces, cookies: { a: 1 }, get frozen() { return pieces; } };
    const state = { result, locals: { user: 'x' }, request: new Request('http://localhost/fr'), status: 200 };
    const request = new Request('http://localhost/fr');
    markRenderForRelease({ request, [Symbol.for('astro.fetchState')]: state });
    expect(state.result.pieces).toBe(pieces);
    releaseRender(request);
    // Data fields emptied, the getter (which closed over the pieces) removed.
    expect(Reflect.ownKeys(result)).toEqual(['pieces', 'cookies']);
    expect(Object.values(result)).toEqual([undefined, undefined]);
    expect(state).toEqual({ result: undefined, locals: undefined, request: undefined, status: undefined });
    // Once: a second call finds nothing to do.
    const again = { result: { kept: true } };
    Object.assign(state, again);
    releaseRender(request);
    expect(state.result).toEqual({ kept: true });
  });

  it('leaves a render alone when Astro gives no state (nothing to release)', () => {
    const request = new Request('http://localhost/ar');
    markRenderForRelease({ request });
    expect(Reflect.ownKeys(request).some((k) => typeof k === 'symbol' && k.description === '2m.releaseRender')).toBe(false);
    expect(() => releaseRender(request)).not.toThrow();
  });
});
