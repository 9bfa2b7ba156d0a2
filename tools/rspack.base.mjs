// One rspack + Module Federation setup for the shell (host) and the four remotes.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Shared singletons: one React, router, store, socket and kit on the page. */
// @ant-design/icons is not shared: shared modules are not tree-shaken, and the whole icon set would ship to every page;
// icons hold no state, so each app bundles just the ones it uses.
// Redux Toolkit is not shared: only the kit (itself shared, built into the shell) calls it, so the shell's build
// tree-shakes it; the remotes reach the store and the API through the kit. react-redux stays shared: its context must
// be the one the shell's Provider fills, should a remote ever read it directly.
const SINGLETONS = [
  'react', 'react/jsx-runtime', 'react-dom', 'react-dom/client',
  'react-redux', 'socket.io-client', 'dayjs',
  '@portal/kit', '@portal/contracts',
];
// '@portal/kit/workflows' is deliberately not shared: a shared module ships whole, so every page would download every
// board, chart and chat helper. It holds no state of its own (it reaches the store, API and socket through the shared
// '@portal/kit'), so each remote bundles, tree-shaken, just the parts its screens use.

/**
 * antd is shared one component at a time (`import { Table } from 'antd'` is rewritten to `antd/es/table`), so a page
 * downloads the components it renders, not the whole library (436 KB gzip). The shell provides every component the
 * portal uses and the remotes never bring their own copy (`import: false`): all antd code then runs in the shell's
 * module scope, with one ConfigProvider context (theme, dark mode) and one style cache for the whole page.
 */
function antdComponents() {
  const names = new Set();
  for (const dir of ['shell/src', ...REMOTE_SOURCES, 'libs/kit/src']) {
    for (const [, text] of sources(dir)) {
      for (const m of text.matchAll(/^import \{([^}]*)\} from 'antd';/gm)) {
        for (const spec of m[1].split(',')) names.add(spec.trim().split(/\s+as\s+/)[0]);
      }
    }
  }
  names.delete('');
  return [...names].map((n) => `antd/es/${n.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase()}`).sort();
}

const REMOTE_SOURCES = ['mfe-admin/src', 'mfe-mentor/src', 'mfe-mentee/src', 'mfe-chat/src', 'libs/kit/src/workflows'];

/** The TypeScript sources of a folder (tests excluded), as [path, text]. */
function sources(dir) {
  return readdirSync(join(root, dir), { recursive: true })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|testing\//.test(f))
    .map((f) => [join(dir, f), readFileSync(join(root, dir, f), 'utf8')]);
}

/** Remote code must take the router from '@portal/kit' (see libs/kit/src/router.ts): a copy of its own has no state. */
function checkRouterImports() {
  const wrong = REMOTE_SOURCES.flatMap((dir) => sources(dir)).filter(([, text]) => /from 'react-router(-dom)?'/.test(text));
  if (wrong.length) throw new Error(`Import the router from '@portal/kit', not 'react-router-dom': ${wrong.map(([f]) => f).join(', ')}`);
}

/**
 * Every shared module comes from the shell: the remotes never bring a copy of their own (`import: false`), so each
 * runs once on the page, in the shell's module scope, and a remote's download holds only its own screens.
 * @param {boolean} host
 */
export function sharedConfig(host) {
  const config = { singleton: true, requiredVersion: false, ...(host ? {} : { import: false }) };
  return Object.fromEntries([...SINGLETONS, ...antdComponents()].map((name) => [name, config]));
}

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string,string>, host?: boolean }} app
 */
export function createConfig({ dir, name, port, exposes, host = false }) {
  checkRouterImports();
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      // The shell references every shared module once (never called), so its build provides them all.
      entry: { main: host ? ['./src/index.ts', './shared-provides.js'] : './src/index.ts' },
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
          // antd's rc-component packages do not declare themselves free of import side effects (they are: no CSS, no
          // globals), so a page would get every module their index re-exports, e.g. all of rc-form with its validator
          // for the one context an Input reads.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          {
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
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          remotes: {},
          shared: sharedConfig(host),
          // Shared modules resolve from what the page already registered: a mentee's page never initialises (and so
          // never downloads) the admin remote just to compare versions, which 'version-first' would do.
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          // One copy of the federation runtime on the page: the shell provides it, the remotes use it (each remoteEntry
          // would otherwise carry its own, 33 KB gzip).
          experiments: {
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        // antd's button and tag styles take one colour helper from the colour picker's presets panel (and with it
        // Collapse): give them the helper alone.
        new rspack.NormalModuleReplacementPlugin(/[\\/]color-picker[\\/]components[\\/]ColorPresets(\.js)?$/, (data) => {
          if (/[\\/]antd[\\/]es[\\/](button|tag)[\\/]/.test(data.contextInfo?.issuer ?? '')) data.request = resolve(root, 'tools/antd-is-bright.ts');
        }),
        host && new rspack.experiments.VirtualModulesPlugin({
          'shared-provides.js': `export const provide = () => [${Object.keys(sharedConfig(true)).map((c) => `import('${c}')`).join(', ')}];\n`,
        }),
        host && new rspack.HtmlRspackPlugin({ template: resolve(dir, 'index.html'), publicPath: '/' }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
      ].filter(Boolean),
      optimization: {
        minimize: production,
        // Shared modules load as separate async chunks; with the default 20 KB floor, code two of them use (antd's
        // utilities, locale, icon base) is copied into each. A lower floor puts it in a chunk of its own instead.
        splitChunks: { chunks: 'async', minSize: Number(process.env.SPLIT_MIN ?? 5000) },
      },
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
