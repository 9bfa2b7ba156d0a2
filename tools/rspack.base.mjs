// One rspack + Module Federation setup for the shell (host) and the five remotes.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PrecacheListPlugin } from './build/precache-list.mjs';
import { RemoteVersionPlugin } from './build/remote-version.mjs';
import { ANTD_GROUPS } from './perf/antd-chunks.mjs';

const root = resolve(import.meta.dirname, '..');

/**
 * The build's speed-ups that a benchmark can switch off to weigh them (bench/README.md, *Build plugins*):
 * `PERF_OFF=antd-chunks,prerender npm run build`. Never set for a real build.
 */
export const PERF_OFF = new Set((process.env.PERF_OFF ?? '').split(',').filter(Boolean));

/**
 * Shared singletons: one React, store binding, socket client, date library, core and contract on the page. Not shared:
 * @ant-design/icons (shared modules are not tree-shaken; icons hold no state, so each app bundles the ones it uses),
 * Redux Toolkit (only the core calls it, and the core is shared), the router (the core re-exports it: one copy without
 * shipping the whole package), and the domain libraries and @portal/ui (stateless; each remote bundles what it uses).
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-redux',
  'socket.io-client',
  'dayjs',
  '@portal/web-core',
  '@portal/contracts',
];

/**
 * The antd components the portal shares, listed (tools/shared-antd.json; shell/src/sharedAntd.test.ts fails when the
 * list and the source's antd imports differ). antd is shared one component at a time (`import { Table } from 'antd'`
 * becomes `antd/es/table` through swc's transformImport), so a page downloads the components it renders, not the whole
 * library; the shell provides each, so all antd code runs in one module scope with one ConfigProvider context (theme,
 * dark mode) and one style cache.
 */
const SHARED_ANTD = JSON.parse(readFileSync(join(root, 'tools/shared-antd.json'), 'utf8'));

/**
 * Every shared module comes from the shell: the remotes never bring a copy of their own (`import: false`), so each
 * runs once on the page and a remote's download holds only its own screens.
 * @param {boolean} host
 */
export function sharedConfig(host) {
  const config = { singleton: true, requiredVersion: false, ...(host ? {} : { import: false }) };
  return Object.fromEntries([...SINGLETONS, ...SHARED_ANTD].map((name) => [name, config]));
}

/** TypeScript and JSX through swc, antd imported one component at a time (`antd/es/<component>`). */
export function scriptRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      transformImport: [{ libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true }],
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * @param {{ dir: string, name: string, port: number, host?: boolean }} app
 */
export function createConfig({ dir, name, port, host = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const shared = sharedConfig(host);
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      // The shell references every shared module once (never called), so its build provides them all.
      entry: { main: host ? ['./src/index.ts', './shared-provides.js'] : './src/index.ts' },
      // Source maps stay on disk for debugging; the API does not serve them. No eval-based maps: the
      // Content-Security-Policy forbids eval, in development too.
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      output: {
        path: resolve(dir, 'dist'),
        // The shell lives at / (deep links such as /admin/users must not resolve chunks relative to the path);
        // a remote's chunks are found relative to its remoteEntry.js.
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: { rules: [scriptRule(production), { test: /\.css$/, type: 'css' }] },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          // A remote exposes its routes module (its pages by path); its route manifest is written beside remoteEntry.js.
          exposes: host ? {} : { './routes': './src/routes.tsx' },
          remotes: {},
          shared,
          // Shared modules resolve from what the page already registered: a mentee's page never initialises (and so
          // never downloads) the admin remote just to compare versions, which 'version-first' would do.
          shareStrategy: 'loaded-first',
          dts: false,
          // The shell reads /remotes.json (the URL of each remoteEntry.js) at run time, not mf-manifest.json.
          manifest: false,
          // One copy of the federation runtime on the page: the shell provides it, the remotes use it.
          experiments: {
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        // A remote's route manifest beside its remoteEntry.js, as written: the shell reads it at run time.
        !host &&
          existsSync(join(dir, 'src/route-manifest.json')) &&
          new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/route-manifest.json' }] }),
        !host && new RemoteVersionPlugin(dir, shared),
        host &&
          new rspack.experiments.VirtualModulesPlugin({
            'shared-provides.js': `export const provide = () => [${Object.keys(shared)
              .map((c) => `import('${c}')`)
              .join(', ')}];\n`,
          }),
        host && new rspack.HtmlRspackPlugin({ template: resolve(dir, 'index.html'), publicPath: '/' }),
        // The web app manifest, icons, offline page and service worker, copied as they are.
        host && new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
        production && new PrecacheListPlugin(),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          // The singletons the shell provides: it refuses a remote whose version.json does not expect them all.
          ...(host && { 'process.env.SHELL_SHARED': JSON.stringify(JSON.stringify(Object.keys(shared).sort())) }),
        }),
      ].filter(Boolean),
      optimization: {
        minimize: production,
        // CSS for the browsers antd 6 supports: no right-to-left and prefix fallbacks (antd.css tripled in size with them).
        minimizer: [
          new rspack.SwcJsMinimizerRspackPlugin(),
          new rspack.LightningCssMinimizerRspackPlugin({
            minimizerOptions: { targets: ['chrome >= 100', 'edge >= 100', 'firefox >= 100', 'safari >= 15.4'] },
          }),
        ],
        // Shared modules load as separate async chunks; with the default floor, code that two of them use (antd's
        // utilities) is copied into each. A small floor puts it in a chunk of its own instead.
        splitChunks: {
          chunks: 'async',
          minSize: 5000,
          cacheGroups: host && !PERF_OFF.has('antd-chunks') ? ANTD_GROUPS : {},
        },
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: host,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/socket.io', '/remotes.json', '/remotes'], target: 'http://localhost:3000', ws: true },
        ],
      },
    };
  };
}
