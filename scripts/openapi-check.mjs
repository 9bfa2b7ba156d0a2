#!/usr/bin/env node
// The API reference, checked from the outside (npm test runs it after the build; alone: `node scripts/openapi-check.mjs`
// after `npx nx run api:build`):
// 1. the built API writes its document (api/dist/openapi/openapi.cli.js), the one /api/docs-json serves;
// 2. Redocly CLI lints it with the recommended rules, warnings counted as errors (redocly.yaml);
// 3. openapi-typescript generates a client's types from it, and tsc compiles scripts/openapi-client-usage.ts against
//    them (strict): a client generated from the document compiles and types what the server takes and answers.
// Everything it writes goes to a temporary folder, removed at the end.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'api/dist/openapi/openapi.cli.js');
if (!existsSync(cli)) {
  console.error(`${cli} is missing: build the API first (npx nx run api:build).`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-check-'));
const document = join(dir, 'openapi.json');
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = {
  ...process.env,
  // Redocly CLI: no usage report, no update or Node-version notice (telemetry is also off in redocly.yaml).
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
};

/** Runs one step, its output shown after it (less the notice Redocly CLI prints on every run on Node 20). */
function step(label, cmd, args) {
  const began = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`
    .split('\n')
    .filter((line) => !/^\s*[╔║╚]/.test(line) && line.trim())
    .join('\n');
  if (output) console.log(output);
  if (res.error) console.error(res.error.message);
  const ok = res.status === 0;
  console.log(`${ok ? 'ok' : 'FAILED'}: ${label} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  return ok;
}

let ok;
try {
  ok =
    step('the API writes its OpenAPI document', process.execPath, [cli, document]) &&
    step('Redocly lint (recommended, no warning)', bin('redocly'), [
      'lint',
      '--config',
      join(root, 'redocly.yaml'),
      '--format',
      'stylish',
      document,
    ]) &&
    step('openapi-typescript generates the client types', bin('openapi-typescript'), [
      document,
      '--output',
      join(dir, 'openapi.ts'),
      '--silent',
    ]) &&
    (() => {
      copyFileSync(join(root, 'scripts/openapi-client-usage.ts'), join(dir, 'usage.ts'));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022'],
            module: 'esnext',
            moduleResolution: 'bundler',
            strict: true,
            noEmit: true,
            // The generated file is checked (it is .ts); the compiler's own lib files need not be.
            skipLibCheck: true,
            types: [],
            paths: { 'generated:openapi': ['./openapi.ts'] },
          },
          files: ['usage.ts', 'openapi.ts'],
        }),
      );
      return step('the generated client compiles (tsc --noEmit)', bin('tsc'), ['-p', join(dir, 'tsconfig.json')]);
    })();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
