import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { bootSession, createStore, PortalRouter, prepareLanguage, ThemeProvider } from '@portal/web-core';
import { App } from './App';
import { registerRuntimeRemotes } from './remotes';
import { registerServiceWorker } from './serviceWorker';

const store = createStore();
store.dispatch(bootSession());

// The saved language's texts arrive with the remotes' addresses, before the first render.
void Promise.allSettled([registerRuntimeRemotes(), prepareLanguage()]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider>
          {/* Pages can ask before the user leaves them with unsaved changes (useLeaveBlocker). */}
          <PortalRouter>
            <App />
          </PortalRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
});

registerServiceWorker();
