/**
 * Compiles the service worker (src/sw/service-worker.ts) for the /sw.js
 * endpoint (src/pages/sw.js.ts): `import source from 'virtual:service-worker'`
 * gives its JavaScript as a string. The types are stripped by Vite's own
 * transformer (Oxc); the file has no imports, so nothing needs bundling.
 * In development the endpoint follows edits of the file.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:service-worker';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const SOURCE = fileURLToPath(new URL('./service-worker.ts', import.meta.url));

/** The service worker's source compiled to a classic script. */
export async function compileServiceWorker(): Promise<string> {
  const source = await readFile(SOURCE, 'utf8');
  const { code } = await transformWithOxc(source, SOURCE, { lang: 'ts', sourcemap: false, target: 'es2022' });
  if (/^\s*(import|export)\s/m.test(code)) throw new Error(`${SOURCE} must stay a classic script: no import or export`);
  return code;
}

export function serviceWorkerPlugin(): Plugin {
  return {
    name: '2m:service-worker',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(SOURCE);
      return `export default ${JSON.stringify(await compileServiceWorker())};`;
    },
  };
}
