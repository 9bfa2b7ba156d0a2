// Runs every benchmark in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

for (const script of ['attendance-save.mjs', 'login-timing.mjs', 'frontend-size.mjs']) {
  console.log(`\n=== ${script} ===`);
  spawnSync(process.execPath, [join(import.meta.dirname, script), ...process.argv.slice(2)], { stdio: 'inherit' });
}
