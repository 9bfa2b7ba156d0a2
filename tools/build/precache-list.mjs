import { rspack } from '@rspack/core';

/**
 * Writes precache-manifest.json beside the build: the files the service worker keeps for an offline start (the API
 * joins the shell's and each remote's list into /sw.js). Source maps, licence notes and the worker itself are left out.
 */
export class PrecacheListPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecacheList', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecacheList', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = compilation
            .getAssets()
            .map((asset) => asset.name)
            .filter((file) => !/\.map$|\.LICENSE\.txt$|^sw\.js$|^precache-manifest\.json$/.test(file))
            .sort();
          compilation.emitAsset('precache-manifest.json', new rspack.sources.RawSource(JSON.stringify(files, null, 2)));
        },
      );
    });
  }
}
