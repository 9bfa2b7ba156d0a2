// The sign-in page drawn at build time into the shell's index.html (bench/README.md, *Build plugins*).
import { rspack } from '@rspack/core';
import { createRequire } from 'node:module';

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
export class PrerenderPlugin {
  /** @param {string} prerenderFile the Node build of the shell's src/prerender.tsx */
  constructor(prerenderFile) {
    this.prerenderFile = prerenderFile;
  }
  apply(compiler) {
    const { prerenderFile } = this;
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
