import { configureStore } from '@reduxjs/toolkit';
import { api, TOKEN_KEY } from './api';
import { EARLY_READ_MS, startEarlyReads } from './earlyReads';

// A page's query takes the read the shell started early (same address, same token, once); anything else asks afresh.
const figures = api.injectEndpoints({
  endpoints: (build) => ({ figures: build.query<{ n: number }, void>({ query: () => '/figures' }) }),
});

describe('early reads', () => {
  let calls: { url: string; method: string; auth: string | null }[];
  let answer: () => Promise<Response>;
  const realFetch = global.fetch;

  beforeEach(() => {
    calls = [];
    let n = 0;
    answer = async () => new Response(JSON.stringify({ n: ++n }), { headers: { 'content-type': 'application/json' } });
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      calls.push({ url: request.url, method: request.method, auth: request.headers.get('Authorization') });
      return answer();
    }) as typeof fetch;
    localStorage.setItem(TOKEN_KEY, 'tok');
  });
  afterEach(() => {
    global.fetch = realFetch;
    localStorage.clear();
    jest.useRealTimers();
  });

  const store = () => configureStore({ reducer: { api: api.reducer }, middleware: (d) => d().concat(api.middleware) });
  const read = (s: ReturnType<typeof store>) => s.dispatch(figures.endpoints.figures.initiate(undefined)).unwrap();

  it("answers the page's query with the read already under way: one request, sent with the token", async () => {
    startEarlyReads(['/figures'], 'tok');
    expect(calls).toEqual([{ url: 'http://localhost/api/figures', method: 'GET', auth: 'Bearer tok' }]);
    expect(await read(store())).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next query (another store: nothing cached) asks afresh.
    expect(await read(store())).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('asks afresh when the token changed, the early read failed, or it is older than EARLY_READ_MS', async () => {
    startEarlyReads(['/figures'], 'other');
    expect(await read(store())).toEqual({ n: 2 });
    expect(calls.map((c) => c.auth)).toEqual(['Bearer other', 'Bearer tok']);

    calls = [];
    answer = () => Promise.reject(new TypeError('offline'));
    startEarlyReads(['/figures'], 'tok');
    let n = 2;
    answer = async () => new Response(JSON.stringify({ n: ++n }), { headers: { 'content-type': 'application/json' } });
    expect(await read(store())).toEqual({ n: 3 });
    expect(calls).toHaveLength(2);

    calls = [];
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['queueMicrotask', 'setTimeout', 'setImmediate'] });
    startEarlyReads(['/figures'], 'tok');
    jest.setSystemTime(Date.now() + EARLY_READ_MS);
    expect(await read(store())).toEqual({ n: 5 });
    expect(calls).toHaveLength(2);
  });
});
