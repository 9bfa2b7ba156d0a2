// Runs the API from its TypeScript sources in a process of its own (`node -r ./ts-register.cjs api/src/main.ts`), for
// fault tests that watch a real process (its exit code, its output): compiled as jest compiles it (api/jest.config.cjs),
// so the test runs the code in the working tree, not a stale build.
const Module = require('node:module');
const { join } = require('node:path');
const { addHook } = require('pirates');
const swc = require('@swc/core');

const contracts = join(__dirname, '..', '..', '..', 'libs', 'contracts', 'src', 'index.ts');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === '@portal/contracts' ? contracts : request, ...rest);
};

addHook(
  (code, filename) =>
    swc.transformSync(code, {
      filename,
      sourceMaps: 'inline',
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);
