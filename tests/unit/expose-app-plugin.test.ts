/**
 * The build's entry exports Astro's App for the render workers
 * (src/build/expose-app-plugin.ts, ADR 010): the node adapter's entry module
 * gets `export { app }`, and the build fails if that module changes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { exposeAppPlugin } from '../../src/build/expose-app-plugin.ts';

const entry = createRequire(import.meta.url).resolve('@astrojs/node/server.js');
type Transform = (code: string, id: string) => { code: string } | undefined;
const transform = exposeAppPlugin().transform as Transform;

describe('exposeAppPlugin', () => {
  it("adds `export { app }` to the installed adapter's entry, and leaves other modules alone", () => {
    const code = readFileSync(entry, 'utf8');
    const out = transform(code, entry);
    expect(out?.code.startsWith(code)).toBe(true);
    expect(out?.code.trimEnd().endsWith('export { app };')).toBe(true);
    expect(transform(code, '/x/node_modules/other/dist/server.js')).toBeUndefined();
  });

  it('fails the build when the entry no longer makes a module-level app', () => {
    expect(() => transform('const handler = 1;\nexport { handler };', entry)).toThrow(/expose-app-plugin/);
  });
});
