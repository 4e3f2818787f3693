/**
 * Browser tests (tests/e2e) in Debian's Chromium (/usr/bin/chromium; never a
 * downloaded browser) against the built server, started by
 * scripts/test-server.ts on a seeded temporary DATA_DIR.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT) || 4455;
// The store of the server under test, for specs that check what landed in it
// (E2E_DATA_DIR/site.sqlite). Set it yourself when reusing a running server.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `2m-e2e-${port}`);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // One file at a time: measured here, a second browser on two cores made
  // each test slower by as much as it saved (E2E_WORKERS=2 to try again).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    headless: true,
    // Still pages: most tests do not look at motion, and the ticker's loop
    // repaints without end in software (no GPU here), costing the two cores
    // a fifth of their time. The specs about motion ask for it themselves.
    reducedMotion: 'reduce',
    // A trace records a screencast of every test, kept or not: in CI, where
    // only the printed output survives, that cost a third of the browser
    // tests' time (video pages: 2.1 min with traces, 1.5 min without).
    // Locally a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: chromiumLaunch(),
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // The Node running Playwright (Node 24 through npm scripts) also runs the server.
    command: `"${process.execPath}" scripts/test-server.ts --port ${port} --data-dir "${process.env.E2E_DATA_DIR}"`,
    // Ready (200) once the first pre-build is in place: listening is not enough.
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
