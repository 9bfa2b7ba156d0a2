import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    req.end(body.slice(10));

    expect(await answer).toBe(200);
    const end = await exited;
    expect(end.code === 0 || end.signal === 'SIGTERM').toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60000);
});
