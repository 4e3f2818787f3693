/**
 * One React render per island (ADR 027, src/build/react-check-plugin.ts):
 * the build's copy of @astrojs/react's `check` no longer renders a component
 * before Astro renders it for the page, and the islands of a page still get
 * unique id prefixes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactCheckPlugin } from '../../src/build/react-check-plugin.ts';

const serverJs = path.join(path.dirname(createRequire(import.meta.url).resolve('@astrojs/react/package.json')), 'dist/server.js');

function transform(code: string, id: string): { code: string } | undefined {
  const hook = reactCheckPlugin().transform as (code: string, id: string) => { code: string } | undefined;
  return hook(code, id);
}

describe('the React check without a render', () => {
  it("rewrites the installed @astrojs/react's check, and fails the build if it changed", () => {
    const source = readFileSync(serverJs, 'utf8');
    expect(source).toContain('renderToStaticMarkup.call(this, Tester');
    const out = transform(source, serverJs)!.code;
    expect(out).not.toContain('renderToStaticMarkup.call(this, Tester');
    expect(out).toContain('if (this && this.result) incrementId(this.result);\n  return true;');
    expect(transform(source, '/x/src/islands/Thing.island.tsx')).toBeUndefined();
    expect(() => transform(source.replace('return isReactComponent;', 'return isReactComponent === true;'), serverJs)).toThrow(/ADR 027/);
  });

  it('renders each React component of a page once, islands with unique prefixes', async () => {
    const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
    const { loadRenderers } = await import('astro:container');
    const { getContainerRenderer } = await import('@astrojs/react/container-renderer');
    const { default: CountedPage } = await import('../fixtures/react-check/CountedPage.astro');
    const { renders } = await import('../fixtures/react-check/Counted.tsx');
    const container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
    renders.count = 0;
    const html = await container.renderToString(CountedPage);
    expect(renders.count).toBe(3);
    const prefixes = [...html.matchAll(/<astro-island [^>]*?prefix="([^"]+)"/g)].map((m) => m[1]);
    expect(prefixes.length).toBe(2);
    expect(new Set(prefixes).size).toBe(2);
    for (const label of ['un', 'deux', 'trois']) expect(html).toContain(label);
  });
});
