import './antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import {
  bootSession,
  createStore,
  getToken,
  i18n,
  PortalRouter,
  prepareLanguage,
  ThemeProvider,
  trackLastScreen,
} from '@portal/web-core';
import { App, preloadSignedIn } from './App';
import { registerRuntimeRemotes } from './remotes';
import { registerServiceWorker } from './serviceWorker';

const store = createStore();
const session = store.dispatch(bootSession());
const remotes = registerRuntimeRemotes();

// A restored session (a reload, a reopened tab): the signed-in page's code downloads at once, not piece by piece.
void Promise.all([session, remotes]).then(([action]) => {
  if (bootSession.fulfilled.match(action) && action.payload)
    preloadSignedIn(location.pathname, action.payload.user.role);
});

// The saved language's texts arrive with the remotes' addresses, before the first render.
void Promise.allSettled([remotes, prepareLanguage()]).then(() => {
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

// The installed portal's next visit starts with the screen shown when the person left (index.html draws it).
trackLastScreen(getToken, () => i18n.language);

registerServiceWorker(
  () => {
    const { user, loading } = store.getState().session;
    return user?.role ?? (loading ? undefined : null);
  },
  (listener) => store.subscribe(listener),
);
