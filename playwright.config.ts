/**
 * Browser tests (tests/e2e) in Debian's Chromium (/usr/bin/chromium; never a
 * downloaded browser) against the built server, started by
 * scripts/test-server.ts on a seeded temporary DATA_DIR.
 */
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT) || 4455;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // The Node running Playwright (Node 24 through npm scripts) also runs the server.
    command: `"${process.execPath}" scripts/test-server.ts --port ${port}`,
    url: `${baseURL}/api/openapi.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
