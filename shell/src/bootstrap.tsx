import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { bootSession, createBrowserRouter, createStore, RouterProvider, ThemeProvider } from '@portal/web-core';
import { App } from './App';
import { registerRuntimeRemotes } from './remotes';
import { registerServiceWorker } from './serviceWorker';

const store = createStore();
store.dispatch(bootSession());
// A data router (not <BrowserRouter>) so that pages can ask before leaving with unsaved changes (useBlocker).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

registerRuntimeRemotes().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
});

registerServiceWorker();
