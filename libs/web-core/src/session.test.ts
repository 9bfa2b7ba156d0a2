import { configureStore } from '@reduxjs/toolkit';
import { api, errorCode, errorMessage, setUnauthorizedHandler } from './api';
import { i18n, LANGUAGE_KEY, switchLanguage } from './i18n';
import { notify } from './notify';
import { bootSession, chooseLanguage, login, sessionActions, sessionSlice } from './session';
import { deferred, mockApi } from './testing';

const user = {
  _id: 'u1',
  email: 'a@b.co',
  fullName: 'A B',
  phone: '',
  role: 'mentee' as const,
  isActive: true,
  pendingApproval: false,
  safeguardingLead: false,
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
      login.fulfilled({ user, profile: null, language: 'en', token: 't' }, 'r', { email: 'a@b.co', password: 'x' }),
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
    const started = Date.now();
    const calls = mockApi({
      'POST /auth/login': { token: 'tok', user },
      'GET /auth/me': [503, { statusCode: 503, message: 'down', error: 'x' }],
    });
    const store = configureStore({
      reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
      middleware: (g) => g().concat(api.middleware),
    });
    const result = await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    expect(login.rejected.match(result)).toBe(true);
    expect(calls.filter((c) => c.path === '/auth/me')).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(localStorage.getItem('token')).toBeNull();
  });

  const storeWith = (status: number) => {
    const calls = mockApi({ 'GET /auth/me': [status, { statusCode: status, message: 'x', error: 'x' }] });
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
    expect(calls.filter((c) => c.path === '/auth/me')).toHaveLength(3);
    expect(store.getState().session).toMatchObject({ loading: false, isAuthenticated: false });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('forgets the stored token at once when the server says it is no longer valid', async () => {
    localStorage.setItem('token', 'tok');
    const { store, calls } = storeWith(401);
    await store.dispatch(bootSession());
    expect(calls.filter((c) => c.path === '/auth/me')).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ loading: false, isAuthenticated: false });
    expect(localStorage.getItem('token')).toBeNull();
  });

  describe('with the answer shell/index.html asked for early (window.__authMe)', () => {
    const w = window as { __authMe?: { token: string; response: Promise<Response> } };
    const early = (token: string, response: Promise<Response>) => {
      response.catch(() => undefined);
      w.__authMe = { token, response };
    };
    const json = (status: number, body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    afterEach(() => delete w.__authMe);

    it('restores the session from it without asking again, once', async () => {
      localStorage.setItem('token', 'tok');
      const { store, calls } = storeWith(503);
      early('tok', json(200, { user, profile: null }));
      await store.dispatch(bootSession());
      expect(calls).toEqual([]);
      expect(store.getState().session).toMatchObject({ loading: false, isAuthenticated: true, user });
      expect(api.endpoints.me.select()(store.getState() as never).data).toEqual({ user, profile: null });
      expect(w.__authMe).toBeUndefined();
      // A later restore asks the server.
      await store.dispatch(bootSession());
      expect(calls.filter((c) => c.path === '/auth/me')).toHaveLength(3);
    });

    it('asks afresh when the early answer was for another token', async () => {
      localStorage.setItem('token', 'new');
      const { store, calls } = storeWith(401);
      early('old', json(200, { user, profile: null }));
      await store.dispatch(bootSession());
      expect(calls.map((c) => c.path)).toEqual(['/auth/me']);
      expect(store.getState().session).toMatchObject({ isAuthenticated: false });
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('leaves a refusal or a failed request to the usual request, its retries and its 401 handling', async () => {
      localStorage.setItem('token', 'tok');
      const first = storeWith(401);
      early('tok', json(401, { statusCode: 401, message: 'x', error: 'x' }));
      await first.store.dispatch(bootSession());
      expect(first.calls.map((c) => c.path)).toEqual(['/auth/me']);
      expect(localStorage.getItem('token')).toBeNull();

      localStorage.setItem('token', 'tok');
      const second = storeWith(503);
      early('tok', Promise.reject(new TypeError('Failed to fetch')));
      await second.store.dispatch(bootSession());
      expect(second.calls.filter((c) => c.path === '/auth/me')).toHaveLength(3);
      expect(localStorage.getItem('token')).toBe('tok');
    });
  });
});

describe('the language stored on the account', () => {
  const newStore = () =>
    configureStore({
      reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
      middleware: (g) => g().concat(api.middleware),
    });
  afterEach(async () => {
    await switchLanguage('en');
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('is adopted at sign-in: the page switches to it before the first screen', async () => {
    localStorage.clear();
    mockApi({ 'POST /auth/login': { token: 'tok', user }, 'GET /auth/me': { user, profile: null, language: 'hi' } });
    const store = newStore();
    expect(i18n.language).toBe('en');
    const result = await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    expect(login.fulfilled.match(result)).toBe(true);
    expect(i18n.language).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(i18n.t('common:language.label')).toBe('भाषा');
  });

  it('is adopted when a stored session is restored, over the language this browser had', async () => {
    await switchLanguage('hi');
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': { user, profile: null, language: 'en' } });
    await newStore().dispatch(bootSession());
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('a choice made signed in switches the page and is saved to the account', async () => {
    localStorage.clear();
    const calls = mockApi({
      'POST /auth/login': { token: 'tok', user },
      'GET /auth/me': { user, profile: null, language: 'en' },
      'PATCH /auth/me': (_url: URL, body: unknown) => ({ user, profile: null, ...(body as object) }),
    });
    const store = newStore();
    await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await store.dispatch(chooseLanguage('hi'));
    expect(i18n.language).toBe('hi');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/auth/me', body: { language: 'hi' } },
    ]);
  });

  it('a choice made on the sign-in page is stored at the sign-in, not replaced by the account’s', async () => {
    localStorage.clear();
    const calls = mockApi({
      'POST /auth/login': { token: 'tok', user },
      'GET /auth/me': { user, profile: null, language: 'en' },
      'PATCH /auth/me': (_url: URL, body: unknown) => ({ user, profile: null, ...(body as object) }),
    });
    const store = newStore();
    await store.dispatch(chooseLanguage('hi'));
    expect(i18n.language).toBe('hi');
    expect(calls).toEqual([]);
    await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    expect(i18n.language).toBe('hi');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/auth/me', body: { language: 'hi' } },
    ]);
    // Once: a later sign-in on this page takes the account's language again.
    await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(i18n.language).toBe('en');
  });

  it('a choice the server could not save still switches the page, and says it was not saved', async () => {
    localStorage.clear();
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    mockApi({
      'POST /auth/login': { token: 'tok', user },
      'GET /auth/me': { user, profile: null, language: 'en' },
      'PATCH /auth/me': [503, { statusCode: 503, message: 'down', error: 'x' }],
    });
    const store = newStore();
    await store.dispatch(login({ email: 'a@b.co', password: 'secret' }));
    await store.dispatch(chooseLanguage('hi'));
    expect(i18n.language).toBe('hi');
    expect(error).toHaveBeenCalledWith('आपकी भाषा आपके खाते में सहेजी नहीं जा सकी: अभी यह केवल इस डिवाइस पर लागू है।');
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

describe('a 401', () => {
  afterEach(() => setUnauthorizedHandler(() => undefined));

  const answerMe = async (replaceToken: boolean) => {
    localStorage.setItem('token', 'old');
    const gate = deferred();
    mockApi({ 'GET /auth/me': () => gate.promise });
    const signedOut = jest.fn();
    setUnauthorizedHandler(signedOut);
    const store = configureStore({
      reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
      middleware: (g) => g().concat(api.middleware),
    });
    const asked = store.dispatch(api.endpoints.me.initiate(undefined, { subscribe: false }));
    // Meanwhile a new password's fresh token replaced the one the request went with.
    if (replaceToken) localStorage.setItem('token', 'fresh');
    gate.resolve([401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Your session has ended.' }]);
    await asked;
    return signedOut;
  };

  it('signs the page out when it answers the token held now', async () => {
    expect(await answerMe(false)).toHaveBeenCalledTimes(1);
  });

  it('signs nobody out when it answers a token replaced meanwhile', async () => {
    expect(await answerMe(true)).not.toHaveBeenCalled();
  });
});
