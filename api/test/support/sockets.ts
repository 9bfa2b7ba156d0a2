import { io, type Socket } from 'socket.io-client';
import { OutboxService } from '../../src/outbox/outbox.service';
import { RealtimeGateway } from '../../src/realtime/realtime.gateway';
import type { TestApp } from './test-app';
import { WAIT_MS, waitUntil } from './wait';

export { WAIT_MS, waitUntil };

/**
 * Waiting in socket tests: for an event or a state, with a bound, never for a fixed time (DESIGN.md section 6).
 *
 * - Something must arrive: `nextEvent` (subscribe before the action) or `waitUntil` on what was collected.
 * - Nothing may arrive: after the action, `delivered` (pushes) or `typingHandled` then `delivered` (typing relays)
 *   bring every packet the server has sent the socket so far to it; then what was collected is all there is.
 */

/** A socket of this user on the test app (websocket only, no reconnection), once connected. */
export function openSocket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });
}

/** Every `event` the socket receives from now on (those `keep` accepts, when given), in order of arrival. */
export function collect<T = unknown>(socket: Socket, event: string, keep: (payload: T) => boolean = () => true): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => {
    if (keep(payload)) got.push(payload);
  });
  return got;
}

/**
 * The next `event` on the socket that `predicate` accepts; fails after `ms`. Call it before the action that causes the
 * event (an event that arrives before the call is not seen).
 */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  predicate: (payload: T) => boolean = () => true,
  ms = WAIT_MS,
): Promise<T> {
  const arrived = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    const on = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
  // A test that fails before it awaits the event does not also leave an unhandled rejection behind.
  arrived.catch(() => undefined);
  return arrived;
}

/**
 * One acknowledged round trip on the socket. The server handles a socket's packets in order and writes to it in
 * order, so when the answer is in, every packet sent before has reached its handler and everything the server wrote
 * to the socket before answering has arrived. (A `joinGroup` with an id that is none: refused, changes nothing, but
 * counts toward the user's event budget like any event.)
 */
export async function roundTrip(socket: Socket, ms = WAIT_MS): Promise<void> {
  if (!socket.connected) throw new Error(`socket ${socket.id ?? ''} is not connected`);
  await socket.timeout(ms).emitWithAck('joinGroup', 'round-trip');
}

/**
 * The barrier of a negative check: every push the server has made so far has reached these sockets. Pushes made in a
 * request are written before its answer; those an outbox job makes after a commit are finished by `runDue` (it waits
 * for the runs in flight, and runs what is due as the poller would). Then one round trip per socket brings them in.
 */
export async function delivered(t: TestApp, ...sockets: Socket[]): Promise<void> {
  await t.app.get(OutboxService).runDue();
  await Promise.all(sockets.map((s) => roundTrip(s)));
}

/** The server's side of a client socket (this instance's own). */
export async function serverSocket(t: TestApp, socket: Socket) {
  if (!socket.id) throw new Error('the socket is not connected');
  const [found] = await t.app.get(RealtimeGateway).server.in(socket.id).fetchSockets();
  if (!found) throw new Error(`socket ${socket.id} is not on the server`);
  return found;
}

/**
 * Until the server has relayed or dropped every typing event `sender` sent so far: they reached the gateway (a round
 * trip), which relays a socket's typing events one after the other (its queue), and the last of them is done.
 */
export async function typingHandled(t: TestApp, sender: Socket): Promise<void> {
  await roundTrip(sender);
  await (
    await serverSocket(t, sender)
  ).data.typingQueue;
}

/** Until the socket shows `n` announcement feeds on the server (watchAnnouncements less unwatchAnnouncements). */
export async function feedsWatched(t: TestApp, socket: Socket, n: number): Promise<void> {
  await waitUntil(async () => ((await serverSocket(t, socket)).data.feeds ?? 0) === n, {
    what: `${n} watched feeds on socket ${socket.id}`,
  });
}
