/**
 * One React render per island, not two (ADR 027). Astro asks each renderer
 * whether it owns a component it has not seen tagged; @astrojs/react's
 * `check` answers by rendering the component once with React
 * (`renderToStaticMarkup` of a "Tester" wrapper, a whole
 * `renderToReadableStream`) and throwing the result away, then Astro renders
 * it again for the page. React is this site's only framework renderer and
 * every function component an .astro file renders is React, so the build's
 * copy of `check` skips that first render: it takes the React id prefix the
 * tester's render would have taken (`incrementId`), so prefixes stay unique
 * within a page, and says yes. Objects, class components and the
 * include/exclude filter keep @astrojs/react's own answers.
 *
 * The build fails if @astrojs/react's `check` no longer reads as expected
 * (an upgrade): look at it again then.
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const TESTER_RENDER = `  await renderToStaticMarkup.call(this, Tester, props, children);
  return isReactComponent;`;
const WITHOUT_RENDER = `  if (this && this.result) incrementId(this.result);
  return true;`;

export function reactCheckPlugin(): Plugin {
  return {
    name: '2m:react-check',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0] ?? '')) return undefined;
      if (code.split(TESTER_RENDER).length !== 2 || !/import \{ incrementId \} from "\.\/context\.js";/.test(code)) {
        throw new Error(`${id}: @astrojs/react's check changed; see src/build/react-check-plugin.ts (ADR 027)`);
      }
      return { code: code.replace(TESTER_RENDER, WITHOUT_RENDER), map: null };
    },
  };
}
