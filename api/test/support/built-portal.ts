import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on now (the system picks it), instead of a random guess that may be taken. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The environment of a portal on a free port and its own data folder (SQLite), as `npm start` runs it. */
export const portalEnv = async (extra: NodeJS.ProcessEnv = {}) => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-proc-')),
    SEED_DEMO: 'true',
    NODE_ENV: 'test',
    ...extra,
  };
  delete env.DATABASE_URL;
  return { port, env };
};

/**
 * Starts a process and resolves once its output contains `ready` (at most `ms`); answers the process and its exit. The
 * output is gathered, not read chunk by chunk (a pipe may split the line), and an early exit fails at once with what
 * it printed.
 */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
  ms = 40_000,
): Promise<{
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output: () => string;
}> {
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${why}; it printed:\n${output.slice(-4000)}`));
    };
    const timer = setTimeout(() => fail(`${args.at(-1)} did not start within ${ms / 1000} s`), ms);
    const gather = (d: Buffer) => {
      output += d.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', gather);
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    void exited.then(({ code, signal }) => fail(`${args.at(-1)} exited before it started (${code ?? signal})`));
  });
  return { proc, exited, output: () => output };
}

/** The built API as `npm start` runs it, with `env`: once it says it runs. */
export const startPortal = (env: NodeJS.ProcessEnv) =>
  startProcess([join(__dirname, '..', '..', 'dist', 'main.js')], env, 'Mentor portal running');
