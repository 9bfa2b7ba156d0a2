import { api } from './api';
import { isOffline } from './offline';
import { sessionActions } from './session';
import { createStore } from './store';
import { mockApi, NETWORK_ERROR } from './testing';

const KEPT_KEY = 'portal.kept';
/** A token naming `sub` (the page reads its claims, never checks them: the server does). */
const tokenOf = (sub: string, expiresInS = 3600) =>
  `h.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + expiresInS }))}.s`;
const me = (id: string) => ({
  user: { _id: id, email: `${id}@example.edu`, fullName: id, role: 'mentee' },
  profile: null,
  language: 'en',
});
/** Kept answers are saved a second after they arrive. */
const saved = () => new Promise((r) => setTimeout(r, 1100));
const readMe = (store: ReturnType<typeof createStore>) =>
  store.dispatch(api.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));

/** Back online: the browser says so and the server answers its health check. */
async function backOnline() {
  mockApi({ 'GET /health': { status: 'ok' }, 'GET /auth/me': me('u1') });
  window.dispatchEvent(new Event('online'));
  await new Promise((r) => setTimeout(r, 50));
  expect(isOffline()).toBe(false);
}

beforeEach(() => localStorage.clear());

describe('what the page keeps for offline use', () => {
  it("keeps the signed-in person's reads; unreachable, it answers them from what it kept, refuses writes unsent and says so of pages not seen", async () => {
    const store = createStore();
    localStorage.setItem('token', tokenOf('u1'));
    mockApi({ 'GET /auth/me': me('u1') });
    expect((await readMe(store)).data).toEqual(me('u1'));
    await saved();
    expect(JSON.parse(localStorage.getItem(KEPT_KEY)!)).toMatchObject({ userId: 'u1' });

    const calls = mockApi({ 'GET /auth/me': NETWORK_ERROR, 'GET /calendar': NETWORK_ERROR });
    expect((await readMe(store)).data).toEqual(me('u1'));
    expect(isOffline()).toBe(true);
    const write = await store.dispatch(api.endpoints.updateMe.initiate({ language: 'hi' }));
    expect(write.error).toMatchObject({
      data: { message: expect.stringMatching(/^You are offline: nothing was sent/) },
    });
    const unseen = await store.dispatch(api.endpoints.schoolTimeZone.initiate());
    expect(unseen.error).toMatchObject({
      data: { message: expect.stringMatching(/has not been opened on this device/) },
    });
    // Offline, nothing more was asked of the network (the first read found it unreachable).
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/me']);
    await backOnline();
  });

  it("never answers one account from another's, and forgets everything at a session's end, at sign-out and once the token has expired", async () => {
    const store = createStore();
    localStorage.setItem('token', tokenOf('u1'));
    mockApi({ 'GET /auth/me': me('u1') });
    await readMe(store);
    await saved();

    // Another account on the same phone: u1's answers are not its answers, and are wiped.
    localStorage.setItem('token', tokenOf('u2'));
    mockApi({ 'GET /auth/me': NETWORK_ERROR });
    expect((await readMe(store)).error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(isOffline()).toBe(false);
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();

    // A session that ends (any 401) wipes them.
    mockApi({ 'GET /auth/me': me('u2') });
    await readMe(store);
    await saved();
    expect(localStorage.getItem(KEPT_KEY)).not.toBeNull();
    store.dispatch(sessionActions.cleared());
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();

    // An expired token's are not used, and go.
    localStorage.setItem('token', tokenOf('u3'));
    mockApi({ 'GET /auth/me': me('u3') });
    await readMe(store);
    await saved();
    localStorage.setItem('token', tokenOf('u3', -1));
    mockApi({ 'GET /auth/me': NETWORK_ERROR });
    expect((await readMe(store)).error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();
  });
});
