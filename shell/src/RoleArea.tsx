import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner, lazyPage, MSG_ADMIN_DENIED, notify, useSession } from '@portal/kit';
import { RemoteArea } from './RemoteArea';
import { ROLE_REMOTE } from './remotes';

// The refusal and not-found panels (antd Result, heavy illustrations) download only when one is shown.
const AccessDenied = lazyPage(() => import(/* webpackExports: ["AccessDenied"] */ '@portal/kit/workflows'), 'AccessDenied');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** Paths the role areas answer; anything else is a 404 page. */
const KNOWN = /^\/(dashboard|profile|leaves|grievances|groups|attendance|chat(\/.*)?|admin\/(users|mentorship|analytics|attendance|leaves|grievances|audit|edit-user\/[^/]+))\/?$/;

/** Admin pages refuse other roles before any admin code is downloaded: notice, panel, then /dashboard.
 * The panel stays as long as the notice (3 s) so the user can read why they were sent back. */
function AdminDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    notify.error(MSG_ADMIN_DENIED);
    const t = setTimeout(() => navigate('/dashboard', { replace: true }), 3000);
    return () => clearTimeout(t);
  }, [navigate]);
  return <AccessDenied />;
}

/** Routes every signed-in path to the remote that owns it, after the role checks the spec asks for. */
export function RoleArea() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <RoleView />
    </Suspense>
  );
}

function RoleView() {
  const { pathname } = useLocation();
  const { user } = useSession();
  if (!user) return null;
  if (!KNOWN.test(pathname)) return <NotFoundPage />;
  if (pathname.startsWith('/chat')) return <RemoteArea remote="mfe_chat" />;
  if (pathname.startsWith('/admin/') && user.role !== 'admin') return <AdminDenied />;
  if (pathname.startsWith('/groups') && user.role !== 'mentor') {
    return <AccessDenied message="Only mentors can manage groups" />;
  }
  if (pathname.startsWith('/attendance') && user.role === 'mentee') {
    return <AccessDenied message="Attendance view is only available for mentors (and admins)." />;
  }
  return <RemoteArea remote={ROLE_REMOTE[user.role]} />;
}
