import { lazy, Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import {
  api,
  pageShown,
  FullPageSpinner,
  Navigate,
  Route,
  Routes,
  SocketProvider,
  useLiveRecords,
  useLocation,
  useSchoolTimeZoneQuery,
  useAppDispatch,
  useSession,
} from '@portal/web-core';
import type { Role } from '@portal/contracts';
import { ErrorBoundary } from '@portal/ui';
import { LoginPage } from './pages/LoginPage';
import { preloadRemoteFor } from './remotes';
import { useShellT } from './i18n';
import { autoHideScrollbars } from './scrollbars';

// Only the sign-in page is in the first download; the rest comes when it is first shown (bench/frontend-size.mjs).
const loadLayout = () => import('./layout/AppLayout');
const loadRoleArea = () => import('./RoleArea');
const AppLayout = lazy(() => loadLayout().then((m) => ({ default: m.AppLayout })));
const AdminLoginPage = lazy(() => import('./pages/AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })));
const CreateAdminPage = lazy(() => import('./pages/CreateAdminPage').then((m) => ({ default: m.CreateAdminPage })));
const RoleArea = lazy(() => loadRoleArea().then((m) => ({ default: m.RoleArea })));
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const AbsenceAnswerPage = lazy(() =>
  import('./pages/AbsenceAnswerPage').then((m) => ({ default: m.AbsenceAnswerPage })),
);
const SignupPage = lazy(() => import('./pages/SignupPage').then((m) => ({ default: m.SignupPage })));

/**
 * A signed-in page's code, all at once: the layout, the role area and the remote that serves `pathname`. Rendering
 * alone would fetch them one after the other (each is imported when the one before it renders): on a phone's network
 * that is three round trips and a second more before the dashboard (bench/page-load.mjs).
 */
export function preloadSignedIn(pathname: string, role: Role): void {
  loadLayout().catch(() => undefined);
  loadRoleArea().catch(() => undefined);
  preloadRemoteFor(pathname, role);
}

/** Spinner while the session loads, then /login for visitors. */
function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, isAuthenticated } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** The start page: a visitor goes straight to the sign-in page (which index.html may already show drawn). */
function Home() {
  const { loading, isAuthenticated } = useSession();
  if (loading) return <FullPageSpinner />;
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />;
}

/** Signed-in users do not see the sign-in page again. */
function GuestOnly({ children }: { children: ReactNode }) {
  const { loading, isAuthenticated } = useSession();
  if (loading) return <FullPageSpinner />;
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

export function App() {
  const { token, isAuthenticated, user } = useSession();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => autoHideScrollbars(), []);
  // Lists, tiles and details of leaves, grievances, follow-ups and accounts follow the server's pushes.
  useLiveRecords();
  // Every day the pages decide (today, overdue, cancellable) is the school's: its time zone, once signed in.
  useSchoolTimeZoneQuery(undefined, { skip: !isAuthenticated });
  // The build's drawing of the sign-in page (index.html) waits for it on / and /login; any other page replaces it, once
  // drawn when index.html drew the person's last screen (a returning visit to the installed portal; web-core's
  // lastScreen.ts, which keeps each page drawn for that).
  useLayoutEffect(() => {
    if (pathname !== '/' && pathname !== '/login') return pageShown();
  }, [pathname]);
  // The tab's title (index.html starts it in English) follows the language.
  const { t } = useShellT();
  const appName = t('appName');
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return (
    // A guardian has no live connection: the API refuses their handshake (nothing live is theirs yet, never chat).
    <SocketProvider
      token={isAuthenticated && user?.role !== 'guardian' ? token : null}
      // Asked afresh: an ended session answers 401, and the base query signs the page out.
      onEndedByServer={() =>
        void dispatch(api.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }))
      }
    >
      {/* A page whose code fails to download (network gone) shows the error panel instead of a blank screen. */}
      <ErrorBoundary>
        <Suspense fallback={<FullPageSpinner />}>
          <Routes>
            <Route
              path="/login"
              element={
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              }
            />
            <Route path="/admin/login" element={<AdminLoginPage />} />
            <Route
              path="/signup"
              element={
                <GuestOnly>
                  <SignupPage />
                </GuestOnly>
              }
            />
            <Route path="/admin/signup" element={<CreateAdminPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/absence-answer" element={<AbsenceAnswerPage />} />
            <Route path="/" element={<Home />} />
            <Route
              path="*"
              element={
                <RequireAuth>
                  <AppLayout>
                    <RoleArea />
                  </AppLayout>
                </RequireAuth>
              }
            />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </SocketProvider>
  );
}
