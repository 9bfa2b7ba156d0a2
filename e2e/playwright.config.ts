import { defineConfig } from '@playwright/test';
import { join, resolve } from 'node:path';

// Each worker starts its own portal (support/portal.ts): tests import `test` from there, not from @playwright/test.
const root = resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, 'test-results', 'e2e'),
  // The longest flows sign in two or three people and walk a record through its states.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each worker has its own portal and database (support/portal.ts); two share the machine's two cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(root, 'test-results', 'playwright.json') }],
  ],
  use: {
    screenshot: 'only-on-failure',
    // Traces cost a third of the run's time; a failure keeps its screenshot and page snapshot (error-context.md).
    trace: 'off',
    // Each new context would install the service worker and precache every remote: pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
