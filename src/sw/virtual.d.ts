/** The compiled service worker (src/sw/vite-plugin.ts). */
declare module 'virtual:service-worker' {
  const source: string;
  export default source;
}
