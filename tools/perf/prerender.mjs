// The sign-in page drawn at build time into the shell's index.html (bench/README.md, *Build plugins*).
import { rspack } from '@rspack/core';
import { createRequire } from 'node:module';

/**
 * Shown while the app's code downloads, to a visitor opening / or /login in English (stored language, else the
 * browser's) with no stored session: the same test the app makes. Decided in <head>, before anything is drawn.
 * A returning visit to the installed portal (its service worker in charge) is shown instead the screen the person last
 * saw there, if it is this page, for this token's account, in this theme, language and window width (web-core's lastScreen.ts
 * keeps it, with the style sheets it needs: written here, so that the page waits for them before it paints).
 */
const decide = ({ languages, SCREEN_KEY, REDRAWN_CLASS }) => `
(function () { try {
  var languages = ${JSON.stringify(languages)};
  var saved = localStorage.getItem('language');
  var language = languages.indexOf(saved) >= 0 ? saved : navigator.language.slice(0, 2);
  if (languages.indexOf(language) < 0) language = 'en';
  var path = location.pathname;
  var token = localStorage.getItem('token');
  if ((path === '/' || path === '/login') && language === 'en' && !token)
    document.documentElement.classList.add('prerender');
  else if (token && navigator.serviceWorker && navigator.serviceWorker.controller) {
    var last = JSON.parse(localStorage.getItem('${SCREEN_KEY}') || 'null');
    var claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (last && last.userId === claims.sub && claims.exp * 1000 > Date.now() && last.path === path &&
        last.language === language && last.dark === (localStorage.getItem('darkMode') === 'true') &&
        last.width === innerWidth) {
      document.documentElement.classList.add('prerender', '${REDRAWN_CLASS}');
      document.write(last.head);
      window.__lastScreen = last.html;
    }
  }
} catch (e) {} })();`;

// The other theme's drawing (or both, when the page is not for it) leaves the document: its ids would be doubled.
const keepOne = `
(function () {
  var drawn = document.getElementById('prerendered');
  if (!document.documentElement.classList.contains('prerender')) return drawn.remove();
  if (window.__lastScreen) {
    drawn.innerHTML = window.__lastScreen;
    return delete window.__lastScreen;
  }
  var dark = document.documentElement.dataset.theme === 'dark';
  drawn.querySelector(dark ? '.prerendered-light' : '.prerendered-dark').remove();
})();`;

// Hidden unless chosen; while it shows, the app's root stays hidden (its spinner) until the app removes the drawing.
const css = ({ iconStyles, REDRAWN_CLASS }) =>
  '#prerendered{display:none}html.prerender #prerendered{display:block}' +
  'html.prerender #prerendered~#root{display:none}' +
  "html[data-theme='dark'] .prerendered-light,html:not([data-theme='dark']) .prerendered-dark{display:none}" +
  // Drawing the last screen instead, the sign-in drawings are never laid out (its script replaces them).
  `html.${REDRAWN_CLASS} .prerendered-light,html.${REDRAWN_CLASS} .prerendered-dark{display:none}` +
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
        const built = require(prerenderFile);
        const { renderSignIn } = built;
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
            `<style>${css(built)}</style>${[...hoisted].join('')}<script>${decide(built)}</script></head>`,
          )
          .replace(root, `${drawings}<script>${keepOne}</script>${root}`);
        return data;
      });
    });
  }
}
