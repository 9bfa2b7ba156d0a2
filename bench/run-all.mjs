// Runs every benchmark in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// scale-seed.mjs fills portal_scale once (minutes) and is a no-op after; http-reads.mjs and school-day.mjs (~25 min) run
// on it. chat-fanout.mjs and login-storm.mjs use MariaDB whatever the argument (and Redis at 127.0.0.1:6379 for the fan-out).
for (const script of [
  'attendance-save.mjs',
  'login-timing.mjs',
  'frontend-size.mjs',
  'page-load.mjs',
  'data-export.mjs',
  'scale-seed.mjs',
  'http-reads.mjs',
  'cost-per-request.mjs',
  'chat-fanout.mjs',
  'login-storm.mjs',
  'school-day.mjs',
]) {
  console.log(`\n=== ${script} ===`);
  spawnSync(process.execPath, [join(import.meta.dirname, script), ...process.argv.slice(2)], { stdio: 'inherit' });
}
