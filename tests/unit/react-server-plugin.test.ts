/**
 * The build's copy of @astrojs/react's server renderer
 * (src/build/react-server-plugin.ts): `check` no longer renders a component
 * before Astro renders it for the page (ADR 027), islands are rendered to a
 * string with their id prefix (ADR 028), and the islands of a page still
 * get unique id prefixes, which their `useId` ids carry.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactServerPlugin } from '../../src/build/react-server-plugin.ts';

const serverJs = path.join(path.dirname(createRequire(import.meta.url).resolve('@astrojs/react/package.json')), 'dist/server.js');

function transform(code: string, id: string): { code: string } | undefined {
  const hook = reactServerPlugin().transform as (code: string, id: string) => { code: string } | undefined;
  return hook(code, id);
}

describe("the build's copy of @astrojs/react's server renderer", () => {
  it("rewrites the installed @astrojs/react's check, and fails the build if it changed", () => {
    const source = readFileSync(serverJs, 'utf8');
    expect(source).toContain('renderToStaticMarkup.call(this, Tester');
    const out = transform(source, serverJs)!.code;
    expect(out).not.toContain('renderToStaticMarkup.call(this, Tester');
    expect(out).toContain('if (this && this.result) incrementId(this.result);\n  return true;');
    expect(transform(source, '/x/src/islands/Thing.island.tsx')).toBeUndefined();
    expect(() => transform(source.replace('return isReactComponent;', 'return isReactComponent === true;'), serverJs)).toThrow(/ADR 027/);
  });

  it('passes the render options (the id prefix) to renderToString, and fails the build if that call changed', () => {
    const source = readFileSync(serverJs, 'utf8');
    expect(source).toContain('html = ReactDOM.renderToString(vnode);');
    const out = transform(source, serverJs)!.code;
    expect(out).not.toContain('html = ReactDOM.renderToString(vnode);');
    expect(out).toContain('html = ReactDOM.renderToString(vnode, renderOptions);');
    expect(() => transform(source.replace('html = ReactDOM.renderToString(vnode);', 'html = ReactDOM.renderToString(vnode, {});'), serverJs)).toThrow(/ADR 028/);
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

  it("renders islands with renderToString keeping each island's id prefix, as the build does", async () => {
    // The build's copy of the renderer, with the integration's options as astro.config.mjs sets them.
    const dist = path.dirname(serverJs);
    const code = transform(readFileSync(serverJs, 'utf8'), serverJs)!
      .code.replace('import opts from "astro:react:opts";', 'const opts = { experimentalDisableStreaming: true };')
      .replaceAll('from "./', `from "${pathToFileURL(dist).href}/`);
    const dir = mkdtempSync(path.join(tmpdir(), '2m-react-server-'));
    try {
      const file = path.join(dir, 'server.mjs');
      writeFileSync(file, code);
      const { default: renderer } = (await import(pathToFileURL(file).href)) as {
        default: { renderToStaticMarkup: (this: { result: object }, c: unknown, p: object, s: object, m: object) => Promise<{ html: string; attrs: { prefix: string } }> };
      };
      const { default: Counted } = await import('../fixtures/react-check/Counted.tsx');
      const ctx = { result: {} };
      const islands = [];
      for (const label of ['un', 'deux']) islands.push(await renderer.renderToStaticMarkup.call(ctx, Counted, { label }, {}, { hydrate: 'idle' }));
      const ids = islands.map(({ html, attrs }) => {
        const id = /<input id="([^"]+)"/.exec(html)?.[1];
        expect(id?.startsWith(`_${attrs.prefix}R`), `${id} for the prefix ${attrs.prefix}`).toBe(true);
        return id;
      });
      expect(new Set(ids).size).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
