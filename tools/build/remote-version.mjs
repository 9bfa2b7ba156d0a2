import { rspack } from '@rspack/core';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Writes version.json beside a remote's remoteEntry.js: what a host checks before loading it (the shell refuses a
 * remote built against other contracts, or one that does not expect a singleton the shell provides) and what
 * `npm run remotes -- list` shows. COMMIT overrides `git rev-parse` (a build outside a checkout).
 */
export class RemoteVersionPlugin {
  constructor(dir, shared) {
    this.dir = dir;
    this.shared = shared;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemoteVersion', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteVersion', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
          const own = read(join(this.dir, 'package.json'));
          const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' });
          const version = {
            name: own.name,
            version: own.version,
            commit: process.env.COMMIT ?? (git.status === 0 ? git.stdout.trim() : 'unknown'),
            builtAt: new Date().toISOString(),
            contractsVersion: read(join(root, 'libs/contracts/package.json')).version,
            shared: Object.keys(this.shared).sort(),
          };
          compilation.emitAsset('version.json', new rspack.sources.RawSource(JSON.stringify(version, null, 2)));
        },
      );
    });
  }
}
