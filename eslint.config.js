// @ts-check
/**
 * Lint: typescript-eslint recommended + eslint-plugin-astro recommended.
 * Physical CSS properties (margin-left, text-align: right…) are forbidden by
 * scripts/check-logical-css.ts, which `npm run lint` runs after ESLint.
 *
 * Layering (docs/architecture.md):
 * - browser code (islands, stores, components' scripts, the click tracker)
 *   calls the network only through src/lib/api-client.ts
 *   (apiRequest, siteFetch, beacon): no fetch, XMLHttpRequest, sendBeacon;
 * - src/server never imports from components or islands (the server
 *   serves them, not the reverse);
 * - islands read stores with src/stores/use-store.ts, not
 *   @nanostores/react's useStore (ADR 028);
 * - the desk (src/desk, ADR 033) calls its API only through src/desk/api.ts.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default defineConfig(
  globalIgnores([
    'dist/**',
    'dist-*/**',
    'public/**',
    '.astro/**',
    'src/paraglide/**',
    'node_modules/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
  ]),
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    // Browser code: islands, stores, components' scripts, and the click tracker.
    files: ['src/islands/**', 'src/stores/**', 'src/components/**', 'src/lib/click-tracking.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Islands call the server through src/lib/api-client.ts (apiRequest, or siteFetch for a raw answer).' },
        { name: 'XMLHttpRequest', message: 'Islands call the server through src/lib/api-client.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Use src/lib/api-client.ts.' },
        { object: 'globalThis', property: 'fetch', message: 'Use src/lib/api-client.ts.' },
        { object: 'navigator', property: 'sendBeacon', message: 'Use beacon() from src/lib/api-client.ts.' },
      ],
    },
  },
  {
    // The desk's application talks to /api/desk only through src/desk/api.ts (CSRF header, envelope, 401).
    files: ['src/desk/**'],
    ignores: ['src/desk/api.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The desk calls its API through src/desk/api.ts.' },
        { name: 'XMLHttpRequest', message: 'The desk uploads through upload() of src/desk/api.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Use src/desk/api.ts.' },
        { object: 'globalThis', property: 'fetch', message: 'Use src/desk/api.ts.' },
      ],
    },
  },
  {
    // Islands read stores through src/stores/use-store.ts (no timer per server render, ADR 028).
    files: ['src/islands/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@nanostores/react', importNames: ['useStore'], message: 'Use useStore from src/stores/use-store.ts.' }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/components/**', '**/islands/**', '*.astro', '**/*.astro'],
              message: 'src/server never imports from components or islands (the page types of src/layouts/meta.ts are shared).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
);
