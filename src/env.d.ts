/**
 * For plain `tsc` (astro check understands .astro files itself): tests that
 * render a page with the Container API import it as a module.
 */
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const Component: AstroComponentFactory;
  export default Component;
}
