/// <reference types="vitest/config" />
/**
 * Two test projects:
 *  - unit: tests/unit/**, plain node, no server (`npm run test:unit`);
 *  - api:  tests/api/**, HTTP contract tests against the built server, started
 *          on a seeded temporary DATA_DIR by tests/api/global-setup.ts
 *          (`npm run test:api`).
 * getViteConfig makes the Astro Vite setup available, so unit tests can also
 * render .astro components with the Container API.
 */
import { getViteConfig } from 'astro/config';

export default getViteConfig(
  {
    test: {
      // One worker per core. Vitest's default leaves one core to its main
      // process: on the 2-core CI machine, one file at a time. Two workers
      // took the unit suite from 135 to 101 s there (the API project runs its
      // files one by one whatever this says).
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            // src/lib/tokens.ts reads the token file as text (?raw): vitest hands out CSS empty unless included.
            css: { include: [/src\/styles\/tokens\.css/] },
            include: ['tests/unit/**/*.test.ts'],
            environment: 'node',
            // TEST_DATABASE_URL: every test store is a scratch PostgreSQL database (tests/support/pg-unit-setup.ts).
            globalSetup: ['tests/support/pg-unit-global.ts'],
            setupFiles: ['tests/support/pg-unit-setup.ts'],
            // Some unit tests run ESLint, encode pictures or start a render
            // worker: seconds of CPU that a shared CI machine can stretch
            // past vitest's 5 s default. No unit test asserts a duration
            // (benchmarks do), so a longer limit only catches hangs.
            testTimeout: 20_000,
            hookTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/api/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 30_000,
            // One server for all files, and some files swap its pre-built site: run files one by one.
            fileParallelism: false,
          },
        },
      ],
    },
  },
  { logLevel: 'warn' },
);
