import { useCallback, useSyncExternalStore } from 'react';
import type { PortalSocket } from '@portal/web-core';

/** Whether the live connection is up right now; re-renders on connect and disconnect. */
export function useConnected(socket: PortalSocket | null): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      socket?.on('connect', changed);
      socket?.on('disconnect', changed);
      return () => {
        socket?.off('connect', changed);
        socket?.off('disconnect', changed);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => !!socket?.connected);
}
