// Test helpers for the apps' jest tests (imported as @portal/web-core/testing, never by app code).

export type Handler = (url: URL, req: Request) => unknown;

/** A fetch that answers /api calls from `routes` ("GET /admin/users/u1" → body, or [status, body]); anything else is 404. */
export function mockApi(routes: Record<string, Handler | unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (req: Request) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = req.method === 'GET' ? '' : await req.text();
    calls.push({ method: req.method, path, body: text ? JSON.parse(text) : undefined });
    const entry = routes[`${req.method} ${path}`];
    const answer = typeof entry === 'function' ? (entry as Handler)(url, req) : entry;
    const [status, body] =
      answer === undefined
        ? [404, { statusCode: 404, message: 'Not found' }]
        : Array.isArray(answer) && typeof answer[0] === 'number'
          ? answer
          : [200, answer];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}
