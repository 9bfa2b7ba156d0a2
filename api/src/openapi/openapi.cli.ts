import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/app-config';
import { createApp } from '../create-app';
import { buildApiDocument } from './openapi';

/**
 * `node api/dist/openapi/openapi.cli.js <file.json>`: writes the API reference (the document /api/docs-json serves) to
 * a file, for the checks that read it from disk (scripts/openapi-check.mjs: Redocly's lint and a generated client).
 * The application is built on a throwaway SQLite database, whatever the environment says, and never listens.
 */
async function main(out: string | undefined): Promise<void> {
  if (!out) {
    console.error('Usage: node api/dist/openapi/openapi.cli.js <file.json>');
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      WEB_DIR: dir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    });
    const app = await createApp(config);
    try {
      writeFileSync(resolve(out), `${JSON.stringify(buildApiDocument(app), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv[2]).catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
