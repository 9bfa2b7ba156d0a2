import { useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AccessDenied, FullPageSpinner, MSG_ADMIN_DENIED, notify, SocketProvider, useSession } from '@portal/kit';
import { AppLayout } from './layout/AppLayout';
import { AdminLoginPage } from './pages/AdminLoginPage';
import { CreateAdminPage } from './pages/CreateAdminPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SignupPage } from './pages/SignupPage';
import { RemoteArea } from './RemoteArea';
import { ROLE_REMOTE } from './remotes';

/** Paths the role areas answer; anything else is a 404 page. */
const KNOWN = /^\/(dashboard|profile|leaves|grievances|groups|attendance|chat(\/.*)?|admin\/(users|mentorship|analytics|attendance|leaves|grievances|audit|edit-user\/[^/]+))\/?$/;

/** Spinner while the session loads, then /login for visitors. */
function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, isAuthenticated } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Signed-in users do not see the sign-in page again. */
function GuestOnly({ children }: { children: ReactNode }) {
  const { loading, isAuthenticated } = useSession();
  if (loading) return <FullPageSpinner />;
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** Admin pages refuse other roles before any admin code is downloaded: notice, panel, then /dashboard. */
function AdminDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    notify.error(MSG_ADMIN_DENIED);
    const t = setTimeout(() => navigate('/dashboard', { replace: true }), 1500);
    return () => clearTimeout(t);
  }, [navigate]);
  return <AccessDenied />;
}

/** Routes every signed-in path to the remote that owns it, after the role checks the spec asks for. */
function RoleArea() {
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

export function App() {
  const { token, isAuthenticated } = useSession();
  return (
    <SocketProvider token={isAuthenticated ? token : null}>
      <Routes>
        <Route path="/login" element={<GuestOnly><LoginPage /></GuestOnly>} />
        <Route path="/admin/login" element={<AdminLoginPage />} />
        <Route path="/signup" element={<GuestOnly><SignupPage /></GuestOnly>} />
        <Route path="/admin/signup" element={<CreateAdminPage />} />
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="*" element={<RequireAuth><AppLayout><RoleArea /></AppLayout></RequireAuth>} />
      </Routes>
    </SocketProvider>
  );
}
