import { Alert } from 'antd';
import { Suspense, use, useEffect, useRef, useState } from 'react';
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
import { useShellT } from './i18n';
import { useManifestText } from './manifestText';
import { RemoteArea } from './RemoteArea';
import { followRegistry, loadManifests, resetManifests, resolvePath } from './remotes';

// The refusal and not-found panels (antd Result, heavy illustrations) download only when one is shown.
const AccessDenied = lazyPage(() => import(/* webpackExports: ["AccessDenied"] */ '@portal/ui'), 'AccessDenied');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** What a redirected refusal leaves in the history entry it lands on, so that page can say why. */
interface RefusedState {
  refused?: { title?: string; message: string };
}

/**
 * A path another role owns: the refusal its manifest declares. With a redirect (the admin pages) the user goes there
 * at once and the panel's text shows on the page they land on (RefusedBanner), with the notice; no dead wait.
 */
export function Refusal({ refusal }: { refusal?: RouteRefusal }) {
  const navigate = useNavigate();
  const manifestText = useManifestText();
  const notice = refusal?.notice && manifestText('refusals', refusal.notice);
  useEffect(() => {
    if (notice) notify.error(notice);
    if (!refusal?.redirect) return;
    const state: RefusedState = { refused: { title: refusal.title, message: refusal.message } };
    navigate(refusal.redirect, { replace: true, state });
  }, [navigate, refusal, notice]);
  if (refusal?.redirect) return null;
  const text = (english?: string) => english && manifestText('refusals', english);
  return <AccessDenied title={text(refusal?.title)} message={text(refusal?.message)} />;
}

/** Above the page a refusal redirected to: why the user is here rather than where they asked to go. */
export function RefusedBanner() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const { t } = useShellT();
  const manifestText = useManifestText();
  const refused = (state as RefusedState | null)?.refused;
  if (!refused) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={{
        'aria-label': t('refused.dismiss'),
        onClose: () => navigate(pathname, { replace: true, state: null }),
      }}
      title={refused.title ? manifestText('refusals', refused.title) : t('refused.title')}
      description={manifestText('refusals', refused.message)}
      style={{ marginBottom: 16 }}
    />
  );
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

/** At each navigation after the first (which has just read the registry), a remote switched since is followed. */
function useFollowRegistry(remote: string | null) {
  const { pathname, search, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (remote) void followRegistry(remote, pathname + search + hash);
    // Once per navigation: the path, not the query or the remote it resolves to, marks one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

function RoleView({ onRetry }: { onRetry: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const manifests = use(loadManifests());
  const answer = user ? resolvePath(manifests, pathname, user.role) : null;
  useFollowRegistry(answer?.kind === 'remote' ? answer.remote : null);
  if (!user || !answer) return null;
  if (answer.kind === 'remote')
    return (
      <>
        <RefusedBanner />
        <RemoteArea remote={answer.remote} />
      </>
    );
  // A remote whose manifest did not load may own this path: offer Try Again rather than a refusal or "not found".
  if (manifests.failed.length) return <RemoteErrorPanel onRetry={onRetry} />;
  if (answer.kind === 'refused') return <Refusal refusal={answer.route.refusal ?? answer.manifest.refusal} />;
  return <NotFoundPage />;
}
