import { createBrowserHistory, type History, type Transition } from 'history';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';

type RouterHistory = Parameters<typeof HistoryRouter>[0]['history'];
const HistoryContext = createContext<History | null>(null);

/**
 * The page's router: react-router's declarative router over the `history` library, whose block() lets a page ask
 * before the user leaves it. (react-router's own useBlocker needs its data router, on every page,
 * sign-in included.) Tests pass a memory history.
 */
export function PortalRouter({ history, children }: { history?: History; children: ReactNode }) {
  const [own] = useState(() => history ?? createBrowserHistory());
  return (
    <HistoryContext.Provider value={own}>
      {/* history's object lacks only createURL and encodeLocation, which the declarative router checks for. */}
      <HistoryRouter history={own as unknown as RouterHistory}>{children}</HistoryRouter>
    </HistoryContext.Provider>
  );
}

export interface LeaveBlocker {
  state: 'blocked' | 'unblocked';
  /** Goes where the user was going. */
  proceed: () => void;
  /** Stays. */
  reset: () => void;
}

/**
 * While `when` holds, moving to another page of the app (a link, the menu, back or forward) waits for proceed() or
 * reset(); a change of the query string on the same page passes. history's block also makes closing the tab ask.
 */
export function useLeaveBlocker(when: boolean): LeaveBlocker {
  const history = useContext(HistoryContext);
  const [pending, setPending] = useState<Transition | null>(null);
  const unblock = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!when || !history) return;
    const onLeave = (tx: Transition) => {
      if (tx.location.pathname !== history.location.pathname) return setPending(tx);
      unblock.current();
      tx.retry();
      unblock.current = history.block(onLeave);
    };
    unblock.current = history.block(onLeave);
    return () => {
      unblock.current();
      unblock.current = () => undefined;
    };
  }, [when, history]);
  return {
    state: pending ? 'blocked' : 'unblocked',
    proceed: () => {
      if (!pending) return;
      unblock.current();
      unblock.current = () => undefined;
      setPending(null);
      pending.retry();
    },
    reset: () => setPending(null),
  };
}
