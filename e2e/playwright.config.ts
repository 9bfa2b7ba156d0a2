import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The portal is started as a user starts it (the built API serving the built web apps) on a fresh SQLite database.
const port = Number(process.env.E2E_PORT ?? 3211);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const root = resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, 'test-results', 'e2e'),
  // The longest flows sign in two or three people and walk a record through its states.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(root, 'test-results', 'playwright.json') }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    // Traces cost a third of the run's time; a failure keeps its screenshot and page snapshot (error-context.md).
    trace: 'off',
    // Each new context would install the service worker and precache every remote: pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: `node ${join(root, 'api', 'dist', 'main.js')}`,
    url: `http://localhost:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'test', LOGIN_LIMIT_PER_IP: '1000' },
  },
});
