/**
 * Bundles site modules for a harness page in the browser tests, as the
 * site's build would (esbuild, one IIFE for Chromium): `contents` is an
 * entry module whose imports resolve from the project root.
 */
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

export async function bundleForBrowser(contents: string): Promise<{ js: string; css: string }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    // Needed for CSS imports; nothing is written there.
    outdir: path.join(root, 'test-results', 'browser-bundle'),
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  return { js, css };
}
