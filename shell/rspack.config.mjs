import { rspack } from '@rspack/core';
import { resolve } from 'node:path';
import { PrerenderPlugin } from '../tools/perf/prerender.mjs';
import { createConfig, PERF_OFF, scriptRule } from '../tools/rspack.base.mjs';

const dir = import.meta.dirname;
const app = createConfig({ dir, name: 'shell', port: 4200, host: true });
// The Node build of src/prerender.tsx: a build tool, so it stays out of dist (and out of the service worker's list).
const prerenderFile = resolve(dir, '../node_modules/.cache/portal-prerender/prerender.cjs');

export default (env, argv) => {
  const web = app(env, argv);
  if (argv.mode === 'development') return web;
  return [
    {
      name: 'prerender',
      context: dir,
      mode: 'production',
      target: 'node',
      entry: './src/prerender.tsx',
      devtool: false,
      output: {
        path: resolve(prerenderFile, '..'),
        filename: 'prerender.cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: web.resolve,
      // ws's optional native helpers (socket.io-client's Node transport, never used here): left to a require that fails.
      externals: { bufferutil: 'commonjs bufferutil', 'utf-8-validate': 'commonjs utf-8-validate' },
      module: { rules: [scriptRule(true)] },
      optimization: { minimize: false },
      performance: { hints: false },
      plugins: [
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
        // One file: the page's lazy parts (the forgot-password dialog) are never drawn here.
        new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ],
    },
    {
      ...web,
      name: 'shell',
      dependencies: ['prerender'],
      plugins: [...web.plugins, !PERF_OFF.has('prerender') && new PrerenderPlugin(prerenderFile)].filter(Boolean),
    },
  ];
};
