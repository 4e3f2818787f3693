/**
 * The built entry (dist/server/entry.mjs) exports Astro's App beside the
 * node adapter's handler, so that a render worker
 * (src/server/delivery/render-worker.ts, ADR 010) calls `app.match` and
 * `app.render` with a web Request and reads the Response itself, without
 * node request and response objects or an HTTP hop. The adapter's entry
 * module (@astrojs/node/server.js) makes the App as a module-level `app`
 * and exports only the handler built on it; this adds `export { app }`.
 *
 * The build fails if the adapter's entry no longer reads as expected (an
 * upgrade): look at it again then.
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]@astrojs[\\/]node[\\/]dist[\\/]server\.js$/;
const APP = /^const app = createApp\(/m;

export function exposeAppPlugin(): Plugin {
  return {
    name: '2m:expose-app',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0] ?? '')) return undefined;
      if (!APP.test(code) || /\bexport\s*\{[^}]*\bapp\b/.test(code)) {
        throw new Error(`${id}: the node adapter's entry changed; see src/build/expose-app-plugin.ts (ADR 010)`);
      }
      return { code: `${code}\nexport { app };\n`, map: null };
    },
  };
}
