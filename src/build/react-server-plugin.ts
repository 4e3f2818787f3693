/**
 * The build's copy of @astrojs/react's server renderer
 * (`@astrojs/react/dist/server.js`), changed in two places:
 *
 * - One React render per island, not two (ADR 027). Astro asks each
 *   renderer whether it owns a component it has not seen tagged;
 *   @astrojs/react's `check` answers by rendering the component once with
 *   React (`renderToStaticMarkup` of a "Tester" wrapper) and throwing the
 *   result away, then Astro renders it again for the page. React is this
 *   site's only framework renderer and every function component an .astro
 *   file renders is React, so the build's copy of `check` skips that first
 *   render: it takes the React id prefix the tester's render would have
 *   taken (`incrementId`), so prefixes stay unique within a page, and says
 *   yes. Objects, class components and the include/exclude filter keep
 *   @astrojs/react's own answers.
 * - Islands rendered to a string with their id prefix (ADR 028). With the
 *   integration's `experimentalDisableStreaming` (astro.config.mjs) a
 *   component is rendered by `renderToString` instead of a
 *   `renderToReadableStream` read to its end, but @astrojs/react then drops
 *   the render options, so `useId` would lose the island's prefix and two
 *   islands of a page could share ids. The build's copy passes them
 *   (`identifierPrefix`; `formState` is for React forms bound to Astro
 *   actions, which this site does not use and `renderToString` ignores).
 *
 * The build fails if the code replaced is no longer there (an upgrade of
 * @astrojs/react): look at it again then.
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;

/** What is replaced, with what, and which ADR says why. */
const REPLACEMENTS: readonly { from: string; to: string; adr: string }[] = [
  {
    from: `  await renderToStaticMarkup.call(this, Tester, props, children);
  return isReactComponent;`,
    to: `  if (this && this.result) incrementId(this.result);
  return true;`,
    adr: 'ADR 027',
  },
  {
    from: `    html = ReactDOM.renderToString(vnode);`,
    to: `    html = ReactDOM.renderToString(vnode, renderOptions);`,
    adr: 'ADR 028',
  },
];

export function reactServerPlugin(): Plugin {
  return {
    name: '2m:react-server',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0] ?? '')) return undefined;
      if (!/import \{ incrementId \} from "\.\/context\.js";/.test(code)) {
        throw new Error(`${id}: @astrojs/react no longer imports incrementId; see src/build/react-server-plugin.ts (ADR 027)`);
      }
      let out = code;
      for (const { from, to, adr } of REPLACEMENTS) {
        if (out.split(from).length !== 2) throw new Error(`${id}: @astrojs/react's server renderer changed; see src/build/react-server-plugin.ts (${adr})`);
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}
