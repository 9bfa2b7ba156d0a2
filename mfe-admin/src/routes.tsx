import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from '@portal/kit';
import { AdminDashboard } from './dashboard/AdminDashboard';
import { AdminProfilePage } from './profile/AdminProfilePage';

/** Admin screens, mounted by the shell under "/" (paths are relative). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<AdminDashboard />} />
      <Route path="profile" element={<AdminProfilePage />} />
      <Route path="attendance" element={<ComingSoon title="Attendance Overview" />} />
      <Route path="admin/users" element={<ComingSoon title="User Management" />} />
      <Route path="admin/mentorship" element={<ComingSoon title="Mentor & Mentee Management" />} />
      <Route path="admin/analytics" element={<ComingSoon title="Analytics" />} />
      <Route path="admin/attendance" element={<ComingSoon title="Attendance Management" />} />
      <Route path="admin/leaves" element={<ComingSoon title="Leave Management" />} />
      <Route path="admin/grievances" element={<ComingSoon title="Grievance Management" />} />
      <Route path="admin/audit" element={<ComingSoon title="Audit Log" />} />
      <Route path="admin/edit-user/:userId" element={<ComingSoon title="Edit User" />} />
      <Route path="*" element={<ComingSoon title="This page" />} />
    </Routes>
  );
}
