import { Suspense } from 'react';
import { FullPageSpinner, lazyPage, Route, Routes } from '@portal/kit';

// Each screen downloads on its first visit.
const ComingSoon = lazyPage(() => import(/* webpackExports: ["ComingSoon"] */ '@portal/kit/workflows'), 'ComingSoon');
const AdminDashboard = lazyPage(() => import('./dashboard/AdminDashboard'), 'AdminDashboard');
const AdminProfilePage = lazyPage(() => import('./profile/AdminProfilePage'), 'AdminProfilePage');
const AnalyticsPage = lazyPage(() => import('./analytics/AnalyticsPage'), 'AnalyticsPage');
const AuditLogPage = lazyPage(() => import('./audit/AuditLogPage'), 'AuditLogPage');
const AdminAttendanceOverviewPage = lazyPage(() => import('./attendance/AdminAttendanceOverviewPage'), 'AdminAttendanceOverviewPage');
const AdminAttendancePage = lazyPage(() => import('./attendance/AdminAttendancePage'), 'AdminAttendancePage');
const AdminGrievancesPage = lazyPage(() => import('./grievances/AdminGrievancesPage'), 'AdminGrievancesPage');
const AdminLeavesPage = lazyPage(() => import('./leaves/AdminLeavesPage'), 'AdminLeavesPage');
const MentorshipPage = lazyPage(() => import('./mentorship/MentorshipPage'), 'MentorshipPage');
const EditUserPage = lazyPage(() => import('./users/EditUserPage'), 'EditUserPage');
const UsersPage = lazyPage(() => import('./users/UsersPage'), 'UsersPage');

/** Admin screens, mounted by the shell under "/" (paths are relative). */
export default function AdminRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="dashboard" element={<AdminDashboard />} />
        <Route path="profile" element={<AdminProfilePage />} />
        <Route path="attendance" element={<AdminAttendanceOverviewPage />} />
        <Route path="admin/users" element={<UsersPage />} />
        <Route path="admin/mentorship" element={<MentorshipPage />} />
        <Route path="admin/analytics" element={<AnalyticsPage />} />
        <Route path="admin/attendance" element={<AdminAttendancePage />} />
        <Route path="admin/leaves" element={<AdminLeavesPage />} />
        <Route path="admin/grievances" element={<AdminGrievancesPage />} />
        <Route path="admin/audit" element={<AuditLogPage />} />
        <Route path="admin/edit-user/:userId" element={<EditUserPage />} />
        <Route path="*" element={<ComingSoon title="This page" />} />
      </Routes>
    </Suspense>
  );
}
