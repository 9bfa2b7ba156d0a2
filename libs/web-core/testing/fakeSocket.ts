// A stand-in for socket.io's client in component tests: `jest.mock('socket.io-client', () => fakeSocketModule)`.
// It records listeners and what the page emits, and lets the test deliver server events.
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly emitted: [string, ...unknown[]][] = [];
  disconnected = false;
  /** As socket.io's: true from the start here (the tests deliver 'connect' to act out a reconnect). */
  connected = true;
  /** The manager's events (reconnect). */
  readonly io = {
    handlers: new Map<string, Set<Listener>>(),
    on(event: string, fn: Listener) {
      if (!this.handlers.has(event)) this.handlers.set(event, new Set());
      this.handlers.get(event)!.add(fn);
    },
    off(event: string, fn: Listener) {
      this.handlers.get(event)?.delete(fn);
    },
  };
  constructor(readonly token: string) {}
  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }
  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
  }
  removeAllListeners() {
    this.listeners.clear();
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
  }
  /** Delivers an event from the server to every listener. */
  deliver(event: string, ...args: unknown[]) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
  count(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
}

export const fakeSockets: FakeSocket[] = [];

export const fakeSocketModule = {
  io: (opts: { auth: { token: string } }) => {
    const socket = new FakeSocket(opts.auth.token);
    fakeSockets.push(socket);
    return socket;
  },
};
