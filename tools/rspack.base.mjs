// One rspack + Module Federation setup for the shell (host) and the four remotes.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import ts from 'typescript';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

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

/** A test for files under node_modules/<one of the folders>/ (folders written with /, any separator matches). */
const underPackages = (folders) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${folders.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`);

/**
 * The shell's antd code in two files instead of ~50: each shared component loads as its own async chunk, and the
 * modules several of them use were split into dozens of sub-kilobyte chunks, each a request with its own gzip window.
 * - `antd-core`: the theme, style engine, ConfigProvider, motion and popup placement every antd page needs, sign-in
 *   included (the components' token helpers, `@ant-design/cssinjs-utils`, stay out: sign-in draws no antd component).
 * - `antd-frame`: what every signed-in page draws (the layout's menu, switch, avatar and badge; the dashboards'
 *   skeletons, empty states, tags and grid) with their `@rc-component` packages. Sign-in uses none of it (a module of
 *   it used there would bring the whole group: bench/frontend-size.mjs shows it at once).
 */
const ANTD_GROUPS = {
  antdCore: {
    name: 'antd-core',
    test: underPackages([
      'antd/es/(theme|style|config-provider)',
      '@ant-design/(cssinjs|fast-color|colors)',
      '@rc-component/(motion|trigger|portal|resize-observer)',
      'stylis',
      '@emotion/[a-z]+',
      'clsx',
    ]),
    chunks: 'async',
    enforce: true,
    priority: 10,
  },
  antdFrame: {
    name: 'antd-frame',
    test: underPackages([
      'antd/es/(menu|badge|avatar|switch|layout|popover|skeleton|empty|tag|grid|row|col|flex|button)',
      '@rc-component/(menu|overflow|switch|form|async-validator)',
    ]),
    chunks: 'async',
    enforce: true,
    priority: 5,
  },
};

/**
 * Every shared module comes from the shell: the remotes never bring a copy of their own (`import: false`), so each
 * runs once on the page and a remote's download holds only its own screens.
 * @param {boolean} host
 */
export function sharedConfig(host) {
  const config = { singleton: true, requiredVersion: false, ...(host ? {} : { import: false }) };
  return Object.fromEntries([...SINGLETONS, ...SHARED_ANTD].map((name) => [name, config]));
}

/**
 * Writes precache-manifest.json beside the build: the files the service worker keeps for an offline start (the API
 * joins the shell's and each remote's list into /sw.js). Source maps, licence notes and the worker itself are left out.
 */
class PrecacheListPlugin {
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

/**
 * Writes version.json beside a remote's remoteEntry.js: what a host checks before loading it (the shell refuses a
 * remote built against other contracts, or one that does not expect a singleton the shell provides) and what
 * `npm run remotes -- list` shows. COMMIT overrides `git rev-parse` (a build outside a checkout).
 */
class RemoteVersionPlugin {
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

/** The share key of a provide or consume module of Module Federation ("react-dom/client", "antd/es/button"). */
function shareKeyOf(module) {
  const match = /^(?:provide|consume) shared module \([^)]*\) (.+?)@/.exec(module.identifier());
  if (!match) throw new Error(`StartupPreload: no share key in "${module.identifier()}"`);
  return match[1];
}

/**
 * The shell's script files that every start runs after main.js: the chunks of `import('./bootstrap')`, and, for each
 * shared module they consume, the chunks the shell provides it from (antd-core among them), and so on for what those
 * consume. Without hints the browser finds them only once main.js has run and asked for them (bench/page-load.mjs).
 * Lazy imports (the layout, other pages) are not followed: they are not needed to start.
 */
export function startupScripts(compilation) {
  const { chunkGraph } = compilation;
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    const groups = module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
    provided.set(shareKeyOf(module), groups);
  }
  const bootstrap = compilation.chunkGroups.filter((g) => g.origins.some((o) => o.request === './bootstrap'));
  if (bootstrap.length !== 1) throw new Error(`StartupPreload: ${bootstrap.length} chunk groups for ./bootstrap`);
  const chunks = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModules(chunk)) {
        if (module.type === 'consume-shared-module') for (const g of provided.get(shareKeyOf(module)) ?? []) visit(g);
      }
    }
  };
  visit(bootstrap[0]);
  return [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))).sort();
}

/**
 * Writes `<link rel="preload" as="script">` into index.html for startupScripts(): they download beside main.js instead
 * of after it has run. The chunks are classic scripts loaded by script tags without `crossorigin` (the preload
 * matches them only if it has none either); a preload needs no script-src hash.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreload', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
        'StartupPreload',
        async (data) => {
          const links = startupScripts(compilation).map((file) => ({
            tagName: 'link',
            voidTag: true,
            attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
          }));
          data.headTags.push(...links);
          return data;
        },
      );
    });
  }
}

/** Each path of a remote's `pages` (src/routes.tsx) with the module its lazyPage imports: "/dashboard" → "./dashboard/X". */
function pageImports(routesFile) {
  const source = ts.createSourceFile(routesFile, readFileSync(routesFile, 'utf8'), ts.ScriptTarget.Latest);
  const imports = new Map();
  const importIn = (node) =>
    ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
      ? node.arguments[0].text
      : ts.forEachChild(node, importIn);
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && node.name.text.startsWith('/')) {
      const request = importIn(node.initializer);
      if (request) imports.set(node.name.text, request);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}

/**
 * Writes a remote's route manifest beside its remoteEntry.js with the script files a start on it needs: `chunks`, the
 * routes module's (what the shell's loadRemote('<remote>/routes') runs), and on each route, its page's (the chunks of
 * that path's lazyPage import in src/routes.tsx, less the routes module's). The shell hints them with the entry
 * (`preloadRemoteFor`), so a page's code downloads beside the entry instead of two runs of code later. Only this
 * remote's files: the shared modules a page consumes come from the shell and load as before.
 */
class RouteChunksPlugin {
  constructor(dir) {
    this.manifestFile = join(dir, 'src/route-manifest.json');
    this.routesFile = join(dir, 'src/routes.tsx');
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteChunks', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteChunks', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.fileDependencies.add(this.manifestFile);
          compilation.fileDependencies.add(this.routesFile);
          const manifest = JSON.parse(readFileSync(this.manifestFile, 'utf8'));
          const filesOf = (group) =>
            [...group.chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))).sort();
          const exposed = compilation.chunkGroups.filter((g) =>
            g.origins.some((o) => o.module?.identifier().startsWith('container entry')),
          );
          if (exposed.length !== 1)
            throw new Error(`RouteChunks: ${exposed.length} chunk groups for the exposed routes`);
          const routesChunks = filesOf(exposed[0]);
          const imports = pageImports(this.routesFile);
          for (const route of manifest.routes) {
            const request = imports.get(route.path);
            if (!request) continue; // a redirect: no code of its own
            const groups = compilation.chunkGroups.filter((g) =>
              g.origins.some((o) => o.request === request && o.module?.resource === this.routesFile),
            );
            if (groups.length !== 1) throw new Error(`RouteChunks: ${groups.length} chunk groups for ${route.path}`);
            route.chunks = filesOf(groups[0]).filter((file) => !routesChunks.includes(file));
          }
          compilation.emitAsset(
            'route-manifest.json',
            new rspack.sources.RawSource(JSON.stringify({ ...manifest, chunks: routesChunks }, null, 2)),
          );
        },
      );
    });
  }
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
        !host && existsSync(join(dir, 'src/route-manifest.json')) && new RouteChunksPlugin(dir),
        !host && new RemoteVersionPlugin(dir, shared),
        host &&
          new rspack.experiments.VirtualModulesPlugin({
            'shared-provides.js': `export const provide = () => [${Object.keys(shared)
              .map((c) => `import('${c}')`)
              .join(', ')}];\n`,
          }),
        host && new rspack.HtmlRspackPlugin({ template: resolve(dir, 'index.html'), publicPath: '/' }),
        host && production && new StartupPreloadPlugin(),
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
        splitChunks: { chunks: 'async', minSize: 5000, cacheGroups: host ? ANTD_GROUPS : {} },
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
