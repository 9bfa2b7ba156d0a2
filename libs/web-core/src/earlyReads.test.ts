import { configureStore } from '@reduxjs/toolkit';
import { api, TOKEN_KEY } from './api';
import { EARLY_READ_MS, startEarlyReads } from './earlyReads';
import { mockApi, NETWORK_ERROR, type ApiCall } from './testing';

// A page's query takes the read the shell started early (same address, same token, once); anything else asks afresh.
const figures = api.injectEndpoints({
  endpoints: (build) => ({ figures: build.query<{ n: number }, void>({ query: () => '/figures' }) }),
});

describe('early reads', () => {
  let calls: ApiCall[];
  let answer: () => unknown;
  const auth = (c: ApiCall) => c.request.headers.get('Authorization');

  beforeEach(() => {
    let n = 0;
    answer = () => ({ n: ++n });
    calls = mockApi({ 'GET /figures': () => answer() });
    localStorage.setItem(TOKEN_KEY, 'tok');
  });
  afterEach(() => {
    localStorage.clear();
    jest.useRealTimers();
  });

  const store = () => configureStore({ reducer: { api: api.reducer }, middleware: (d) => d().concat(api.middleware) });
  const read = (s: ReturnType<typeof store>) => s.dispatch(figures.endpoints.figures.initiate(undefined)).unwrap();

  it("answers the page's query with the read already under way: one request, sent with the token", async () => {
    startEarlyReads(['/figures'], 'tok');
    expect(calls.map((c) => [c.url.href, c.method, auth(c)])).toEqual([
      ['http://localhost/api/figures', 'GET', 'Bearer tok'],
    ]);
    expect(await read(store())).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next query (another store: nothing cached) asks afresh.
    expect(await read(store())).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('asks afresh when the token changed, the early read failed, or it is older than EARLY_READ_MS', async () => {
    startEarlyReads(['/figures'], 'other');
    expect(await read(store())).toEqual({ n: 2 });
    expect(calls.map(auth)).toEqual(['Bearer other', 'Bearer tok']);

    calls.length = 0;
    answer = () => NETWORK_ERROR;
    startEarlyReads(['/figures'], 'tok');
    let n = 2;
    answer = () => ({ n: ++n });
    expect(await read(store())).toEqual({ n: 3 });
    expect(calls).toHaveLength(2);

    calls.length = 0;
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['queueMicrotask', 'setTimeout', 'setImmediate'] });
    startEarlyReads(['/figures'], 'tok');
    jest.advanceTimersByTime(EARLY_READ_MS);
    expect(await read(store())).toEqual({ n: 5 });
    expect(calls).toHaveLength(2);
  });
});
