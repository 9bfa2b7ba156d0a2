import { Suspense, useState } from 'react';
import { FullPageSpinner } from '@portal/web-core';
import { ErrorBoundary } from '@portal/ui';
import { remoteRoutes, resetRemote } from './remotes';

/** One remote's screens, contained: if it fails to load or throws, only this area shows the error panel. */
export function RemoteArea({ remote }: { remote: string }) {
  const [attempt, setAttempt] = useState(0);
  // remoteRoutes creates each remote's component once and keeps it (remotes.ts), so this returns the same one each render.

  const Routes = remoteRoutes(remote);
  return (
    <ErrorBoundary
      key={`${remote}-${attempt}`}
      onReset={() => {
        resetRemote(remote);
        setAttempt((a) => a + 1);
      }}
    >
      <Suspense fallback={<FullPageSpinner />}>
        {/* eslint-disable-next-line react-hooks/static-components -- created once per remote, see above */}
        <Routes />
      </Suspense>
    </ErrorBoundary>
  );
}
