// One rspack + Module Federation setup for the shell (host) and the four remotes.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { resolve } from 'node:path';

/** Shared singletons: one React, router, antd, store, socket and kit on the page. */
// @ant-design/icons is not shared: shared modules are not tree-shaken, and the whole icon set would ship to every page;
// icons hold no state, so each app bundles just the ones it uses.
const SINGLETONS = [
  'react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', 'antd',
  '@reduxjs/toolkit', '@reduxjs/toolkit/query/react', 'react-redux', 'socket.io-client', 'dayjs', '@portal/kit', '@portal/contracts',
];
export const shared = Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false }]));

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string,string>, host?: boolean }} app
 */
export function createConfig({ dir, name, port, exposes, host = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      entry: { main: './src/index.ts' },
      // No eval-based source maps: the API's Content-Security-Policy forbids eval, in development too.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: resolve(dir, 'dist'),
        // The shell lives at / (deep links such as /admin/users must not resolve chunks relative to the path);
        // a remote's chunks are found relative to its own manifest.
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          remotes: {},
          shared,
          dts: false,
          manifest: true,
        }),
        host && new rspack.HtmlRspackPlugin({ template: resolve(dir, 'index.html'), publicPath: '/' }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
      ].filter(Boolean),
      optimization: { minimize: production },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: host,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/socket.io', '/remotes.json', '/remotes'], target: 'http://localhost:3000', ws: true }],
      },
    };
  };
}
