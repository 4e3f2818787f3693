// @ts-check
/**
 * Lint: typescript-eslint recommended + eslint-plugin-astro recommended.
 * Physical CSS properties (margin-left, text-align: right…) are forbidden by
 * scripts/check-logical-css.ts, which `npm run lint` runs after ESLint.
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
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
);
