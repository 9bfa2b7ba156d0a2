// Built for Node (shell/rspack.config.mjs, the `prerender` build) and run by the web build: the sign-in page as HTML,
// in each theme, for index.html. A visitor sees it while the app's code downloads (bench/page-load.mjs); the app
// replaces it (web-core's dropPrerendered). Not part of the app's own bundles.
import { iconStyles } from '@ant-design/icons/es/utils';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStore, LANGUAGES, MemoryRouter, REDRAWN_CLASS, SCREEN_KEY, ThemeProvider } from '@portal/web-core';
import { LoginPage } from './pages/LoginPage';

export const languages = LANGUAGES.map((l) => l.code);

/** The sign-in page in English, as /login first draws it, in the light or the dark theme. */
export function renderSignIn(darkMode: boolean): string {
  return renderToString(
    <Provider store={createStore()}>
      <ThemeProvider darkMode={darkMode}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

/** The icons' own CSS, which @ant-design/icons inserts only once running in the browser. */
export { iconStyles };
// index.html's drawing of a returning visitor's last screen reads and marks what web-core's lastScreen.ts keeps.
export { REDRAWN_CLASS, SCREEN_KEY };
