import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
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

const SocketContext = createContext<{ socket: PortalSocket | null } | null>(null);

/** One live connection for the page, open only while signed in; the token authenticates it. */
export function SocketProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const [socket, setSocket] = useState<PortalSocket | null>(null);
  useEffect(() => {
    if (!token) return undefined;
    // Loaded on sign-in: the sign-in page does not download the socket client.
    let s: PortalSocket | null = null;
    let closed = false;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      s = io({ ...SOCKET_OPTIONS, auth: { token } });
      setSocket(s);
    });
    return () => {
      closed = true;
      s?.removeAllListeners();
      s?.disconnect();
      setSocket(null);
    };
  }, [token]);
  return <SocketContext.Provider value={{ socket }}>{children}</SocketContext.Provider>;
}

/** The live connection (null while signed out). Using it outside its provider is a programming error. */
export function useSocket(): PortalSocket | null {
  const ctx = useContext(SocketContext);
  if (!ctx) throw new Error('useSocket must be used inside SocketProvider');
  return ctx.socket;
}
