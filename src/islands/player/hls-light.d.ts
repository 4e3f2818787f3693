/**
 * hls.js's light build (`hls.js/light`) has the same API as the full one,
 * but its package exports point at no type declarations for it.
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
