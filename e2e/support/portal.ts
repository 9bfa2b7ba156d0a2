import { test as base } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export * from '@playwright/test';

const root = resolve(__dirname, '..', '..');

/** A port nothing listens on now, chosen by the system. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

/**
 * The tests' `test`: each worker has a portal of its own, started as a user starts it (the built API serving the built
 * web apps) on a fresh SQLite database with the demo data, so workers run side by side without sharing records. Every
 * page, context and API request of the worker's tests goes to it (baseURL).
 */
/** The worker's portal: its address, and what `npm start` is given, for commands run on its database. */
export interface Portal {
  url: string;
  env: Record<string, string>;
}

/**
 * Starts the built API as `npm start` does, on a fresh SQLite database with the demo data, and `extra` in its
 * environment; `port` when the address must be known before (a provider's redirect URI). Answers the portal and a
 * function that stops it and removes its data.
 */
export async function startPortal(
  extra: Record<string, string> = {},
  port?: number,
): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'test', LOGIN_LIMIT_PER_IP: '1000', ...extra };
  const proc = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  proc.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the portal exited before it started:\n${errors}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the portal did not answer within 60 s:\n${errors}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    proc.kill('SIGTERM');
    const late = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(late);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { portal: { url, env }, stop };
}

export const test = base.extend<object, { portal: Portal }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const { portal, stop } = await startPortal();
      await use(portal);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});
