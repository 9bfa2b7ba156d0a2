import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@portal/contracts';

export type PortalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Reconnect parameters of SPEC.md section 9. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
};

// One live connection for the page, held here (not in React state) so that endpoint cache lifecycles in the domain
// libraries can subscribe to it as components do.
let current: PortalSocket | null = null;
const listeners = new Set<() => void>();
const setCurrent = (socket: PortalSocket | null) => {
  current = socket;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The live connection, or null while signed out. */
export const getSocket = (): PortalSocket | null => current;

/**
 * Runs `attach` on the live connection now and on every new one (sign-in, another account); the clean-up it returns
 * runs when that connection goes away or when the returned function is called. For cache lifecycles:
 * `const stop = onSocket((s) => { s.on(...); return () => s.off(...); }); await cacheEntryRemoved; stop();`
 */
export function onSocket(attach: (socket: PortalSocket) => () => void): () => void {
  let detach: (() => void) | undefined;
  let attachedTo: PortalSocket | null = null;
  const sync = () => {
    if (attachedTo === current) return;
    detach?.();
    detach = undefined;
    attachedTo = current;
    if (current) detach = attach(current);
  };
  sync();
  const unsubscribe = subscribe(sync);
  return () => {
    unsubscribe();
    detach?.();
  };
}

/**
 * Opens the connection while there is a token (signed in) and closes it when the token goes. The server closing it
 * (the session was ended: signed out on another device, from the session list, deactivated) calls `onEndedByServer`,
 * which asks the API whether the session still stands: the page need not wait for its next call to find out.
 */
export function SocketProvider({
  token,
  onEndedByServer,
  children,
}: {
  token: string | null;
  onEndedByServer?: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!token) return undefined;
    // Loaded on sign-in: the sign-in page does not download the socket client.
    let socket: PortalSocket | null = null;
    let closed = false;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      socket = io({ ...SOCKET_OPTIONS, auth: { token } });
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') onEndedByServer?.();
      });
      setCurrent(socket);
    });
    return () => {
      closed = true;
      if (socket && current === socket) setCurrent(null);
      socket?.removeAllListeners();
      socket?.disconnect();
    };
    // Only a new token opens a new connection (the callback may be a new function on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return <>{children}</>;
}

/** The live connection for a component (null while signed out); re-renders when it changes. */
export function useSocket(): PortalSocket | null {
  return useSyncExternalStore(subscribe, getSocket, getSocket);
}
