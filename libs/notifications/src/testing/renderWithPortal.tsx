import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { MeResponse, NotificationResponse } from '@portal/contracts';
import { createStore, sessionActions, SocketProvider, ThemeProvider } from '@portal/web-core';

/** Renders like the shell: one store (signed in as `role`), the theme, the socket, a router; and says where it is. */
export function renderWithPortal(ui: ReactElement, { role = 'mentee' }: { role?: 'admin' | 'mentor' | 'mentee' } = {}) {
  localStorage.setItem('token', 'tok');
  const store = createStore();
  store.dispatch(sessionActions.profileLoaded(me(role)));
  return render(
    <Provider store={store}>
      <ThemeProvider>
        <SocketProvider token="tok">
          <MemoryRouter initialEntries={['/here']}>
            {ui}
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </SocketProvider>
      </ThemeProvider>
    </Provider>,
  );
}

function Where() {
  return <p>now at {useLocation().pathname}</p>;
}

const me = (role: 'admin' | 'mentor' | 'mentee') =>
  ({ user: { _id: 'me', email: 'me@example.edu', fullName: 'Me', role }, profile: null }) as unknown as MeResponse;

export { mockApi } from '@portal/web-core/testing';

export const notification = (i: number, over: Partial<NotificationResponse> = {}): NotificationResponse => ({
  _id: `n${i}`,
  kind: 'leave.decided',
  title: `Notice ${i}`,
  body: `Detail ${i}`,
  link: '/leaves',
  read: false,
  // Newest first: a higher i is older.
  createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  ...over,
});
