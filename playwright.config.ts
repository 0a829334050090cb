import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser tests run the built server on a fresh SQLite file, in Debian's Chromium (no browser download).
// The workers get the file's address too (they inherit this process's environment): their fixtures
// write each test's own products, deals and accounts into it (tests/e2e/fixtures.ts).
const port = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_DATABASE_URL ??= `sqlite:${join(mkdtempSync(join(tmpdir(), 'pdp-e2e-')), 'store.sqlite')}`;
const database = process.env.E2E_DATABASE_URL;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test is fixed, not retried.
  retries: 0,
  // A whole product page now carries several areas' slices; 60 s per test leaves room on a busy 2-core CI
  // machine (a test that needs more says test.slow()). An assertion waits up to 10 s: with three
  // browsers on two cores a navigation or a dialog's round trip has taken over 5 s (a passing test never
  // waits longer for it; only a failing one fails later).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Browser tests mostly wait (round trips, timers, animations): three workers on a 2-core machine
  // finish the suite in about 15 minutes where two took 19 (docs/performance.md).
  workers: 3,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The delivery location prompt (DP-005) would open over every first desktop visit; its own spec clears this.
    storageState: {
      cookies: [
        {
          name: 'location-prompt',
          value: 'dismissed',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
  webServer: {
    command: 'node dist/server/server.js',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
