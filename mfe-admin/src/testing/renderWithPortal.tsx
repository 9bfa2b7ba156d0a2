import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/web-core';

/** Renders a screen the way the shell mounts it: one store, the theme, a router at `path`. */
export function renderWithPortal(ui: ReactElement, { at = '/', route }: { at?: string; route?: string } = {}) {
  return render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[at]}>
          {route ? (
            <Routes>
              <Route path={route} element={ui} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

export { mockApi } from '@portal/web-core/testing';
