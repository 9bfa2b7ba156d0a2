/**
 * Reads started before the page that needs them has downloaded: the shell starts the reads a page's route manifest
 * names (`RouteEntry.reads`) with the page's code, and the page's query takes the answer already under way instead of
 * asking a round trip after its code has run (bench/page-load.mjs). Each is taken once, by a GET of the same address
 * with the same token within EARLY_READ_MS; anything else, or an early read that failed to reach the server, asks
 * afresh.
 */
export const EARLY_READ_MS = 10_000;

interface EarlyRead {
  authorization: string;
  response: Promise<Response>;
  at: number;
}
const early = new Map<string, EarlyRead>();

/** Starts each GET (a path under /api, as the page's query names it) with this token, unless one is under way. */
export function startEarlyReads(paths: readonly string[], token: string): void {
  const authorization = `Bearer ${token}`;
  for (const path of paths) {
    const url = new URL(`/api${path}`, location.origin).href;
    const taken = early.get(url);
    if (taken && performance.now() - taken.at < EARLY_READ_MS) continue;
    const response = fetch(url, { headers: { Authorization: authorization } });
    response.catch(() => undefined); // the page's own request reports a failure, not an unhandled rejection
    early.set(url, { authorization, response, at: performance.now() });
  }
}

/** RTK Query's fetch: the early answer for this request when there is one (see above), else the network. */
export function fetchWithEarlyReads(input: RequestInfo, init?: RequestInit): Promise<Response> {
  if (!(input instanceof Request)) return fetch(input, init); // RTK Query always passes a Request
  const request = input;
  const read = early.get(request.url);
  if (read) early.delete(request.url);
  if (
    !read ||
    request.method !== 'GET' ||
    request.headers.get('Authorization') !== read.authorization ||
    performance.now() - read.at >= EARLY_READ_MS
  )
    return fetch(request);
  return read.response.catch(() => fetch(request));
}
