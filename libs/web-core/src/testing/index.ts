// Test helpers for the apps' jest tests (imported as @portal/web-core/testing, never by app code). mockApi is the one
// fetch of the front-end tests: ESLint forbids assigning fetch anywhere else.
import type { SchoolCalendar } from '@portal/contracts';

/** A request the page made. `url` and `request` are not enumerable: `toEqual` on calls compares method, path, body. */
export interface ApiCall {
  method: string;
  /** The path under /api ("/admin/users/u1"), or the whole path of any other address ("/remotes.json"). */
  path: string;
  /** The JSON body sent (undefined for a GET or a body that is not JSON). */
  body: unknown;
  readonly url: URL;
  readonly request: Request;
}

/**
 * Computes an answer: `body` is the JSON sent, `params` the route's `:name` and `*` parts. It may return anything a
 * route may be (a body, [status, body], a Response, NEVER, NETWORK_ERROR) or a promise of it (a delayed answer).
 */
export type Handler = (url: URL, body: unknown, params: Record<string, string>, req: Request) => unknown;

/** An answer that never comes: the request stays under way (a "Saving…" state, a spinner). */
export const NEVER = Symbol('never answers');
/** No answer at all: fetch rejects as a browser's does when the network is down. */
export const NETWORK_ERROR = Symbol('network error');

/** A promise the test settles when it chooses: `'POST /x': () => gate.promise` answers once `gate.resolve(body)`. */
export function deferred<T = unknown>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** "GET /groups/:id/details" or "GET /messages/*" as a pattern; null for a plain route. */
function pattern(key: string): RegExp | null {
  if (!/[:*]/.test(key.slice(key.indexOf(' ')))) return null;
  const source = key
    .split(/(:[A-Za-z_]\w*|\*)/)
    .map((part) =>
      part === '*'
        ? '(?<_rest>.*)'
        : part.startsWith(':')
          ? `(?<${part.slice(1)}>[^/]+)`
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function route(routes: Record<string, unknown>, method: string, path: string) {
  const key = `${method} ${path}`;
  if (Object.hasOwn(routes, key)) return { entry: routes[key], params: {} };
  for (const [k, entry] of Object.entries(routes)) {
    const m = pattern(k)?.exec(key);
    if (m) {
      const { _rest, ...params } = m.groups ?? {};
      return { entry, params: _rest === undefined ? params : { ...params, '*': _rest } };
    }
  }
  return undefined;
}

/**
 * Installs a fetch that answers from `routes` and returns the calls it records. A route is "METHOD /path" under /api
 * ("GET /admin/users/u1"), or any other address's path ("GET /remotes.json"); `:name` matches one segment and a
 * trailing `*` the rest. A route's value is the JSON body (200), [status, body], a Response, NEVER, NETWORK_ERROR, or a
 * Handler computing one of those; anything else is 404.
 */
export function mockApi(routes: Record<string, Handler | unknown>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const url = new URL(req.url);
    const path = url.pathname.startsWith('/api/') ? url.pathname.slice(4) : url.pathname;
    const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.clone().text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined; // a form (uploads): the handler reads `req`
    }
    calls.push(
      Object.defineProperties({ method: req.method, path, body } as ApiCall, {
        url: { value: url },
        request: { value: req },
      }),
    );
    const found = route(routes, req.method, path);
    const entry = found?.entry;
    const answer = await (typeof entry === 'function' ? (entry as Handler)(url, body, found!.params, req) : entry);
    if (answer === NEVER) return new Promise<Response>(() => undefined);
    if (answer === NETWORK_ERROR) throw new TypeError('Failed to fetch');
    if (answer instanceof Response) return answer;
    if (answer === undefined) return json(404, { statusCode: 404, message: 'Not found' });
    if (Array.isArray(answer) && answer.length === 2 && typeof answer[0] === 'number')
      return json(answer[0], answer[1]);
    return json(200, answer);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}
export { typeDate } from './typeDate';

/** A school calendar answer (GET /calendar): the spec's defaults (Sundays off, no term, no closures), `today` given. */
export function schoolCalendar(today: string, over: Partial<SchoolCalendar> = {}): SchoolCalendar {
  return {
    timezone: 'UTC',
    today,
    weekendDays: [0],
    termStart: null,
    termEnd: null,
    sickLeaveBackfillDays: 14,
    contactEmail: null,
    quietHours: null,
    guardianDigestAt: '18:00',
    closures: [],
    ...over,
  };
}
