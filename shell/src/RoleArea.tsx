import { Suspense, use, useEffect, useState } from 'react';
import {
  FullPageSpinner,
  lazyPage,
  notify,
  useLocation,
  useNavigate,
  useSession,
  type RouteRefusal,
} from '@portal/web-core';
import { RemoteErrorPanel } from '@portal/ui';
import { RemoteArea } from './RemoteArea';
import { loadManifests, resetManifests, resolvePath } from './remotes';

// The refusal and not-found panels (antd Result, heavy illustrations) download only when one is shown.
const AccessDenied = lazyPage(() => import(/* webpackExports: ["AccessDenied"] */ '@portal/ui'), 'AccessDenied');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** A path another role owns: the refusal its manifest declares, with the notice and redirect of the admin pages.
 * The panel stays as long as the notice (3 s) so the user can read why they were sent back. */
function Refusal({ refusal }: { refusal?: RouteRefusal }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (refusal?.notice) notify.error(refusal.notice);
    if (!refusal?.redirect) return undefined;
    const t = setTimeout(() => navigate(refusal.redirect!, { replace: true }), 3000);
    return () => clearTimeout(t);
  }, [navigate, refusal]);
  return <AccessDenied title={refusal?.title} message={refusal?.message} />;
}

/** Routes every signed-in path to the remote whose manifest owns it for the user's role. */
export function RoleArea() {
  const [attempt, setAttempt] = useState(0);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <RoleView
        key={attempt}
        onRetry={() => {
          resetManifests();
          setAttempt((a) => a + 1);
        }}
      />
    </Suspense>
  );
}

function RoleView({ onRetry }: { onRetry: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const manifests = use(loadManifests());
  if (!user) return null;
  const answer = resolvePath(manifests, pathname, user.role);
  if (answer.kind === 'remote') return <RemoteArea remote={answer.remote} />;
  // A remote whose manifest did not load may own this path: offer Try Again rather than a refusal or "not found".
  if (manifests.failed.length) return <RemoteErrorPanel onRetry={onRetry} />;
  if (answer.kind === 'refused') return <Refusal refusal={answer.route.refusal ?? answer.manifest.refusal} />;
  return <NotFoundPage />;
}
