import { configureStore } from '@reduxjs/toolkit';
import { api, errorCode, errorMessage } from './api';
import { bootSession, login, sessionActions, sessionSlice } from './session';

const user = {
  _id: 'u1',
  email: 'a@b.co',
  fullName: 'A B',
  phone: '',
  role: 'mentee' as const,
  isActive: true,
  pendingApproval: false,
  createdAt: '',
  lastLogin: null,
};

describe('session slice', () => {
  const reduce = sessionSlice.reducer;

  it('starts loading and unauthenticated', () => {
    const s = reduce(undefined, { type: 'init' });
    expect(s).toMatchObject({ loading: true, isAuthenticated: false, user: null });
  });

  it('becomes authenticated on login and forgets everything when cleared', () => {
    let s = reduce(
      undefined,
      login.fulfilled({ user, profile: null, token: 't' }, 'r', { email: 'a@b.co', password: 'x' }),
    );
    expect(s).toMatchObject({ isAuthenticated: true, token: 't', loading: false, user });
    localStorage.setItem('token', 't');
    s = reduce(s, sessionActions.cleared());
    expect(s).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the error of a failed login', () => {
    const s = reduce(undefined, login.rejected(null, 'r', { email: 'a', password: 'b' }, 'Invalid email or password'));
    expect(s).toMatchObject({ isAuthenticated: false, error: 'Invalid email or password', loading: false });
  });

  it('boots unauthenticated at once without a stored token', async () => {
    localStorage.clear();
    const store = configureStore({
      reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
      middleware: (g) => g().concat(api.middleware),
    });
    await store.dispatch(bootSession());
    expect(store.getState().session).toMatchObject({ loading: false, isAuthenticated: false });
  });

  it('retries the profile 3 times, 500 ms apart, then fails the login and removes the token', async () => {
    localStorage.clear();
    const calls: string[] = [];
    const started = Date.now();
    global.fetch = jest.fn(async (req: Request) => {
      calls.push(new URL(req.url).pathname);
      if (req.url.endsWith('/auth/login'))
        return new Response(JSON.stringify({ token: 'tok', user }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(JSON.stringify({ statusCode: 503, message: 'down', error: 'x' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    const store = configureStore({
      reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
      middleware: (g) => g().concat(api.middleware),
    });
    const result = await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    expect(login.rejected.match(result)).toBe(true);
    expect(calls.filter((c) => c === '/api/auth/me')).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(localStorage.getItem('token')).toBeNull();
  });

  const storeWith = (status: number) => {
    const calls: string[] = [];
    global.fetch = jest.fn(async (req: Request) => {
      calls.push(new URL(req.url).pathname);
      return new Response(JSON.stringify({ statusCode: status, message: 'x', error: 'x' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    const store = configureStore({
      reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
      middleware: (g) => g().concat(api.middleware),
    });
    return { store, calls };
  };

  it('keeps the stored token when the server is briefly unreachable on reload, after retrying', async () => {
    localStorage.setItem('token', 'tok');
    const { store, calls } = storeWith(503);
    await store.dispatch(bootSession());
    expect(calls.filter((c) => c === '/api/auth/me')).toHaveLength(3);
    expect(store.getState().session).toMatchObject({ loading: false, isAuthenticated: false });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('forgets the stored token at once when the server says it is no longer valid', async () => {
    localStorage.setItem('token', 'tok');
    const { store, calls } = storeWith(401);
    await store.dispatch(bootSession());
    expect(calls.filter((c) => c === '/api/auth/me')).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ loading: false, isAuthenticated: false });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('errorMessage', () => {
  it('prefers the server message, joins lists, falls back otherwise', () => {
    expect(errorMessage({ data: { message: 'Nope' } }, 'Fallback')).toBe('Nope');
    expect(errorMessage({ data: { message: ['A', 'B'] } }, 'Fallback')).toBe('A; B');
    expect(errorMessage({ status: 'FETCH_ERROR' }, 'Fallback')).toBe('Fallback');
  });
  it("chooses the screen's text by the error code when it has one", () => {
    const error = {
      status: 409,
      data: { statusCode: 409, code: 'LEAVE_OVERLAP', message: 'Server text', error: 'Conflict' },
    };
    expect(errorCode(error)).toBe('LEAVE_OVERLAP');
    expect(errorMessage(error, 'Fallback', { LEAVE_OVERLAP: 'These dates overlap a request you already made' })).toBe(
      'These dates overlap a request you already made',
    );
    expect(errorMessage(error, 'Fallback', { EMAIL_TAKEN: 'Other' })).toBe('Server text');
  });
});
