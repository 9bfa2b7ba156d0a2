import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { bootSession, BrowserRouter, createStore, ThemeProvider } from '@portal/web-core';
import { App } from './App';
import { registerRuntimeRemotes } from './remotes';

const store = createStore();
store.dispatch(bootSession());

registerRuntimeRemotes().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
});
