import { Suspense, useState } from 'react';
import { FullPageSpinner } from '@portal/web-core';
import { ErrorBoundary } from '@portal/ui';
import { remoteRoutes, resetRemote } from './remotes';

/** One remote's screens, contained: if it fails to load or throws, only this area shows the error panel. */
export function RemoteArea({ remote }: { remote: string }) {
  const [attempt, setAttempt] = useState(0);
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
        <Routes />
      </Suspense>
    </ErrorBoundary>
  );
}
