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

type Handler = (url: URL, body: unknown) => unknown;

/** A fetch that answers /api calls from `routes` ("GET /notifications" → body, or [status, body]); anything else is 404. */
export function mockApi(routes: Record<string, Handler | unknown>) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (req: Request) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = req.method === 'GET' ? '' : await req.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: req.method, path, search: url.search, body });
    const entry = routes[`${req.method} ${path}`];
    const answer = typeof entry === 'function' ? (entry as Handler)(url, body) : entry;
    const [status, json] =
      answer === undefined
        ? [404, { statusCode: 404, message: 'Not found' }]
        : Array.isArray(answer) && typeof answer[0] === 'number'
          ? answer
          : [200, answer];
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return calls;
}

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
