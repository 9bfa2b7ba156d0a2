/**
 * Runs the spec files listed in API_SPECS (comma-separated paths) in this one jest test file, each in a describe of its
 * own name: the API's modules (Nest, TypeORM, the entities) load once for all of them instead of once per file, which
 * was most of the API passes' time (bench/README.md, *npm test*). Each spec still starts its own application on its
 * own database, so what one file leaves behind never reaches the next. scripts/test.mjs uses it; one spec alone runs as
 * before: `TEST_DB=sqlite npx jest -c api/jest.config.cjs api/test/<name>.e2e-spec.ts`.
 */
import { basename } from 'node:path';

const specs = (process.env.API_SPECS ?? '').split(',').filter(Boolean);
if (!specs.length) throw new Error('specs.bundle.ts: API_SPECS lists no spec file');

for (const spec of specs)
  describe(basename(spec), () => {
    // A spec's top-level hooks and tests join this describe: required here, not imported at the top.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(spec);
  });
