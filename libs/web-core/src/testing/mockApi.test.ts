import { deferred, mockApi, NETWORK_ERROR, NEVER } from './index';

const api = (path: string, init?: RequestInit) => fetch(new Request(`http://localhost/api${path}`, init));
const json = async (res: Response) => [res.status, await res.json()];

describe('mockApi, the one fetch of the front-end tests', () => {
  it('answers routes with a body, [status, body], a Response or a handler, anything else 404', async () => {
    mockApi({
      'GET /users/u1': { _id: 'u1' },
      'POST /users': [201, { _id: 'u2' }],
      'GET /export': () => new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      'PUT /users/:id/roles/:role': (_url: URL, body: unknown, params: Record<string, string>) => ({ params, body }),
      'GET /messages/*': (url: URL, _body: unknown, params: Record<string, string>) => ({
        rest: params['*'],
        before: url.searchParams.get('before'),
      }),
    });
    expect(await json(await api('/users/u1'))).toEqual([200, { _id: 'u1' }]);
    expect(await json(await api('/users', { method: 'POST', body: '{}' }))).toEqual([201, { _id: 'u2' }]);
    expect(await (await api('/export')).text()).toBe('a,b\n');
    expect(await json(await api('/users/u7/roles/admin', { method: 'PUT', body: '{"on":true}' }))).toEqual([
      200,
      { params: { id: 'u7', role: 'admin' }, body: { on: true } },
    ]);
    expect(await json(await api('/messages/group/g1?before=m3'))).toEqual([200, { rest: 'group/g1', before: 'm3' }]);
    expect((await api('/nothing')).status).toBe(404);
  });

  it('records each call: method, path and body compare equal; the URL and the request are there to read', async () => {
    const calls = mockApi({ 'POST /leaves': [201, {}], 'GET /remotes.json': {} });
    await api('/leaves?x=1', {
      method: 'POST',
      body: JSON.stringify({ a: 1 }),
      headers: { Authorization: 'Bearer t' },
    });
    await fetch('/remotes.json', { cache: 'no-cache' });
    expect(calls).toEqual([
      { method: 'POST', path: '/leaves', body: { a: 1 } },
      { method: 'GET', path: '/remotes.json', body: undefined },
    ]);
    expect(calls[0].url.search).toBe('?x=1');
    expect(calls[0].request.headers.get('Authorization')).toBe('Bearer t');
    expect(calls[1].request.cache).toBe('no-cache');
  });

  it('answers later, never, or not at all (a network error)', async () => {
    const gate = deferred<{ n: number }>();
    mockApi({ 'GET /slow': () => gate.promise, 'GET /never': NEVER, 'GET /offline': NETWORK_ERROR });
    let slow: Response | undefined;
    void api('/slow').then((r) => (slow = r));
    let never: Response | undefined;
    void api('/never').then((r) => (never = r));
    await new Promise((r) => setTimeout(r, 20));
    expect(slow).toBeUndefined();
    gate.resolve({ n: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(await slow!.json()).toEqual({ n: 1 });
    expect(never).toBeUndefined();
    await expect(api('/offline')).rejects.toThrow('Failed to fetch');
  });
});
