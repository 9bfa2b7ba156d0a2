import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from './support/wait';

/** The health check's status on a new connection, or 'refused' (no connection, or the server closing it). */
const health = (port: number) =>
  new Promise<number | 'refused'>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 503 ? 'refused' : (res.statusCode ?? 0));
    });
    req.on('error', () => resolve('refused'));
    req.end();
  });

/** The built API as `npm start` runs it, stopped with SIGTERM while a request is half-way through arriving. */
describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new ones, then exits', async () => {
    const port = 4100 + Math.floor(Math.random() * 800);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-stop-')),
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    const proc = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      proc.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the portal did not start')), 40000);
      proc.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('Mentor portal running')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });

    const body = JSON.stringify({ email: 'mentor@example.edu', password: 'Demo@2026' });
    // "Expect: 100-continue": the server answers "continue" once it has read the request's head, so the test knows
    // the request is in flight there before it stops the server.
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answer = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    const started = new Promise<void>((resolve, reject) => {
      req.once('continue', resolve);
      setTimeout(() => reject(new Error('the server did not read the request within 10 s')), 10_000).unref();
    });
    req.flushHeaders();
    await started;
    await new Promise<void>((resolve, reject) => req.write(body.slice(0, 10), (e) => (e ? reject(e) : resolve())));
    proc.kill('SIGTERM');
    // Stopping: new requests are refused while this one is still half-way through arriving.
    await waitUntil(async () => (await health(port)) === 'refused', { ms: 20_000, what: 'refusing new requests' });
    req.end(body.slice(10));

    expect(await answer).toBe(200);
    const end = await exited;
    expect(end.code === 0 || end.signal === 'SIGTERM').toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60000);
});
