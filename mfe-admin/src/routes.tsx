import { Route, Routes } from '@portal/kit';
import { ComingSoon } from '@portal/kit/workflows';
import { AdminDashboard } from './dashboard/AdminDashboard';
import { AdminProfilePage } from './profile/AdminProfilePage';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { AuditLogPage } from './audit/AuditLogPage';
import { AdminAttendanceOverviewPage } from './attendance/AdminAttendanceOverviewPage';
import { AdminAttendancePage } from './attendance/AdminAttendancePage';
import { AdminGrievancesPage } from './grievances/AdminGrievancesPage';
import { AdminLeavesPage } from './leaves/AdminLeavesPage';
import { MentorshipPage } from './mentorship/MentorshipPage';
import { EditUserPage } from './users/EditUserPage';
import { UsersPage } from './users/UsersPage';

/** Admin screens, mounted by the shell under "/" (paths are relative). */
export default function AdminRoutes() {
  return (
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
  );
}
