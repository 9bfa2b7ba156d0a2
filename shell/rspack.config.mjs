import { rspack } from '@rspack/core';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { createConfig, scriptRule } from '../tools/rspack.base.mjs';

const dir = import.meta.dirname;
const app = createConfig({ dir, name: 'shell', port: 4200, host: true });
// The Node build of src/prerender.tsx: a build tool, so it stays out of dist (and out of the service worker's list).
const prerenderFile = resolve(dir, '../node_modules/.cache/portal-prerender/prerender.cjs');

/**
 * Shown while the app's code downloads, to a visitor opening / or /login in English (stored language, else the
 * browser's) with no stored session: the same test the app makes. Decided in <head>, before anything is drawn.
 */
const decide = (languages) => `
try {
  var languages = ${JSON.stringify(languages)};
  var saved = localStorage.getItem('language');
  var language = languages.indexOf(saved) >= 0 ? saved : navigator.language.slice(0, 2);
  if (languages.indexOf(language) < 0) language = 'en';
  var path = location.pathname;
  if ((path === '/' || path === '/login') && language === 'en' && !localStorage.getItem('token'))
    document.documentElement.classList.add('prerender');
} catch (e) {}`;

// The other theme's drawing (or both, when the page is not for it) leaves the document: its ids would be doubled.
const keepOne = `
(function () {
  var drawn = document.getElementById('prerendered');
  if (!document.documentElement.classList.contains('prerender')) return drawn.remove();
  var dark = document.documentElement.dataset.theme === 'dark';
  drawn.querySelector(dark ? '.prerendered-light' : '.prerendered-dark').remove();
})();`;

// Hidden unless chosen; while it shows, the app's root stays hidden (its spinner) until the app removes the drawing.
const css = (iconStyles) =>
  '#prerendered{display:none}html.prerender #prerendered{display:block}' +
  'html.prerender #prerendered~#root{display:none}' +
  "html[data-theme='dark'] .prerendered-light,html:not([data-theme='dark']) .prerendered-dark{display:none}" +
  '.prerendered-form{border:0;margin:0;padding:0;min-width:0}' +
  iconStyles.replace(/\s+/g, ' ');

/**
 * Puts the sign-in page, drawn by the prerender build in both themes, into index.html before the app's root. Inert, its
 * fields disabled (a fieldset): nothing typed there could be kept when the app replaces it (web-core's dropPrerendered).
 */
class PrerenderPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('Prerender', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('Prerender', async (data) => {
        const require = createRequire(import.meta.url);
        delete require.cache[prerenderFile];
        const { renderSignIn, languages, iconStyles } = require(prerenderFile);
        // React's hoisted <style href precedence> (the plain button's and field's CSS) go to <head>: the app adopts
        // them there instead of writing its own, so they must outlive the drawing.
        const hoisted = new Set();
        const drawing = (theme, dark) => {
          const html = renderSignIn(dark).replace(/<style data-precedence=[^>]*>[^<]*<\/style>/g, (style) => {
            hoisted.add(style);
            return '';
          });
          return `<div class="prerendered-${theme}"><fieldset disabled class="prerendered-form">${html}</fieldset></div>`;
        };
        const root = '<div id="root"></div>';
        if (!data.html.includes(root)) throw new Error('Prerender: no <div id="root"></div> in index.html');
        const drawings = `<div id="prerendered" inert aria-hidden="true">${drawing('light', false)}${drawing('dark', true)}</div>`;
        data.html = data.html
          .replace(
            '</head>',
            `<style>${css(iconStyles)}</style>${[...hoisted].join('')}<script>${decide(languages)}</script></head>`,
          )
          .replace(root, `${drawings}<script>${keepOne}</script>${root}`);
        return data;
      });
    });
  }
}

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
    { ...web, name: 'shell', dependencies: ['prerender'], plugins: [...web.plugins, new PrerenderPlugin()] },
  ];
};
